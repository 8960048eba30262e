// Preloaded with NODE_OPTIONS=--import by the production-build test: records every module the server
// loads (ES modules through a resolve hook, CommonJS through require.cache) into MODULE_TRACE_FILE.
import fs from "node:fs";
import { createRequire, register } from "node:module";
import { isMainThread } from "node:worker_threads";

const out = process.env.MODULE_TRACE_FILE;
// NODE_OPTIONS preloads also run in the loader-hooks thread, which serves no requests: skip it.
if (out && isMainThread) {
  register("./module-trace-hooks.mjs", import.meta.url, { data: { out } });
  const require = createRequire(import.meta.url);
  // Importing a CommonJS file from ESM pre-parses both branches of `module.exports = require(...)`
  // (react's index.js names its development and production builds) into require.cache without running
  // them; only the modules that actually ran (loaded) count.
  const ran = () =>
    Object.values(require.cache)
      .filter((m) => m?.loaded)
      .map((m) => m.filename);
  process.on("exit", () => fs.appendFileSync(out, `${ran().join("\n")}\n`));
}

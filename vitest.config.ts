import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "db/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/unit/**/*.test.ts",
      "tests/security/**/*.test.ts",
    ],
    globalSetup: ["./tests/setup/global-db.ts"],
    setupFiles: ["./tests/setup/per-file-db.ts"],
    pool: "forks",
    env: { NODE_ENV: "test" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

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
    // Most files wait on PostgreSQL, not the CPU: three at once on two cores halves the wall time.
    maxWorkers: 3,
    env: { NODE_ENV: "test" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

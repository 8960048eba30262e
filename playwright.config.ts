import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? ".data-e2e";

// Debian's Chromium: this machine cannot download Playwright's own browser builds.
export default defineConfig({
  testDir: "tests/e2e",
  // Separate artifacts per port, so concurrent runs on one machine don't delete each other's traces.
  outputDir: PORT === 3100 ? "test-results" : `test-results-${PORT}`,
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A journey signs people up (scrypt password hashing) and loads several pages: on a busy two-core CI
  // machine 30 s was measured too short for tests that take 8 s on a quiet one. Waits stay on states.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    // The compiled server, as `npm start` runs it; BUILD_DIR passes through from the environment: the
    // server serves the build `npm run build` made.
    command: `rm -rf ${E2E_DATA_DIR} ${E2E_DATA_DIR}-backups && node ${process.env.BUILD_DIR ?? "build"}/server.js`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      ORIGIN: `http://localhost:${PORT}`,
      LOG_LEVEL: "warn",
      ADMIN_EMAILS: "admin@e2e.stagebook.test",
      SUPPORT_EMAIL: "help@stagebook.test",
      SUPPORT_PHONE: "+234 700 000 1111",
    },
  },
});

import { defineConfig } from "@playwright/test";

// One port per run, chosen once here and inherited by the test workers, so parallel runs do not collide.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
// localhost, not 127.0.0.1: WebAuthn refuses an IP address as relying party, and the relying party is APP_URL's
// host (DESIGN §11), which e2e/start-server.ts sets to this same origin.
const baseURL = `http://localhost:${process.env.E2E_PORT}`;

/**
 * Browser tests on Debian's Chromium (the test tool cannot download its own browser here) against the
 * built app, served by the real server on a fresh embedded database (e2e/start-server.ts).
 */
export default defineConfig({
  testDir: "e2e",
  // Per run, because each run empties its output folder first.
  outputDir: `test-results/run-${process.env.E2E_PORT}`,
  workers: 1,
  retries: 0,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? "line" : "list",
  use: {
    baseURL,
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "America/Chicago",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    },
  },
  webServer: {
    command: "node_modules/.bin/tsx e2e/start-server.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});

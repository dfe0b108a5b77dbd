import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/e2e/browser";
import { E2E_PORT, E2E_WORKERS, e2ePorts } from "./tests/e2e/database-url";
import { e2eServerEnv } from "./tests/e2e/server-env";

// End-to-end tests drive Debian's Chromium against the real built server (npm run build first;
// `npm run test:e2e` does both) on a fresh SQLite database seeded with the demo data. Each of the
// E2E_WORKERS workers has a server and database of its own (tests/e2e/database-url.ts): this file
// is read again in every worker, where E2E_PORT is that worker's server.
const baseURL = `http://localhost:${E2E_PORT}`;

/**
 * Specs that check what the browser shows and how — layout at 360 px, accessibility, the camera,
 * HTTP headers, a gov.br that does not answer — and nothing the database keeps differently. CI runs
 * them on SQLite (the README's `npm test`) and, with E2E_SKIP_SCREEN_ONLY=1, leaves them out of
 * its PostgreSQL pass, which keeps every journey (.ci/run; CI stays within 45 minutes).
 */
const SCREEN_ONLY = [
  "phone-shell",
  "phone-tables",
  "phone-passenger",
  "phone-field",
  "phone-documents",
  "govbr-down",
  "verification-page",
  "security-headers",
  "form-errors",
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: "tests/e2e",
  testIgnore: process.env.E2E_SKIP_SCREEN_ONLY === "1" ? SCREEN_ONLY : [],
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    locale: "pt-BR",
    // A trace is recorded for every test to keep the failing ones' (retain-on-failure), and the
    // recording (a screencast of each action) cost a quarter of the e2e's CPU, measured on
    // journeys.spec.ts in Dec 2026: Chromium 80 → 56 s, the runner 25 → 17 s. CI's clone is thrown
    // away with its traces, so CI records none; a developer's run keeps the failing ones'.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: e2ePorts().map((port) => ({
    command: "npx tsx tests/e2e/prepare-database.ts && node server.js",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    // Preparing the database seeds the demo through the models (~30 s on an idle 2-core machine).
    timeout: 240_000,
    env: e2eServerEnv(port),
  })),
});

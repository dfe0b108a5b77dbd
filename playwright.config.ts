import { defineConfig, devices } from "@playwright/test";
import { E2E_DATA_DIR, E2E_PORT, e2eDatabaseUrl } from "./tests/e2e/database-url";

// End-to-end tests drive Debian's Chromium against the real built server (npm run build first;
// `npm run test:e2e` does both) on a fresh SQLite database seeded with the demo data.
const PORT = E2E_PORT;
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  forbidOnly: true,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    locale: "pt-BR",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "npx tsx tests/e2e/prepare-database.ts && node server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // Preparing the database seeds the demo through the models (~30 s on an idle 2-core machine).
    timeout: 240_000,
    env: {
      PORT: String(PORT),
      NODE_ENV: "production",
      DEMO_MODE: "1",
      DATABASE_URL: e2eDatabaseUrl(),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_BASE_URL: baseURL,
      LOGIN_MAX_ATTEMPTS_IP: "1000",
    },
  },
});

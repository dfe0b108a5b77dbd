import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { TEST_WORKERS, testDatabaseUrl } from "./tests/setup/test-database";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/security/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/setup/global-db.ts"],
    setupFiles: ["tests/setup/worker-database.ts"],
    env: {
      DATABASE_URL: testDatabaseUrl(),
      NODE_ENV: "test",
      JOBS_DISABLED: "1",
      DATA_DIR: `./tmp/test-data-${process.env.TEST_RUN_ID}`,
      PUBLIC_BASE_URL: "http://localhost:3000",
    },
    // Files run in TEST_WORKERS workers at once, each worker on its own copy of the database
    // and its own data folder (tests/setup/worker-database.ts); a worker runs its files one
    // after another. Files that share a resource of the machine's take a lock
    // (tests/support/exclusive.ts).
    maxWorkers: TEST_WORKERS,
    testTimeout: 30_000,
  },
});

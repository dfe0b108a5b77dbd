import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { testDatabaseUrl } from "./tests/setup/test-database";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/security/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/setup/global-db.ts"],
    env: {
      DATABASE_URL: testDatabaseUrl(),
      NODE_ENV: "test",
      JOBS_DISABLED: "1",
      DATA_DIR: `./tmp/test-data-${process.env.TEST_RUN_ID}`,
      PUBLIC_BASE_URL: "http://localhost:3000",
    },
    // Database-backed files share one database; running files one after another keeps
    // SQLite free of lock contention and the audit-chain tests deterministic.
    fileParallelism: false,
    testTimeout: 30_000,
  },
});

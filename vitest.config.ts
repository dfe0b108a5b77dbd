import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { OWN_PROCESS } from "./tests/setup/own-process";
import { TEST_WORKERS, testDatabaseUrl } from "./tests/setup/test-database";

const INCLUDE = ["tests/unit/**/*.test.ts", "tests/security/**/*.test.ts"];

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
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
    // Most files share their worker's modules with the files before them (isolate: false): a
    // fresh module graph per file was 40 % of the suite's time. The files that change what a
    // module holds for the whole process (mocks, the environment, fake clocks, spies) run each
    // in a fresh one: tests/setup/own-process.ts lists them, and why.
    projects: [
      { extends: true, test: { name: "own-process", include: OWN_PROCESS } },
      {
        extends: true,
        test: { name: "shared", include: [...INCLUDE, ...OWN_PROCESS.map((f) => `!${f}`)], isolate: false },
      },
    ],
  },
});

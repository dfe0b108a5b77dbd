import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // Database-backed tests share one database file per worker; see tests/setup/db.ts.
    pool: "forks",
    testTimeout: 20_000,
  },
});

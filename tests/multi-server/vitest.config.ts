// `npm run test:multi-server`: the reference deployment (deploy/) on loopback, and the server's
// shutdown, against the built server (npm run build first). Separate from the unit suite: these
// tests start real processes, nginx, PostgreSQL databases and Redis keys of their own.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) },
  },
  test: {
    include: ["tests/multi-server/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});

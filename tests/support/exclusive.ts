// For the few test files that use one resource of the machine's (its Redis, whose pub/sub
// channels no database number separates): while one of them runs, another waits, though test
// files otherwise run in two workers at once. The lock is a PostgreSQL advisory lock on the
// server's "postgres" database, so a test process that dies releases it.
import pg from "pg";
import { afterAll, beforeAll } from "vitest";

const ADMIN = process.env.TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** Call first in the file: its beforeAll then runs before the file's others, its afterAll last. */
export function exclusively(resource: string) {
  let client: pg.Client | undefined;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: ADMIN, application_name: `credencia-tests:${resource}` });
    await client.connect();
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [`credencia-tests:${resource}`]);
  }, 600_000);
  afterAll(async () => {
    await client?.end();
  });
}

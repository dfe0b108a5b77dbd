// What the verification log's foreign key costs a batch on PostgreSQL (bench/README.md, "Session 9").
// Two copies of the VerificationLog table, with and without the foreign key to Credential, take
// the portal's batch INSERT (20 rows, `unnest`, a named prepared statement, as
// app/models/verification-sql.server.ts writes it) in turns, 3,000 batches each, on one
// connection; it prints each table's batch time (p50, p90, p99, mean). A scratch database
// (credencia_bench_log) is created and dropped.
//
//   node bench/log-insert.mjs [postgresql://postgres@127.0.0.1:5432/postgres] [batches]
import { randomUUID } from "node:crypto";
import pg from "pg";

const adminUrl = process.argv[2] ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const batches = Number(process.argv[3] ?? 3000);
const ROWS = 20;
const DB = "credencia_bench_log";

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB}`);
const url = new URL(adminUrl);
url.pathname = `/${DB}`;
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();

// The columns and indexes of prisma/postgres/migrations' VerificationLog; the FK as Prisma writes it.
const fk = `REFERENCES "Credential"("id") ON DELETE RESTRICT ON UPDATE CASCADE`;
await client.query(`CREATE TABLE "Credential" ("id" TEXT PRIMARY KEY)`);
for (const [name, reference] of [
  ["with_fk", fk],
  ["without_fk", ""],
]) {
  await client.query(`CREATE TABLE "${name}" ("id" TEXT PRIMARY KEY, "credentialId" TEXT NOT NULL ${reference},
    "channel" TEXT NOT NULL, "verdict" TEXT NOT NULL, "client" TEXT, "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP)`);
  await client.query(`CREATE INDEX ON "${name}" ("credentialId", "at")`);
}
const credentials = Array.from({ length: 200 }, () => randomUUID());
await client.query(`INSERT INTO "Credential" SELECT unnest($1::text[])`, [credentials]);

const times = { with_fk: [], without_fk: [] };
for (let i = 0; i < batches; i++) {
  // Alternating which goes first, so that neither always follows the other's work.
  for (const name of i % 2 ? ["with_fk", "without_fk"] : ["without_fk", "with_fk"]) {
    const ids = Array.from({ length: ROWS }, (_, k) => credentials[(i * ROWS + k) % credentials.length]);
    const start = process.hrtime.bigint();
    await client.query({
      name: `insert_${name}`,
      text: `INSERT INTO "${name}" SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamp(3)[])`,
      values: [
        ids.map(() => randomUUID()),
        ids,
        ids.map(() => "QR"),
        ids.map(() => "VALID"),
        ids.map(() => "celular/Chrome"),
        ids.map(() => new Date().toISOString()),
      ],
    });
    times[name].push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}
await client.end();
await admin.query(`DROP DATABASE ${DB} WITH (FORCE)`);
await admin.end();

const at = (xs, p) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
console.log(`${batches} batches of ${ROWS} rows each, ms per batch:`);
for (const [name, xs] of Object.entries(times)) {
  const sorted = [...xs].sort((a, b) => a - b);
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(
    `  ${name.padEnd(11)} p50 ${at(sorted, 0.5).toFixed(2)}  p90 ${at(sorted, 0.9).toFixed(2)}  p99 ${at(sorted, 0.99).toFixed(2)}  mean ${mean.toFixed(2)}`,
  );
}

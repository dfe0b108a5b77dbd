// Issue #31, ADR 063: the staff searches use their indexes on a city-sized table. A municipality
// of 20,000 credentials (and as many people and applications) is written in bulk, analysed, and
// each search the portal runs — the credential search and the review queue's, for a CPF, a
// serial, a number, a plate, a piece of a number, a name — is captured as Prisma sends it and
// EXPLAINed with its parameters: it must read its index, never every row of the municipality.
// A search that goes back to an OR over every column (the plan at 100 k was a Parallel Seq Scan,
// ~500 ms) fails here. The review queue's plate search is the one known exception: before the
// vistoria the plate is only in the wizard's draft (JSON), read row by row (bench/README.md).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cpfWithCheckDigits } from "~/domain/br";
import { isPostgres } from "~/utils/env.server";
import { createMunicipality, createUser } from "../../support/factories";

/** Every statement Prisma sends, with its parameters (the client below logs them as events). */
const sent = vi.hoisted(() => [] as Array<{ query: string; params: unknown[] }>);
vi.mock("~/utils/db.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/utils/db.server")>();
  if (!/^postgres/.test(process.env.DATABASE_URL ?? "")) return real;
  const { createRequire } = await import("node:module");
  const require = createRequire(import.meta.url);
  const { PrismaClient } = require("../../../prisma/generated/postgres/index.js");
  const { PrismaPg } = require("@prisma/adapter-pg");
  const client = new PrismaClient({
    adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL, max: 2 }),
    log: [{ emit: "event", level: "query" }],
  });
  client.$on("query", (e: { query: string; params: string }) =>
    sent.push({ query: e.query, params: JSON.parse(e.params) }),
  );
  return { ...real, db: client };
});

const { db } = await import("~/utils/db.server");
const { searchCredentials } = await import("~/models/reports.server");
const { reviewQueue, parseQueueFilters } = await import("~/models/review-queue.server");

const ROWS = 20_000;
/** Person 1's middle name: md5("1") with its digits as letters (c4ca4238a0b9… → ckcakijoagbp…). */
const NAME = "ckcakijoagbp";
/** Person 1234's CPF, a valid one (the others are 11 digits that are not). */
const cpf = () => cpfWithCheckDigits("987654321");
let sql: pg.Client;
let m: { id: string; serialPrefix: string };
let analystId: string;

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/**
 * How many rows of each of `tables` the statements a search sent read (EXPLAIN ANALYZE: the rows a
 * scan returned plus those its filter or recheck threw away, times its loops).
 */
async function rowsRead(search: () => Promise<unknown>, tables: string[]) {
  sent.length = 0;
  await search();
  const statements = sent.filter((s) => /^SELECT/i.test(s.query.trim()));
  const read: Record<string, number> = Object.fromEntries(tables.map((t) => [t, 0]));
  const plans: string[] = [];
  const walk = (node: PlanNode) => {
    const table = node["Relation Name"] as string | undefined;
    if (table && table in read) {
      const rows = ["Actual Rows", "Rows Removed by Filter", "Rows Removed by Index Recheck"];
      read[table] += rows.reduce((sum, k) => sum + Number(node[k] ?? 0), 0) * Number(node["Actual Loops"] ?? 1);
    }
    node.Plans?.forEach(walk);
  };
  // On a table this small a Seq Scan can be the cheaper plan, and PostgreSQL rightly takes it; what
  // must hold at any size is that an index CAN answer. With seq scans priced out, a plan still reads
  // every row where no index path exists — as for an OR across tables.
  await sql.query("SET enable_seqscan = off");
  await sql.query("SET jit = off");
  for (const { query, params } of statements) {
    const { rows } = await sql.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${query}`, params as unknown[]);
    const plan = rows[0]["QUERY PLAN"][0].Plan as PlanNode;
    walk(plan);
    plans.push(JSON.stringify(plan));
  }
  return { statements: statements.length, read, plans: plans.join("\n") };
}

/** A search reads less than a tenth of any table it touches (each table holds ROWS rows or more). */
const FEW = ROWS / 10;

// Skipped on SQLite, with reason: these are PostgreSQL's plans and indexes (SQLite serves small towns).
describe.skipIf(!isPostgres())("staff searches on a city-sized municipality (PostgreSQL's plans)", () => {
  beforeAll(async () => {
    sql = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await sql.connect();
    m = await createMunicipality();
    analystId = (await createUser()).id;
    // People, their applications and crachás, written by the database itself (minutes through the models).
    await sql.query(
      `INSERT INTO "User" (id, cpf, email, name, "updatedAt")
       SELECT 'plan-u-' || i, lpad((90000000000 + i)::text, 11, '0'), 'plan-' || i || '@exemplo.gov.br',
              'Pessoa ' || i, now()
       FROM generate_series(1, $1) i`,
      [ROWS],
    );
    await sql.query(
      `INSERT INTO "Person" (id, "userId", "fullName", cpf, "updatedAt")
       SELECT 'plan-p-' || i, 'plan-u-' || i,
              (ARRAY['Ana','Bruno','Carla','Diego','Elisa'])[1 + i % 5] || ' ' || translate(md5(i::text), '0123456789', 'ghijklmnop') || ' Souza',
              lpad((90000000000 + i)::text, 11, '0'), now()
       FROM generate_series(1, $1) i`,
      [ROWS],
    );
    await sql.query(
      `INSERT INTO "Application" (id, number, "municipalityId", "personId", category, mode, status,
              "packId", "packVersion", "submittedAt", "updatedAt")
       SELECT 'plan-a-' || i, 'REQ-' || $2 || '-2026-' || lpad(i::text, 6, '0'), $3, 'plan-p-' || i,
              'MOTOBOY', 'AUTONOMO', (ARRAY['SUBMITTED','IN_REVIEW','ISSUED','ISSUED','ISSUED'])[1 + i % 5],
              'teste', '1', now() - (i || ' minutes')::interval, now()
       FROM generate_series(1, $1) i`,
      [ROWS, m.serialPrefix, m.id],
    );
    await sql.query(
      `INSERT INTO "Credential" (id, serial, "municipalityId", type, category, "holderDisplayName",
              "holderPersonId", "applicationId", plate, "validFrom", "validUntil", status, kid, token,
              "renderDataJson", "issuedAt")
       SELECT 'plan-c-' || i, $2 || '-MB-2026-' || lpad(i::text, 6, '0'), $3, 'CRACHA', 'MOTOBOY',
              p."fullName", p.id, 'plan-a-' || i,
              'Q' || chr(65 + i % 26) || chr(65 + (i / 26) % 26) || (i % 10) || chr(65 + i % 7) || lpad((i % 100)::text, 2, '0'),
              '2026-01-01', '2027-01-01', 'ACTIVE', 'k', 't', '{}', now() - (i || ' minutes')::interval
       FROM generate_series(1, $1) i JOIN "Person" p ON p.id = 'plan-p-' || i`,
      [ROWS, m.serialPrefix, m.id],
    );
    await sql.query(`UPDATE "Person" SET cpf = $1 WHERE id = 'plan-p-1234'`, [cpf()]);
    await sql.query(`ANALYZE "User", "Person", "Application", "Credential"`);
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await db.$disconnect();
  });

  it.each([
    ["a CPF", () => cpf(), ["Credential", "Person"]],
    ["a serial", () => `${m.serialPrefix}-MB-2026-001234`, ["Credential"]],
    ["an application number", () => `REQ-${m.serialPrefix}-2026-001234`, ["Credential", "Application"]],
    ["a plate begun", () => "QAB1", ["Credential"]],
    ["a piece of a serial", () => "-MB-2026-0012", ["Credential"]],
    ["a name", () => NAME, ["Credential"]],
    ["a piece of a CPF", () => "0001234", ["Credential", "Person"]],
  ])("credential search by %s reads through an index, not every credential", async (_kind, typed, tables) => {
    const { statements, read, plans } = await rowsRead(() => searchCredentials(m.id, { q: typed() }), tables);
    expect(statements).toBeGreaterThan(0);
    for (const table of tables) expect(read[table], `${table}\n${plans}`).toBeLessThan(FEW);
  });

  it.each([
    ["a CPF", () => cpf(), ["Application", "Person"]],
    ["an application number", () => `REQ-${m.serialPrefix}-2026-001234`, ["Application"]],
    ["a serial", () => `${m.serialPrefix}-MB-2026-001234`, ["Application", "Credential"]],
    ["a name", () => NAME, ["Application", "Person"]],
    ["a piece of a CPF", () => "0001234", ["Application", "Person"]],
    ["a piece of a number or serial", () => "-2026-0012", ["Application", "Credential"]],
  ])("review queue search by %s reads through an index, not every application", async (_kind, typed, tables) => {
    const filters = { ...parseQueueFilters(new URLSearchParams()), q: typed() };
    const { statements, read, plans } = await rowsRead(() => reviewQueue(m.id, filters, { userId: analystId }), tables);
    expect(statements).toBeGreaterThan(0);
    for (const table of tables) expect(read[table], `${table}\n${plans}`).toBeLessThan(FEW);
  });

  it("finds what it was asked for (the plans above are of searches that work)", async () => {
    expect((await searchCredentials(m.id, { q: cpf() })).rows.map((r) => r.serial)).toEqual([
      `${m.serialPrefix}-MB-2026-001234`,
    ]);
    expect((await searchCredentials(m.id, { q: NAME })).total).toBe(1);
    expect((await searchCredentials(m.id, { q: "-MB-2026-0012" })).total).toBe(100);
  });
});

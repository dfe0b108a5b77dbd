/**
 * What each operation costs in a city made by bench/seed-city.ts (issue #31): run at several
 * sizes, the same operations through the portal's own models on the same PostgreSQL, and compare.
 * Every timed call takes a different input (a token, serial or CPF not asked before in the run),
 * so no memory of the portal flatters the figure; the database's own cache is warm (a running
 * city's is).
 *
 *   npm run bench:seed -- --drivers 100000 --database credencia_city
 *   npx tsx bench/city-costs.ts --database credencia_city [--samples 300]
 *
 * Figures in bench/README.md ("Cost against the size of the city").
 */
import path from "node:path";
import { arg, cityDatabaseArg } from "./args";
import { median } from "./stats";

// It runs the daily routine, which changes rows: only on a city bench/seed-city.ts made.
const DB_NAME = cityDatabaseArg("credencia_city");
const SAMPLES = Number(arg("samples", "300"));
const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.env.DATABASE_URL = PG_ADMIN.replace(/\/[^/]*$/, `/${DB_NAME}`);
process.env.DATA_DIR ??= path.join(root, "tmp", `bench-${DB_NAME}`);
process.env.JOBS_DISABLED = "1";

const { db } = await import("../app/utils/db.server");
const { verifyCredentialToken, verifyCredentialSerial } = await import("../app/models/verification.server");
const { reviewQueue, parseQueueFilters } = await import("../app/models/review-queue.server");
const { statusListFor, forgetStatusList } = await import("../app/models/credentials/status-list.server");
const { runDailyJobs } = await import("../app/models/daily-jobs.server");
const { verifyAuditChain } = await import("../app/utils/audit.server");
const { walletOf } = await import("../app/http/wallet-view.server");
const { credentialsOfUser } = await import("../app/models/credentials/read.server");
const { verificationSummary } = await import("../app/models/verification-log.server");
const reports = await import("../app/models/reports.server");
const { civilDate } = await import("../app/domain/time");

type Row = { op: string; inputs: number; median: number; p90: number; note: string };
const rows: Row[] = [];

async function timed(op: string, inputs: unknown[], run: (x: never) => Promise<unknown>, note = "") {
  const ms: number[] = [];
  for (const x of inputs) {
    const t0 = process.hrtime.bigint();
    await run(x as never);
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const sorted = [...ms].sort((a, b) => a - b);
  const row = {
    op,
    inputs: inputs.length,
    median: median(ms),
    p90: sorted[Math.floor(sorted.length * 0.9)] ?? NaN,
    note,
  };
  rows.push(row);
  console.log(
    `${op.padEnd(44)} ${row.median.toFixed(2).padStart(9)} ms  p90 ${row.p90.toFixed(2).padStart(9)} ms  (${inputs.length})`,
  );
}

async function main() {
  const sp = await db.municipality.findUniqueOrThrow({ where: { ibgeCode: "3550308" } });
  const size = {
    drivers: await db.person.count({ where: { city: "São Paulo" } }),
    credentials: await db.credential.count({ where: { municipalityId: sp.id } }),
    documents: await db.document.count(),
    scans: await db.verificationLog.count(),
    audit: await db.auditEvent.count(),
  };
  console.log(`${DB_NAME}: ${JSON.stringify(size)}`);
  // Spread samples over the whole table (not the first rows only): every n-th by serial.
  const total = size.credentials;
  const step = Math.max(1, Math.floor(total / (SAMPLES * 3)));
  const sample = await db.$queryRawUnsafe<
    Array<{ id: string; serial: string; token: string; plate: string; personId: string; userId: string; cpf: string }>
  >(
    `SELECT c.id, c.serial, c.token, c.plate, p.id AS "personId", p."userId", p.cpf FROM (
       SELECT *, row_number() OVER (ORDER BY serial) AS n FROM "Credential" WHERE "municipalityId" = $1
     ) c JOIN "Person" p ON p.id = c."holderPersonId" WHERE c.n % $2 = 0 LIMIT $3`,
    sp.id,
    step,
    SAMPLES * 3,
  );
  const third = Math.floor(sample.length / 3);
  const [a, b, c] = [sample.slice(0, third), sample.slice(third, 2 * third), sample.slice(2 * third)];
  const now = new Date();
  await timed("verify a QR token (JSON verdict)", a, (x: (typeof a)[number]) =>
    verifyCredentialToken(x.token, { now, channel: "QR", withPhoto: true }),
  );
  await timed("status by typed serial", b, (x: (typeof b)[number]) =>
    verifyCredentialSerial(x.serial, { now, channel: "CODIGO" }),
  );
  await timed("driver's credential page (walletOf)", c, (x: (typeof c)[number]) => walletOf(x.id, x.userId, now));
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  await timed('driver\'s "Minhas credenciais" (credentialsOfUser)', b, (x: (typeof b)[number]) =>
    credentialsOfUser(x.userId, weekAgo),
  );
  await timed('driver\'s "quem verificou" (verificationSummary)', a, (x: (typeof a)[number]) =>
    verificationSummary(x.personId, weekAgo),
  );
  const staff = await db.user.findFirstOrThrow({ where: { email: { startsWith: "analista.itauna" } } });
  await timed(
    "review queue, first page (waiting, oldest first)",
    Array.from({ length: 20 }, (_, i) => i),
    () => reviewQueue(sp.id, parseQueueFilters(new URLSearchParams()), { userId: staff.id, now }),
  );
  await timed("review queue, search by CPF", a.slice(0, 50), (x: (typeof a)[number]) =>
    reviewQueue(sp.id, parseQueueFilters(new URLSearchParams({ q: x.cpf })), { userId: staff.id, now }),
  );
  await timed("review queue, search by a name", ["Silva", "Souza", "Vera", "Hugo Lima"], (q: string) =>
    reviewQueue(sp.id, parseQueueFilters(new URLSearchParams({ q })), { userId: staff.id, now }),
  );
  await timed("credential search, by plate", b.slice(0, 50), (x: (typeof b)[number]) =>
    reports.searchCredentials(sp.id, { q: x.plate }),
  );
  await timed("credential search, by serial", c.slice(0, 50), (x: (typeof c)[number]) =>
    reports.searchCredentials(sp.id, { q: x.serial }),
  );
  await timed("credential search, by a name", ["Silva", "Souza", "Vera", "Hugo Lima"], (q: string) =>
    reports.searchCredentials(sp.id, { q }),
  );
  await timed("gestor: credentials by category and status", [1, 2, 3], () =>
    reports.credentialsByCategoryAndStatus(sp.id),
  );
  await timed("gestor: applications by status", [1, 2, 3], () => reports.applicationsByStatus(sp.id, now));
  await timed("gestor: expiring in 60 days", [1, 2, 3], () =>
    reports.expiringCredentials(sp.id, civilDate(now, sp.timeZone)),
  );
  await timed("status list, signed afresh", [1, 2, 3, 4, 5], async () => {
    forgetStatusList(sp.ibgeCode, "peer");
    return statusListFor(sp.ibgeCode, now);
  });
  await timed("daily routine, first run (the day's work)", [1], () => runDailyJobs(now));
  await timed("daily routine, again (nothing due)", [1, 2], () => runDailyJobs(now));
  await timed("audit chain, verified whole", [1], () => verifyAuditChain());
  console.log("\n| operation | inputs | median ms | p90 ms |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const r of rows) console.log(`| ${r.op} | ${r.inputs} | ${r.median.toFixed(2)} | ${r.p90.toFixed(2)} |`);
  await db.$disconnect();
  process.exit(0);
}

await main();

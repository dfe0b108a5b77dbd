/**
 * The analysts' review queue on a big municipality: 10,000 applications (plus 2,000 of another
 * municipality, 4,000 issued credentials) in a fresh SQLite database, then the queue query
 * (app/models/review-queue.server.ts → reviewQueue: the page, the total and the counts per
 * status) timed under each filter, in-process — the server time of the query, without HTTP.
 *
 *   npx tsx bench/review-queue.ts [--runs 30] [--n 10000]
 *
 * Prints median and p95 per case. Figures and how to read them: bench/README.md.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { cpus } from "node:os";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg("runs", 30);
const N = arg("n", 10_000);

const file = "tmp/bench-review-queue.db";
mkdirSync("tmp", { recursive: true });
for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${s}`, { force: true });
process.env.DATABASE_URL = `file:./${file}`;
process.env.DATA_DIR = "./tmp/bench-data";
process.env.JOBS_DISABLED = "1";
execFileSync("npx", ["prisma", "migrate", "deploy"], { stdio: "pipe", env: process.env });

const { db } = await import("../app/utils/db.server");
const { reviewQueue, parseQueueFilters } = await import("../app/models/review-queue.server");

// ---- seed ----------------------------------------------------------------------------------------

const STATUSES: [string, number][] = [
  ["ISSUED", 0.4],
  ["REJECTED", 0.08],
  ["WITHDRAWN", 0.04],
  ["DRAFT", 0.05],
  ["SUBMITTED", 0.15],
  ["RESUBMITTED", 0.05],
  ["IN_REVIEW", 0.13],
  ["CHANGES_REQUESTED", 0.1],
];
const CATEGORIES = ["MOTOTAXI", "MOTOBOY", "MOTOFRETE"];
const FIRST = [
  "Ana",
  "Bruno",
  "Carla",
  "Diego",
  "Elaine",
  "Fábio",
  "Gisele",
  "Hugo",
  "Íris",
  "João",
  "Karla",
  "Luís",
  "Marta",
  "Nélson",
  "Olga",
  "Paulo",
  "Rita",
  "Sérgio",
  "Tânia",
  "Vítor",
];
const LAST = [
  "Silva",
  "Souza",
  "Oliveira",
  "Santos",
  "Pereira",
  "Lima",
  "Carvalho",
  "Ferreira",
  "Rodrigues",
  "Almeida",
  "Costa",
  "Gomes",
  "Martins",
  "Araújo",
  "Barbosa",
];

let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
const statusAt = () => {
  let r = rand();
  for (const [s, p] of STATUSES) if ((r -= p) < 0) return s;
  return "ISSUED";
};
const L = () => String.fromCharCode(65 + Math.floor(rand() * 26));
const plateOf = (i: number) => `${L()}${L()}${L()}${i % 10}${L()}${String(i % 100).padStart(2, "0")}`;
const cpfOf = (i: number) => String(10_000_000_000 + i);

async function seedMunicipality(slug: string, prefix: string, count: number, offset: number) {
  const m = await db.municipality.create({
    data: {
      ibgeCode: String(3100000 + offset),
      name: slug,
      uf: "MG",
      slug,
      population: 90000,
      fiscalUnitName: "UFM",
      rulePackId: "patrocinio-mg",
      serialPrefix: prefix,
    },
  });
  const analysts: { id: string }[] = [];
  for (let a = 0; a < 5; a++) {
    analysts.push(
      await db.user.create({
        data: {
          cpf: cpfOf(offset * 1_000_000 + 900_000 + a),
          email: `analista${a}.${slug}@bench`,
          name: `Analista ${a}`,
        },
      }),
    );
  }
  const now = Date.now();
  const issued: { appId: string; i: number; personId: string; plate: string; category: string }[] = [];
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, k) => start + k);
    const users = batch.map((i) => ({
      id: `u${offset}x${i}`,
      cpf: cpfOf(offset * 1_000_000 + i),
      email: `c${i}.${slug}@bench`,
      name: `${pick(FIRST)} ${pick(LAST)} ${pick(LAST)}`,
    }));
    await db.$transaction(async (tx) => {
      await tx.user.createMany({ data: users });
      await tx.person.createMany({
        data: users.map((u) => ({ id: `p${u.id}`, userId: u.id, fullName: u.name, cpf: u.cpf })),
      });
      const apps = batch.map((i, k) => {
        const status = statusAt();
        const plate = plateOf(i);
        const category = pick(CATEGORIES);
        const submittedAt =
          status === "DRAFT"
            ? null
            : new Date(now - Math.floor(rand() * 400) * 86_400_000 - Math.floor(rand() * 86_400_000));
        const assignedToId =
          status === "IN_REVIEW"
            ? pick(analysts).id
            : status === "SUBMITTED" && rand() < 0.2
              ? pick(analysts).id
              : null;
        if (status === "ISSUED")
          issued.push({ appId: `a${offset}x${i}`, i, personId: `p${users[k].id}`, plate, category });
        return {
          id: `a${offset}x${i}`,
          number: `REQ-${prefix}-2026-${String(i + 1).padStart(6, "0")}`,
          municipalityId: m.id,
          personId: `p${users[k].id}`,
          category,
          mode: "AUTONOMO",
          status,
          packId: "patrocinio-mg",
          packVersion: "1.0.0",
          submittedAt,
          assignedToId,
          draftJson: JSON.stringify({
            vehicle: {
              plate,
              make: "Honda",
              model: "CG 160",
              manufactureYear: 2023,
              displacementCc: 160,
              registrationCategory: "ALUGUEL",
            },
          }),
        };
      });
      await tx.application.createMany({ data: apps });
    });
  }
  for (let start = 0; start < issued.length; start += 1000) {
    await db.credential.createMany({
      data: issued.slice(start, start + 1000).map((x) => ({
        serial: `${prefix}-MT-2026-${String(x.i + 1).padStart(6, "0")}`,
        municipalityId: m.id,
        type: "CRACHA",
        category: x.category,
        holderPersonId: x.personId,
        applicationId: x.appId,
        holderDisplayName: "Titular",
        plate: x.plate,
        validFrom: "2026-01-01",
        validUntil: "2026-12-31",
        kid: "bench",
        token: "t",
        renderDataJson: "{}",
      })),
    });
  }
  return { m, analysts, issued };
}

const t0 = performance.now();
const big = await seedMunicipality("grande", "GRD", N, 1);
await seedMunicipality("vizinha", "VIZ", 2000, 2);
await db.$executeRawUnsafe("ANALYZE");
const seedSeconds = (performance.now() - t0) / 1000;
const sample = await db.application.findFirstOrThrow({
  where: { municipalityId: big.m.id, status: "SUBMITTED" },
  include: { person: true },
});
const plate = JSON.parse(sample.draftJson).vehicle.plate as string;
const serial = (await db.credential.findFirstOrThrow({ where: { municipalityId: big.m.id } })).serial;
const me = big.analysts[0].id;

// ---- cases -----------------------------------------------------------------------------------

const filters = (query: string) => parseQueueFilters(new URLSearchParams(query));
const cases: { name: string; query: string }[] = [
  { name: "default: waiting (3 statuses), oldest first, page 1", query: "" },
  { name: "status IN_REVIEW + category MOTOTAXI", query: "situacao=IN_REVIEW&categoria=MOTOTAXI" },
  { name: "assigned to me", query: "atribuicao=me" },
  { name: "nobody's, newest first", query: "atribuicao=nobody&ordem=recentes" },
  {
    name: "all 8 statuses, page 40 (deep page)",
    query:
      "situacao=SUBMITTED&situacao=RESUBMITTED&situacao=IN_REVIEW&situacao=CHANGES_REQUESTED&situacao=APPROVED&situacao=ISSUED&situacao=REJECTED&situacao=WITHDRAWN&pagina=40",
  },
  { name: 'search: name ("silva")', query: "q=silva" },
  { name: "search: full name of one person", query: `q=${encodeURIComponent(sample.person!.fullName)}` },
  { name: "search: CPF", query: `q=${sample.person!.cpf}` },
  { name: "search: plate", query: `q=${plate}` },
  { name: "search: credential serial (issued)", query: `q=${serial}&situacao=ISSUED` },
  { name: "search: application number", query: `q=${sample.number}` },
];

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)];
const rows: string[] = [];
for (const c of cases) {
  const f = filters(c.query);
  let result = await reviewQueue(big.m.id, f, { userId: me });
  for (let w = 0; w < 3; w++) result = await reviewQueue(big.m.id, f, { userId: me });
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const s = performance.now();
    result = await reviewQueue(big.m.id, f, { userId: me });
    times.push(performance.now() - s);
  }
  rows.push(
    `| ${c.name} | ${result.total} | ${pct(times, 0.5).toFixed(1)} | ${pct(times, 0.95).toFixed(1)} | ${Math.max(...times).toFixed(1)} |`,
  );
}

const counts = await db.application.groupBy({
  by: ["status"],
  where: { municipalityId: big.m.id },
  _count: { _all: true },
});
console.log(`Node ${process.version}, ${cpus()[0]?.model ?? "?"} × ${cpus().length}; SQLite ${file}`);
console.log(
  `Seeded ${N} applications (+2000 in another municipality, ${big.issued.length} credentials) in ${seedSeconds.toFixed(1)} s: ${counts.map((c) => `${c.status} ${c._count._all}`).join(", ")}`,
);
console.log(
  `${RUNS} timed runs per case (after 3 warm-up runs); reviewQueue = page of 25 + total + counts per status + assignee names.\n`,
);
console.log("| case | matches | median ms | p95 ms | max ms |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const r of rows) console.log(r);
await db.$disconnect();

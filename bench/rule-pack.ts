/**
 * Rule packs as documents (issue #30, ADR 066/069): what checking a pack's text, publishing it in
 * the portal, loading the published version and evaluating an application against it cost — for
 * the four shipped packs' documents (app/domain/rule-packs/cities/*.json) and for a pack written
 * in the portal for a new town (Vale do Ipê, as tests/e2e/new-town.spec.ts writes it: the
 * skeleton, the categories, every proposal of its law "Incluir" places, then
 * tests/fixtures/laws/vale-do-ipe-mg-pack-written-by-hand.json merged in).
 *
 *   npx tsx bench/rule-pack.ts [--n 200] [--k 20]
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres npx tsx bench/rule-pack.ts
 *
 * 1. checkPackDocument on the text (JSON parse, zod schema, cross-checks, federal floor), alone and
 *    with the check against the law's text (lawTextProblems): the first call, then n calls.
 * 2. On a fresh database (SQLite file tmp/bench-rule-pack.db; with a postgresql:// DATABASE_URL, a
 *    new database credencia_bench_rule_pack_<pid> on that server, dropped at the end — never the one
 *    named), a town per pack with its law attached and two gestores: startDraft → saveDraft →
 *    submitDraft (author) → publishDraft (the other), k times, each a new major version.
 * 3. After each publication, activePack: the first call (row read, JSON.parse, definePack) and
 *    ⌈n/k⌉ more (row read, memoised pack).
 * 4. evaluate() of the engine on n distinct applicants per pack (every category × person mode the
 *    pack offers, in turn; birth, licence, vehicle and document dates, plate, displacement,
 *    evaluation day and quota counts varied per call), against the version loaded from the
 *    database and, for the shipped four, the pack the server imports (shipped.ts) — the same
 *    inputs, alternating call by call.
 *
 * Wall time (performance.now) and this process's CPU time (process.cpuUsage: user + system; the
 * PostgreSQL server's CPU is not in it). Figures and how to read them: bench/README.md.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { performance, PerformanceObserver } from "node:perf_hooks";
import pg from "pg";
import type { EvaluationInput } from "../app/domain/eligibility/types";
import type { Category, CnhCategory, Mode, OwnerKind, RegistrationCategory, RulePack } from "../app/domain/rule-packs";
import { withWrittenByHand } from "../tests/fixtures/laws/vale-do-ipe-mg-pack";
import { arg } from "./args";
import { median } from "./stats";

const N = Number(arg("n", "200"));
const K = Number(arg("k", "20"));
const HOT_LOADS = Math.ceil(N / K);

// ---- the database: a fresh one, never the dev database nor the one DATABASE_URL names --------------

const outer = process.env.DATABASE_URL ?? "";
const postgres = /^postgres(ql)?:\/\//.test(outer);
const pgName = `credencia_bench_rule_pack_${process.pid}`;
const onServer = async (sql: string) => {
  const u = new URL(outer);
  u.pathname = "/postgres";
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};
const sqliteFile = "tmp/bench-rule-pack.db";
mkdirSync("tmp", { recursive: true });
if (postgres) {
  await onServer(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
  await onServer(`CREATE DATABASE "${pgName}"`);
  const u = new URL(outer);
  u.pathname = `/${pgName}`;
  process.env.DATABASE_URL = u.toString();
} else {
  for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(`${sqliteFile}${s}`, { force: true });
  process.env.DATABASE_URL = `file:./${sqliteFile}`;
}
process.env.DATA_DIR = "./tmp/bench-rule-pack-data";
process.env.JOBS_DISABLED = "1";
execFileSync("npx", ["prisma", "migrate", "deploy"], { stdio: "pipe", env: process.env });
const database = postgres ? `PostgreSQL (${pgName})` : `SQLite (${sqliteFile}, WAL)`;

// ---- measuring ---------------------------------------------------------------------------------

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};
type Sample = { ms: number; cpu: number; at?: number };
function once<T>(fn: () => T): Sample & { value: T } {
  const c = process.cpuUsage();
  const t = performance.now();
  const value = fn();
  return { ms: performance.now() - t, cpu: cpuMs(c), value, at: t };
}
/** V8's garbage-collection pauses, to tell a slow call that waited on one from a slow evaluation. */
const gcPauses: { start: number; end: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcPauses.push({ start: e.startTime, end: e.startTime + e.duration });
}).observe({ entryTypes: ["gc"] });
/**
 * "calls over 1 ms: during a GC pause / off the CPU (the process's CPU time under half the wall
 * time: the machine's other work had the core)".
 */
const slow = (s: Sample[]) => {
  const over = s.filter((x) => x.ms > 1);
  const inGc = over.filter((x) => gcPauses.some((g) => g.start < x.at! + x.ms && g.end > x.at!));
  const offCpu = over.filter((x) => x.cpu < x.ms / 2);
  return `${over.length}: ${inGc.length} / ${offCpu.length}`;
};
async function onceAsync<T>(fn: () => Promise<T>): Promise<Sample & { value: T }> {
  const c = process.cpuUsage();
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, cpu: cpuMs(c), value };
}
/** Nearest-rank percentile. */
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(q * xs.length) - 1)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
/** "median | p95 | p99 | max | mean | CPU mean" of samples, in ms. */
const row = (s: Sample[]) => {
  const ms = s.map((x) => x.ms);
  return `${f(median(ms))} | ${f(pct(ms, 0.95))} | ${f(pct(ms, 0.99))} | ${f(Math.max(...ms))} | ${f(mean(ms))} | ${f(mean(s.map((x) => x.cpu)))}`;
};
const kb = (text: string) => (Buffer.byteLength(text) / 1024).toFixed(1);

console.log(
  `Node ${process.version}, ${cpus()[0]?.model.trim()} × ${cpus().length}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} at start; ${database}; n = ${N}, k = ${K}`,
);

// ---- 1. checking a document: the first call in this process, before anything else loads a pack ---

const { checkPackDocument, packFromDocument } = await import("../app/domain/rule-packs/document");
const CITIES = ["itauna-mg", "jardim-ms", "lavras-mg", "patrocinio-mg"];
const shippedTexts = new Map(
  CITIES.map((id) => [id, readFileSync(`app/domain/rule-packs/cities/${id}.json`, "utf8")] as const),
);
const coldChecks = new Map<string, Sample>();
for (const [id, text] of shippedTexts) {
  const first = once(() => checkPackDocument(text));
  if (first.value.problems.length) throw new Error(`${id}: ${JSON.stringify(first.value.problems[0])}`);
  coldChecks.set(id, first);
}

// The models (shipped.ts loads the four packs at import, as the server does at boot).
const { db, prepareDatabase } = await import("../app/utils/db.server");
await prepareDatabase();
const { saveLawText, saveAmendment, lawOf } = await import("../app/models/law-text.server");
const { activePack } = await import("../app/models/rule-pack.server");
const { startDraft, saveDraft, acceptProposalIntoDraft, openDraft } =
  await import("../app/models/rule-pack-draft.server");
const { submitDraft, publishDraft, closeOrReturnDraft } = await import("../app/models/rule-pack-publication.server");
const { citedDraftFromLaw } = await import("../app/domain/laws/proposals");
const { acceptableIn, proposalsInDraft } = await import("../app/domain/rule-packs/accept-proposal");
const { lawTextProblems } = await import("../app/domain/rule-packs/law-check");
const { getPack } = await import("../app/domain/rule-packs/shipped");
const { evaluate } = await import("../app/domain/eligibility/engine");
const { addDays, addYears } = await import("../app/domain/eligibility/calendar");
const { layeredRules, federalBr, rulesFor, CNH_CATEGORIES } = await import("../app/domain/rule-packs");
const { civilDate } = await import("../app/domain/time");

// ---- the towns: one per pack, its law attached, two gestores -------------------------------------

let serial = 0;
async function gestor(municipalityId: string, name: string) {
  serial++;
  const user = await db.user.create({
    data: {
      cpf: String(90_000_000_000 + serial),
      email: `gestor${serial}@bench.rule-pack`,
      name,
      emailVerifiedAt: new Date(),
    },
  });
  await db.roleAssignment.create({ data: { userId: user.id, role: "GESTOR", municipalityId } });
  return { userId: user.id, role: "GESTOR", municipalityId, requestId: "bench-rule-pack" };
}

async function town(
  packId: string,
  i: number,
  opts: { name: string; uf: string; ibge: string; active: boolean; fiscalUnit: string },
) {
  const m = await db.municipality.create({
    data: {
      ibgeCode: opts.ibge,
      name: opts.name,
      uf: opts.uf,
      slug: `bench-${packId}`,
      population: 90_000,
      fiscalUnitName: opts.fiscalUnit,
      rulePackId: packId,
      serialPrefix: `BRP${String.fromCharCode(65 + i)}`,
      active: opts.active,
    },
  });
  return { m, author: await gestor(m.id, "Gestora Redatora"), publisher: await gestor(m.id, "Gestor Revisor") };
}

type Town = Awaited<ReturnType<typeof town>> & { id: string; text: string; shipped: RulePack | null };
const towns: Town[] = [];
for (const [i, id] of CITIES.entries()) {
  const shipped = getPack(id)!;
  const t = await town(id, i, { ...shipped.municipality, active: true, fiscalUnit: shipped.fiscalUnit ?? "UFM" });
  const law = readFileSync(`app/domain/rule-packs/cities/${id}.law.txt`, "utf8");
  await saveLawText(
    t.m.id,
    { label: shipped.law.label, title: shipped.law.title, publishedOn: shipped.law.date, text: law, position: 0 },
    t.author,
  );
  towns.push({ ...t, id, text: shippedTexts.get(id)!, shipped });
}

// The new town, as the e2e writes its pack: the law as first published and the law that amends it,
// the skeleton, the categories, every proposal "Incluir" places, then the rest written by hand.
const NEW_ID = "vale-do-ipe-mg";
{
  const t = await town(NEW_ID, 4, {
    name: "Vale do Ipê",
    uf: "MG",
    ibge: "3199901",
    active: false,
    // The town's own fiscal unit (its law's art. 7º), as the admin writes it when creating the town.
    fiscalUnit: "UFVI",
  });
  const author = t.author;
  await saveLawText(
    t.m.id,
    {
      label: "Lei 1.234/2025",
      title: "Serviço de mototáxi e de motofrete",
      publishedOn: "2025-02-28",
      text: readFileSync("tests/fixtures/laws/vale-do-ipe-mg-lei-1234-2025-original.txt", "utf8"),
      position: 0,
    },
    author,
  );
  await saveAmendment(
    t.m.id,
    {
      label: "Lei 1.301/2026",
      title: "Altera a cilindrada mínima da motocicleta",
      publishedOn: null,
      text: readFileSync("tests/fixtures/laws/vale-do-ipe-mg-lei-1301-2026.txt", "utf8"),
    },
    author,
  );
  const { categories, ...written }: Record<string, unknown> = JSON.parse(
    readFileSync("tests/fixtures/laws/vale-do-ipe-mg-pack-written-by-hand.json", "utf8"),
  );
  const draft = await startDraft(t.m, author);
  await saveDraft(t.m, draft.id, JSON.stringify({ ...JSON.parse(draft.documentJson), categories }, null, 2), author);
  const law = (await lawOf(t.m.id))!;
  for (const p of citedDraftFromLaw(law.label, law.units).proposals) {
    const text = (await openDraft(t.m.id))!.documentJson;
    if (acceptableIn(text)(p) && !proposalsInDraft(text)(p, p.citation))
      await acceptProposalIntoDraft(t.m, draft.id, { anchor: p.anchor, kind: p.kind, key: p.key }, author);
  }
  const doc = withWrittenByHand(JSON.parse((await openDraft(t.m.id))!.documentJson), written);
  const ids = (list: string) => (doc[list] as { id: string }[]).map((r) => r.id).join(", ");
  console.log(`new town's pack: person rules ${ids("personRules")}; vehicle rules ${ids("vehicleRules")}`);
  await closeOrReturnDraft(t.m, draft.id, "DISCARDED", author);
  towns.push({ ...t, id: NEW_ID, text: JSON.stringify(doc, null, 2), shipped: null });
}

// The new town's text, first checked here: the code is warm (the four above, and shipped.ts's import).
const newTown = towns.find((t) => t.id === NEW_ID)!;
const newFirst = once(() => checkPackDocument(newTown.text));
if (newFirst.value.problems.length) throw new Error(`${NEW_ID}: ${JSON.stringify(newFirst.value.problems)}`);
coldChecks.set(NEW_ID, newFirst);

// ---- 1. checking, hot ----------------------------------------------------------------------------

const laws = new Map<string, NonNullable<Awaited<ReturnType<typeof lawOf>>>>();
for (const t of towns) laws.set(t.id, (await lawOf(t.m.id))!);
const checkLines: string[] = [];
for (const t of towns) {
  const law = laws.get(t.id)!;
  const withLaw = () => {
    const checked = checkPackDocument(t.text);
    const problems = checked.pack ? lawTextProblems(checked.pack, law) : checked.problems;
    if (problems.length) throw new Error(`${t.id}: ${JSON.stringify(problems[0])}`);
  };
  withLaw(); // the law check's first call, outside the figures
  const alone: Sample[] = [];
  const both: Sample[] = [];
  for (let i = 0; i < N; i++) {
    alone.push(once(() => checkPackDocument(t.text)));
    both.push(once(withLaw));
  }
  const cold = coldChecks.get(t.id)!;
  const bothMs = both.map((s) => s.ms);
  checkLines.push(
    `| ${t.id} | ${kb(t.text)} | ${f(cold.ms)} / ${f(cold.cpu)} | ${row(alone)} | ${f(median(bothMs))} | ${f(pct(bothMs, 0.95))} |`,
  );
}

// ---- 2 and 3. publishing k times, and loading each version -------------------------------------

type Steps = { start: Sample; save: Sample; submit: Sample; publish: Sample; total: Sample };
/** "median / p95 / max" of samples, in ms. */
const mpm = (s: Sample[]) => {
  const ms = s.map((x) => x.ms);
  return `${f(median(ms))} / ${f(pct(ms, 0.95))} / ${f(Math.max(...ms))}`;
};
const cpuMean = (s: Sample[]) => f(mean(s.map((x) => x.cpu)));
const publishLines: string[] = [];
const loadLines: string[] = [];
const loaded = new Map<string, RulePack>();
for (const t of towns) {
  const rounds: Steps[] = [];
  const cold: Sample[] = [];
  const hot: Sample[] = [];
  const idOnly: Sample[] = [];
  const parseOnly: Sample[] = [];
  let lastVersion = "";
  for (let r = 0; r < K; r++) {
    const c = process.cpuUsage();
    const t0 = performance.now();
    const start = await onceAsync(() => startDraft(t.m, t.author));
    const save = await onceAsync(() => saveDraft(t.m, start.value.id, t.text, t.author));
    if (save.value.problems.length) throw new Error(`${t.id}: ${JSON.stringify(save.value.problems[0])}`);
    const submit = await onceAsync(() => submitDraft(t.m, start.value.id, t.author));
    const effectiveOn = civilDate(new Date(), t.m.timeZone);
    const publish = await onceAsync(() => publishDraft(t.m, start.value.id, { effectiveOn, note: null }, t.publisher));
    const total = { ms: performance.now() - t0, cpu: cpuMs(c) };
    rounds.push({ start, save, submit, publish, total });
    lastVersion = publish.value.version;

    const first = await onceAsync(() => activePack(t.m));
    if (first.value.version !== lastVersion) throw new Error(`${t.id}: ${first.value.version} ≠ ${lastVersion}`);
    cold.push(first);
    for (let h = 0; h < HOT_LOADS; h++) hot.push(await onceAsync(() => activePack(t.m)));
    // The same query as activePack's (rule-pack.server.ts, inEffect), reading the row's id only:
    // what a memoised call costs when the document's text is not fetched with it.
    for (let h = 0; h < HOT_LOADS; h++)
      idOnly.push(
        await onceAsync(() =>
          db.rulePackVersion.findFirst({
            where: {
              municipalityId: t.m.id,
              packId: t.m.rulePackId,
              OR: [{ effectiveFrom: null }, { effectiveFrom: { lte: new Date() } }],
            },
            orderBy: [{ effectiveFrom: { sort: "desc", nulls: "last" } }, { publishedAt: "desc" }],
            select: { id: true },
          }),
        ),
      );
    const stored = (await db.rulePackVersion.findFirst({ where: { municipalityId: t.m.id, version: lastVersion } }))!;
    parseOnly.push(once(() => packFromDocument(JSON.parse(stored.documentJson!))));
  }
  loaded.set(t.id, await activePack(t.m));
  const step = (pick: (s: Steps) => Sample) => mpm(rounds.map(pick));
  const totals = rounds.map((s) => s.total);
  publishLines.push(
    `| ${t.id} | ${step((s) => s.start)} | ${step((s) => s.save)} | ${step((s) => s.submit)} | ${step((s) => s.publish)} | **${mpm(totals)}** | ${cpuMean(totals)} | ${f(totals[0].ms)} | ${lastVersion} |`,
  );
  loadLines.push(
    `| ${t.id} | ${mpm(cold)} | ${cpuMean(cold)} | ${f(median(parseOnly.map((s) => s.ms)))} | ${mpm(hot)} | ${cpuMean(hot)} | ${mpm(idOnly)} |`,
  );
}

// ---- 4. evaluating distinct applicants ------------------------------------------------------------

const PERSON_MODES: readonly Mode[] = ["AUTONOMO", "VINCULADO", "PREPOSTO"];
const MOTORCYCLE: readonly Category[] = ["MOTOTAXI", "MOTOBOY", "MOTOFRETE"];
const CARGO: readonly Category[] = ["MOTOBOY", "MOTOFRETE"];
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const TODAY = civilDate(new Date(), "America/Sao_Paulo");

/** Applicant `i` for the pack: complete facts, derived from the rules of its category and mode (as tests/support/conformance.ts does), every date and count varied by `i`. */
function applicant(pack: RulePack, i: number): Omit<EvaluationInput, "pack"> {
  const combos = pack.categories.flatMap((c) =>
    c.modes.filter((m) => PERSON_MODES.includes(m.mode)).map((m) => ({ category: c.code, mode: m.mode })),
  );
  const { category, mode } = combos[i % combos.length];
  const date = addDays(TODAY, 1 + (i % 90));
  const ibge = pack.municipality.ibge;
  let minAge = 18;
  let minYears = 0;
  let cnh: CnhCategory[] = CNH_CATEGORIES.filter((c) => c !== "ACC");
  for (const r of rulesFor(pack.personRules, category, mode)) {
    if (r.kind === "MIN_AGE") minAge = Math.max(minAge, r.years);
    if (r.kind === "CNH_MIN_YEARS") minYears = Math.max(minYears, r.years);
    if (r.kind === "CNH_CATEGORY") cnh = cnh.filter((c) => r.anyOf.includes(c));
  }
  let ccMin = 0;
  let ccMax = Infinity;
  let seats = MOTORCYCLE.includes(category) ? 1 : 4;
  let doors = MOTORCYCLE.includes(category) ? 0 : 4;
  let registrationCategory: RegistrationCategory = MOTORCYCLE.includes(category) ? "ALUGUEL" : "PARTICULAR";
  let owners: OwnerKind[] = ["HOLDER", "OTHER_PERSON", "OPERATOR", "OTHER_COMPANY"];
  let usedForCargo = CARGO.includes(category);
  let usedForPassengers = !usedForCargo;
  for (const r of rulesFor(pack.vehicleRules, category, mode)) {
    if (r.kind === "MIN_DISPLACEMENT") ccMin = Math.max(ccMin, r.cc);
    if (r.kind === "MAX_DISPLACEMENT") ccMax = Math.min(ccMax, r.cc);
    if (r.kind === "MAX_PASSENGERS") seats = Math.min(seats, r.seats);
    if (r.kind === "MIN_DOORS") doors = Math.max(doors, r.doors);
    if (r.kind === "REGISTRATION_CATEGORY") registrationCategory = r.category;
    if (r.kind === "OWNERSHIP") owners = owners.filter((o) => r.allowed.includes(o));
    if (r.kind === "SERVICE_EXCLUSIVITY") {
      if (r.forbids === "PASSENGERS") usedForPassengers = false;
      else usedForCargo = false;
    }
  }
  let assets = 100_000;
  for (const r of rulesFor(pack.operatorRules, category, mode)) if (r.kind === "MIN_ASSETS") assets = r.brl * 2;
  const documents = layeredRules(pack, category, mode, federalBr).documents.map((d, k) => ({
    type: d.type,
    issueDate: addDays(date, -(5 + ((i + k) % 25))),
    expiryDate: addDays(date, 400 + ((i * 7 + k) % 300)),
    reviewState: "ACCEPTED" as const,
  }));
  const letter = (n: number) => LETTERS[n % 26];
  return {
    category,
    mode,
    date,
    person: {
      birthDate: addDays(addYears(date, -(minAge + 5)), -(i % 3000)),
      cnhCategory: cnh.includes("AB") ? "AB" : cnh[0],
      cnhFirstLicenseDate: addDays(addYears(date, -(minYears + 2)), -(i % 1500)),
      cnhEar: true,
      residenceMunicipalityIbge: ibge,
      heldPermissions: [],
      otherRegisteredVehicles: 0,
      bloodType: "O+",
    },
    vehicle: {
      plate: `${letter(i)}${letter(i * 7)}${letter(i * 13)}${i % 10}${letter(i * 3)}${String(i % 100).padStart(2, "0")}`,
      manufactureYear: Number(date.slice(0, 4)) - 1,
      firstRegistrationDate: addDays(date, -(100 + (i % 200))),
      displacementCc: Math.min(Math.max(MOTORCYCLE.includes(category) ? 160 + (i % 40) : 1600, ccMin), ccMax),
      doors,
      passengerSeats: seats,
      registrationCategory,
      licensingMunicipalityIbge: ibge,
      ownerKind: owners.includes("HOLDER") ? "HOLDER" : owners[0],
      leased: false,
      usedForCargo,
      usedForPassengers,
      licensingUpToDate: true,
      operatorControlNumber: `MT-${i}`,
    },
    operator: {
      name: `Empresa ${i}`,
      credentialed: true,
      headOfficeMunicipalityIbge: ibge,
      branchMunicipalityIbges: [],
      declaredAssetsBrl: assets + i,
      reportedDriverData: true,
    },
    documents,
    quota: { population: 100_000 + i * 11, inForce: { PERMISSAO: i % 7, CONCESSAO: i % 5, VEICULO: i % 9 } },
  };
}

// The first evaluation in this process (cold code), on a pack and applicant used nowhere else.
const coldEval = once(() => evaluate({ pack: loaded.get(CITIES[0])!, ...applicant(loaded.get(CITIES[0])!, N + 999) }));
const WARM = 50;
const evalLines: string[] = [];
for (const t of towns) {
  const fromDb = loaded.get(t.id)!;
  const inputs = Array.from({ length: N }, (_, i) => applicant(fromDb, i));
  // Warm-up on other applicants (indices past the measured ones).
  for (let i = 0; i < WARM; i++) evaluate({ pack: fromDb, ...applicant(fromDb, N + i) });
  const viaDb: Sample[] = [];
  const viaImport: Sample[] = [];
  let eligible = 0;
  const combos = new Set<string>();
  for (let i = 0; i < N; i++) {
    const input = inputs[i];
    combos.add(`${input.category}/${input.mode}`);
    const a = () => viaDb.push(once(() => evaluate({ pack: fromDb, ...input })));
    const b = () => t.shipped && viaImport.push(once(() => evaluate({ pack: t.shipped!, ...input })));
    if (i % 2) {
      a();
      b();
    } else {
      b();
      a();
    }
    if ((viaDb.at(-1) as Sample & { value: { eligible: boolean } }).value.eligible) eligible++;
  }
  await new Promise((resolve) => setTimeout(resolve, 20)); // the GC entries arrive asynchronously
  evalLines.push(
    `| ${t.id} | ${combos.size} | ${eligible}/${N} | published version (database) | ${row(viaDb)} | ${slow(viaDb)} |`,
  );
  if (t.shipped)
    evalLines.push(`| ${t.id} | ${combos.size} | | shipped.ts import | ${row(viaImport)} | ${slow(viaImport)} |`);
}

// ---- the report -----------------------------------------------------------------------------------

console.log(`\n1. checkPackDocument on the text (first call ms / CPU ms; then n = ${N} calls, ms)`);
console.log(
  `   (the first call of itauna-mg is the process's first: cold code; the others' first calls run warm code)\n`,
);
console.log("| pack | KB | first call | median | p95 | p99 | max | mean | CPU mean | + law check: median | p95 |");
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const l of checkLines) console.log(l);

console.log(`\n2. Publishing on ${database}: k = ${K} rounds per town, ms as median / p95 / max\n`);
console.log(
  "| pack | startDraft | saveDraft | submitDraft | publishDraft | whole publication | CPU mean | round 1 | last version |",
);
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
for (const l of publishLines) console.log(l);

console.log(
  `\n3. activePack after each publication (k = ${K} first calls; ${HOT_LOADS} memoised calls per round), ms as median / p95 / max\n`,
);
console.log(
  "| pack | first call (row + parse + definePack) | CPU mean | parse + definePack alone, median | memoised (row read) | CPU mean | the same query, id only |",
);
console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const l of loadLines) console.log(l);

console.log(
  `\n4. evaluate(), n = ${N} DISTINCT applicants per pack (nothing memoised: each input is new), after ${WARM} warm-up calls; ms`,
);
console.log(`   first evaluation in the process (cold code): ${f(coldEval.ms)} ms wall, ${f(coldEval.cpu)} ms CPU\n`);
console.log(
  "| pack | category × mode | eligible | pack loaded from | median | p95 | p99 | max | mean | CPU mean | calls > 1 ms: in a GC pause / off the CPU |",
);
console.log("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const l of evalLines) console.log(l);
console.log(
  `\nload average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} at the end`,
);

await db.$disconnect();
if (postgres) await onServer(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);

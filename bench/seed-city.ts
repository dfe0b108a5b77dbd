/**
 * A city of São Paulo's size in a PostgreSQL database, for measuring what the portal's costs do
 * as a city grows (issue #31). Repeatable: the same --seed gives the same rows.
 *
 *   npm run bench:seed -- --drivers 300000 [--seed 1] [--scans 3] [--database credencia_city]
 *
 * The database (on BENCH_PG_ADMIN's server, default postgresql://postgres@127.0.0.1:5432) is made
 * afresh: migrations, the demo seed (prisma/seed.ts: the four towns, keys, staff), then a
 * municipality "São Paulo (bench)" (IBGE 3550308, its own signing key; it borrows Itaúna's rule
 * pack — the bench measures sizes, not São Paulo's law, which the portal does not have) and, per
 * driver: a user and person (valid CPF), a motorcycle, the first application and its status
 * changes, ten documents (metadata only: no file is written), and for most a crachá with a real
 * ES256 token — active, expired, suspended, revoked, or superseded by a renewal (then a second
 * application and crachá) — a few verification-log rows each, and the audit events of it all, on
 * the hash chain (`npm run audit:verify` holds). Rows go in through COPY (pg-copy-streams).
 * Not generated: companies, vistorias, infractions, files.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { arg, cityDatabaseArg } from "./args";

const DRIVERS = Number(arg("drivers", "1000"));
const SEED = Number(arg("seed", "1"));
const SCANS = Number(arg("scans", "3"));
const DB_NAME = cityDatabaseArg("credencia_city");
const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const DB_URL = PG_ADMIN.replace(/\/[^/]*$/, `/${DB_NAME}`);
/** Drivers generated, then written, at a time: memory stays bounded at any city size. */
const CHUNK = 50_000;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const IBGE = "3550308";

/** A repeatable number in [0, 1) for driver `i` and draw `k` (no state shared between drivers). */
function rand(i: number, k: number): number {
  let h = (SEED * 0x9e3779b1) ^ Math.imul(i + 1, 0x85ebca6b) ^ Math.imul(k + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[], r: number) => list[Math.floor(r * list.length)];

const FIRST = [
  "Ana",
  "Bruno",
  "Carla",
  "Diego",
  "Elaine",
  "Fábio",
  "Gabriela",
  "Hugo",
  "Isabel",
  "João",
  "Karina",
  "Lucas",
  "Marina",
  "Nelson",
  "Otávio",
  "Paula",
  "Rafael",
  "Sueli",
  "Tiago",
  "Vera",
];
const LAST = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
];
const DOCS = [
  "RG",
  "CPF",
  "CNH",
  "COMPROVANTE_RESIDENCIA",
  "CERTIDAO_CRIMINAL",
  "ATESTADO_MEDICO",
  "CURSO",
  "CRLV",
  "FOTO_3X4",
  "TITULO_ELEITOR",
];
const OPEN = ["DRAFT", "SUBMITTED", "IN_REVIEW", "CHANGES_REQUESTED", "RESUBMITTED"] as const;

/** Today (UTC) at midnight: every date is relative to the day of the run, so a seed gives the same city any day. */
const BASE = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
/** A day `days` from today, as YYYY-MM-DD. */
const day = (days: number) => new Date(BASE + days * 86_400_000).toISOString().slice(0, 10);
const at = (days: number, i: number) => new Date(BASE + days * 86_400_000 + (i % 86_400) * 1000);

/**
 * A record id of the shape the portal accepts from a URL (lowercase letters and digits, 20–40:
 * domain/ids.ts): a kind, then the driver's number or the parent's id, in base 36.
 */
function idOf(kind: string, of: number | string): string {
  const tail = typeof of === "number" ? of.toString(36).padStart(18, "0") : of;
  return `${kind}${tail}`.slice(0, 40);
}

/** PostgreSQL COPY text format: tab-separated, \N for null. */
function line(values: unknown[]): string {
  return (
    values
      .map((v) => {
        if (v === null || v === undefined) return "\\N";
        if (v instanceof Date) return v.toISOString();
        if (typeof v === "boolean") return v ? "t" : "f";
        return String(v).replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
      })
      .join("\t") + "\n"
  );
}

type Table = { name: string; columns: string[]; rows: string[] };
const tables = new Map<string, Table>();
function table(name: string, columns: string[]) {
  const t: Table = { name, columns, rows: [] };
  tables.set(name, t);
  return (values: unknown[]) => t.rows.push(line(values));
}

async function copy(client: pg.Client, t: Table) {
  const sql = `COPY "${t.name}" (${t.columns.map((c) => `"${c}"`).join(", ")}) FROM STDIN`;
  const chunks = function* () {
    for (let i = 0; i < t.rows.length; i += 2000) yield t.rows.slice(i, i + 2000).join("");
  };
  await pipeline(Readable.from(chunks()), client.query(copyFrom(sql)));
}

/** Writes what is generated so far, rows that name others after them (foreign keys hold per row). */
async function writeAll(client: pg.Client) {
  const order = [
    "User",
    "Person",
    "Vehicle",
    "VehicleDriver",
    "Application",
    "ApplicationStatusChange",
    "Document",
    "Credential",
    "VerificationLog",
    "AuditEvent",
  ];
  for (const name of order) {
    const t = tables.get(name)!;
    await copy(client, t);
    t.rows.length = 0;
  }
}

/** What marks a database this generator made (COMMENT ON DATABASE): only such a one is dropped. */
const BENCH_MARK = "credencia-bench-city";

/**
 * The database is made afresh — so it must be one this generator made, never a real one: the name
 * (cityDatabaseArg) reads credencia_bench… or credencia_city…, and a database of that name that
 * exists must carry the generator's mark (an empty one too: someone may have made it for another use).
 */
async function fresh() {
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  await admin.connect();
  const existing = await admin.query(
    `SELECT shobj_description(oid, 'pg_database') AS mark FROM pg_database WHERE datname = $1`,
    [DB_NAME],
  );
  if (existing.rows.length && existing.rows[0].mark !== BENCH_MARK) {
    await admin.end();
    throw new Error(`o banco ${DB_NAME} já existe e não foi criado por este gerador: não será apagado`);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.query(`COMMENT ON DATABASE ${DB_NAME} IS '${BENCH_MARK}'`);
  await admin.end();
  const env = { ...process.env, DATABASE_URL: DB_URL, DATA_DIR: path.join(root, "tmp", `bench-${DB_NAME}`) };
  execFileSync("npx", ["prisma", "migrate", "deploy"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  execFileSync("npx", ["tsx", "prisma/seed.ts"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  process.env.DATABASE_URL = DB_URL;
  process.env.DATA_DIR = env.DATA_DIR;
}

async function main() {
  const t0 = Date.now();
  const lap = (what: string) => console.log(`${((Date.now() - t0) / 1000).toFixed(1).padStart(7)} s  ${what}`);
  await fresh();
  lap(`database ${DB_NAME}: migrated and demo-seeded`);
  // The portal's own code after DATABASE_URL points at the new database.
  const { db } = await import("../app/utils/db.server");
  const { systemActor } = await import("../app/utils/audit.server");
  const { signerFor } = await import("../app/models/signing-key.server");
  const { signCredential } = await import("../app/credentials/token");
  const { cpfWithCheckDigits } = await import("../app/domain/br/cpf");
  const { hashEvent } = await import("../app/domain/audit/chain");
  const itauna = await db.municipality.findUniqueOrThrow({ where: { slug: "itauna" } });
  const sp = await db.municipality.create({
    data: {
      ibgeCode: IBGE,
      name: "São Paulo (bench)",
      uf: "SP",
      slug: "sao-paulo-bench",
      population: 11_451_999,
      populationDate: "2022-08-01",
      fiscalUnitName: "UFM",
      rulePackId: itauna.rulePackId,
      serialPrefix: "SPO",
    },
  });
  const signer = await signerFor(sp.id, systemActor("bench"));
  lap("São Paulo (bench) and its signing key");

  const now = new Date();
  const user = table("User", [
    "id",
    "cpf",
    "email",
    "name",
    "emailVerifiedAt",
    "cpfConfirmedAt",
    "createdAt",
    "updatedAt",
  ]);
  const person = table("Person", [
    "id",
    "userId",
    "fullName",
    "cpf",
    "birthDate",
    "cnhCategory",
    "cnhFirstLicenseDate",
    "phone",
    "cep",
    "city",
    "uf",
    "residenceMunicipalityIbge",
    "createdAt",
    "updatedAt",
  ]);
  const vehicle = table("Vehicle", [
    "id",
    "plate",
    "make",
    "model",
    "manufactureYear",
    "displacementCc",
    "registrationCategory",
    "licensingMunicipalityIbge",
    "ownerKind",
    "createdAt",
    "updatedAt",
  ]);
  const vehicleDriver = table("VehicleDriver", ["id", "vehicleId", "personId", "since"]);
  const application = table("Application", [
    "id",
    "number",
    "municipalityId",
    "kind",
    "personId",
    "category",
    "mode",
    "vehicleId",
    "status",
    "packId",
    "packVersion",
    "renewalOfId",
    "submittedAt",
    "decidedAt",
    "createdAt",
    "updatedAt",
  ]);
  const change = table("ApplicationStatusChange", ["id", "applicationId", "fromStatus", "toStatus", "at"]);
  const document = table("Document", [
    "id",
    "type",
    "ownerUserId",
    "personId",
    "applicationId",
    "storageKey",
    "originalName",
    "sha256",
    "mime",
    "sizeBytes",
    "issueDate",
    "expiryDate",
    "reviewStatus",
    "reviewedAt",
    "createdAt",
  ]);
  const credential = table("Credential", [
    "id",
    "serial",
    "municipalityId",
    "type",
    "category",
    "holderPersonId",
    "vehicleId",
    "applicationId",
    "holderDisplayName",
    "plate",
    "validFrom",
    "validUntil",
    "status",
    "statusReason",
    "supersededById",
    "kid",
    "token",
    "renderDataJson",
    "issuedAt",
  ]);
  const scan = table("VerificationLog", ["id", "credentialId", "channel", "verdict", "at"]);
  const auditEvent = table("AuditEvent", [
    "seq",
    "at",
    "actorUserId",
    "actorRole",
    "municipalityId",
    "action",
    "subjectType",
    "subjectId",
    "beforeJson",
    "afterJson",
    "requestId",
    "prevHash",
    "hash",
  ]);
  const head = await db.auditHead.findUniqueOrThrow({ where: { id: 1 } });
  let seq = head.seq;
  let prev = head.hash;
  const audited = (when: Date, action: string, subjectType: string, subjectId: string, after: unknown) => {
    seq++;
    const content = {
      seq,
      at: when.toISOString(),
      actorUserId: null,
      actorRole: "SISTEMA",
      municipalityId: sp.id,
      action,
      subjectType,
      subjectId,
      beforeJson: null,
      afterJson: JSON.stringify(after),
      requestId: "bench-seed",
    };
    const hash = hashEvent(prev, content);
    auditEvent([
      content.seq,
      content.at,
      null,
      content.actorRole,
      sp.id,
      action,
      subjectType,
      subjectId,
      null,
      content.afterJson,
      content.requestId,
      prev,
      hash,
    ]);
    prev = hash;
  };
  const counts = { credentials: 0, scans: 0 };
  let appNumber = 0;
  let serialNumber = 0;
  /** Serials as the portal prints them (typed-code.ts): prefix, category, year, six digits. */
  const perYear = new Map<string, number>();

  const issue = async (
    i: number,
    appId: string,
    personId: string,
    vehicleId: string,
    name: string,
    plate: string,
    from: number,
    status: string,
    id: string,
    supersededBy: string | null,
  ) => {
    serialNumber++;
    const year = day(from).slice(0, 4);
    const number = (perYear.get(year) ?? 0) + 1;
    if (number > 999_999)
      throw new Error(`mais de 999.999 crachás de motoboy em ${year}: o número de série tem 6 dígitos`);
    perYear.set(year, number);
    const serial = `SPO-MB-${year}-${String(number).padStart(6, "0")}`;
    const claims = {
      issuer: IBGE,
      serial,
      type: "CRACHA" as const,
      category: "MOTOBOY" as const,
      holderName: name,
      plate,
      validFrom: day(from),
      validUntil: day(from + 364),
    };
    const token = await signCredential(claims, signer);
    credential([
      id,
      serial,
      sp.id,
      "CRACHA",
      "MOTOBOY",
      personId,
      vehicleId,
      appId,
      name,
      plate,
      claims.validFrom,
      claims.validUntil,
      status,
      status === "SUSPENDED" || status === "REVOKED" ? "Infração (bench)" : null,
      supersededBy,
      signer.kid,
      token,
      "{}",
      at(from, i),
    ]);
    audited(at(from, i), "credential.issue", "Credential", id, { serial });
    counts.credentials++;
    const verdict = status === "ACTIVE" ? "VALID" : status === "EXPIRED" ? "EXPIRED" : status;
    const n = Math.floor(rand(i, 40 + (serialNumber % 7)) * 2 * SCANS);
    for (let k = 0; k < n; k++) {
      scan([
        idOf(`s${k}`, id),
        id,
        k % 4 === 0 ? "SERIAL" : "QR",
        verdict,
        at(from + Math.floor(rand(i, 50 + k) * 300), i + k),
      ]);
      counts.scans++;
    }
  };

  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  for (let i = 0; i < DRIVERS; i++) {
    const name = `${pick(FIRST, rand(i, 1))} ${pick(LAST, rand(i, 2))} ${pick(LAST, rand(i, 3))}`;
    const cpf = cpfWithCheckDigits(String(700_000_000 + i * 7 + (SEED % 7)));
    const ids = { user: idOf("bu", i), person: idOf("bp", i), vehicle: idOf("bv", i), app: idOf("ba", i) };
    const since = -6 - Math.floor(rand(i, 4) * 700); // up to ~two years ago, decided by now
    user([ids.user, cpf, `condutor${i}@bench.invalid`, name, at(since, i), null, at(since, i), now]);
    person([
      ids.person,
      ids.user,
      name,
      cpf,
      day(-9000 - Math.floor(rand(i, 5) * 9000)),
      "A",
      day(-3000),
      "11999990000",
      "01000-000",
      "São Paulo",
      "SP",
      IBGE,
      at(since, i),
      now,
    ]);
    const plate = `S${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}${Math.floor(i / 676) % 10}${String.fromCharCode(65 + (Math.floor(i / 6760) % 26))}${String(Math.floor(i / 175760) % 100).padStart(2, "0")}`;
    vehicle([
      ids.vehicle,
      plate,
      "Honda",
      "CG 160",
      2020 + Math.floor(rand(i, 6) * 6),
      160,
      "ALUGUEL",
      IBGE,
      "HOLDER",
      at(since, i),
      now,
    ]);
    vehicleDriver([idOf("bvd", i), ids.vehicle, ids.person, at(since, i)]);
    const fate = rand(i, 7);
    const status =
      fate < 0.05 ? pick(OPEN, rand(i, 8)) : fate < 0.07 ? (rand(i, 8) < 0.5 ? "REJECTED" : "WITHDRAWN") : "ISSUED";
    appNumber++;
    const number = `REQ-2026-${String(appNumber).padStart(7, "0")}`;
    const submitted = status === "DRAFT" ? null : at(since, i);
    application([
      ids.app,
      number,
      sp.id,
      "NEW",
      ids.person,
      "MOTOBOY",
      "AUTONOMO",
      ids.vehicle,
      status,
      itauna.rulePackId,
      "1.0.0",
      null,
      submitted,
      status === "ISSUED" || status === "REJECTED" ? at(since + 5, i) : null,
      at(since, i),
      now,
    ]);
    change([idOf("c0", ids.app), ids.app, null, "DRAFT", at(since, i)]);
    if (submitted) change([idOf("c1", ids.app), ids.app, "DRAFT", "SUBMITTED", submitted]);
    if (status !== "DRAFT" && status !== "SUBMITTED")
      change([idOf("c2", ids.app), ids.app, "SUBMITTED", status, at(since + 5, i)]);
    audited(at(since, i), "application.create", "Application", ids.app, { number });
    for (const [k, type] of DOCS.entries())
      document([
        idOf(`d${k}`, ids.app),
        type,
        ids.user,
        ids.person,
        ids.app,
        `bench/${ids.app}/${k}`,
        `${type}.pdf`,
        randomBytes(32).toString("hex"),
        type === "FOTO_3X4" ? "image/jpeg" : "application/pdf",
        200_000 + Math.floor(rand(i, 10 + k) * 800_000),
        day(since - 10),
        type === "CNH" || type === "CRLV" ? day(since + 1500) : null,
        status === "ISSUED" ? "ACCEPTED" : "PENDING",
        status === "ISSUED" ? at(since + 4, i) : null,
        at(since, i),
      ]);
    if (status !== "ISSUED") continue;
    const kind = rand(i, 20);
    const from = since + 5;
    if (kind < 0.1 && from < -340) {
      // Renewed: the first crachá superseded by a second, from a renewal application.
      const renewal = idOf("bar", i);
      appNumber++;
      application([
        renewal,
        `REQ-2026-${String(appNumber).padStart(7, "0")}`,
        sp.id,
        "RENEWAL",
        ids.person,
        "MOTOBOY",
        "AUTONOMO",
        ids.vehicle,
        "ISSUED",
        itauna.rulePackId,
        "1.0.0",
        ids.app,
        at(from + 330, i),
        at(from + 335, i),
        at(from + 330, i),
        now,
      ]);
      change([idOf("c0", renewal), renewal, null, "DRAFT", at(from + 330, i)]);
      await issue(i, ids.app, ids.person, ids.vehicle, name, plate, from, "SUPERSEDED", idOf("bc", i), idOf("bcr", i));
      await issue(
        i,
        renewal,
        ids.person,
        ids.vehicle,
        name,
        plate,
        from + 335,
        from + 335 + 364 < 0 ? "EXPIRED" : "ACTIVE",
        idOf("bcr", i),
        null,
      );
    } else {
      const st = from + 364 < 0 ? "EXPIRED" : kind < 0.14 ? "SUSPENDED" : kind < 0.15 ? "REVOKED" : "ACTIVE";
      await issue(i, ids.app, ids.person, ids.vehicle, name, plate, from, st, idOf("bc", i), null);
    }
    if ((i + 1) % CHUNK === 0 || i + 1 === DRIVERS) {
      await writeAll(client);
      lap(`${i + 1} drivers written`);
    }
  }
  lap(`${DRIVERS} drivers, ${counts.credentials} credentials, ${counts.scans} scans, ${seq - head.seq} audit events`);
  await client.query(`UPDATE "AuditHead" SET seq = $1, hash = $2 WHERE id = 1`, [seq, prev]);
  await client.query("ANALYZE");
  lap("audit head moved; ANALYZE");
  const size = await client.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`);
  lap(`done: ${DB_URL} (${size.rows[0].size})`);
  await client.end();
  await db.$disconnect();
}

await main();

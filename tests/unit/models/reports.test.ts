import { describe, expect, it } from "vitest";
import { reportTable, toCsv } from "~/http/report-tables.server";
import { populationHistory, quotaOverview, updatePopulation } from "~/models/population.server";
import {
  applicationsByStatus,
  credentialsByCategoryAndStatus,
  credentialsInForceByKid,
  expiringCredentials,
  infractionsByClass,
  rulePackHistory,
} from "~/models/reports.server";
import { publishParameters } from "~/models/rule-pack.server";
import { db } from "~/utils/db.server";
import { createCredentialRow, createMunicipality, createUser, testActor } from "../../support/factories";

const DAY = 86_400_000;
let n = 0;
const now = new Date("2026-06-10T12:00:00Z");

const credential = createCredentialRow;

async function application(m: { id: string; serialPrefix: string }, status: string, daysAgo: number | null) {
  n++;
  return db.application.create({
    data: {
      number: `REQ-${m.serialPrefix}-2026-${String(n).padStart(6, "0")}`,
      municipalityId: m.id,
      category: "MOTOTAXI",
      mode: "AUTONOMO",
      status,
      packId: "patrocinio-mg",
      packVersion: "1.0.0",
      submittedAt: daysAgo === null ? null : new Date(now.getTime() - daysAgo * DAY),
    },
  });
}

async function infraction(m: { id: string; serialPrefix: string }, cls: string, status: string) {
  n++;
  return db.infraction.create({
    data: {
      number: `AI-${m.serialPrefix}-2026-${String(n).padStart(6, "0")}`,
      municipalityId: m.id,
      code: "X",
      class: cls,
      citation: "Lei 4.883/2017, art. 33, I",
      occurredAt: now,
      status,
    },
  });
}

describe("reports", () => {
  it("counts credentials by category, type and status", async () => {
    const m = await createMunicipality();
    await credential(m, {});
    await credential(m, {});
    await credential(m, { status: "SUSPENDED" });
    await credential(m, { type: "SELO_VISTORIA" });
    await credential(m, { category: "MOTOBOY", status: "REVOKED" });
    const rows = await credentialsByCategoryAndStatus(m.id);
    const count = (category: string, type: string, status: string) =>
      rows.find((r) => r.category === category && r.type === type && r.status === status)?.count ?? 0;
    expect([
      count("MOTOTAXI", "CRACHA", "ACTIVE"),
      count("MOTOTAXI", "CRACHA", "SUSPENDED"),
      count("MOTOTAXI", "SELO_VISTORIA", "ACTIVE"),
      count("MOTOBOY", "CRACHA", "REVOKED"),
    ]).toEqual([2, 1, 1, 1]);
    const table = await reportTable("credenciais", m, "2026-06-10");
    expect(table.columns).toEqual([
      "Categoria",
      "Tipo",
      "Ativa",
      "Suspensa",
      "Cassada",
      "Substituída",
      "Vencida",
      "Total",
    ]);
    expect(table.rows).toContainEqual(["Mototáxi", "Crachá", 2, 1, 0, 0, 0, 3]);
  });

  it("gives the time in queue of the applications waiting (median, 90%, maximum) and the buckets of the chart", async () => {
    const m = await createMunicipality();
    for (const d of [1, 2, 3, 10, 40]) await application(m, "SUBMITTED", d);
    await application(m, "IN_REVIEW", 5);
    await application(m, "ISSUED", 90);
    await application(m, "DRAFT", null);
    const r = await applicationsByStatus(m.id, now);
    expect(r.byStatus).toMatchObject({ SUBMITTED: 5, IN_REVIEW: 1, ISSUED: 1, DRAFT: 1 });
    expect(r.waiting.find((w) => w.status === "SUBMITTED")).toEqual({
      status: "SUBMITTED",
      count: 5,
      medianDays: 3,
      p90Days: 40,
      maxDays: 40,
    });
    expect(r.buckets.map((b) => b.count)).toEqual([2, 2, 1, 0, 1]);
  });

  it("lists the credentials in force expiring in the next 30 and 60 days, both ends included", async () => {
    const m = await createMunicipality();
    const other = await createMunicipality();
    const today = "2026-06-10";
    await credential(m, { validUntil: "2026-06-10", holder: "Vence Hoje" });
    await credential(m, { validUntil: "2026-07-10", holder: "Trinta Dias" });
    await credential(m, { validUntil: "2026-08-09", holder: "Sessenta Dias" });
    await credential(m, { validUntil: "2026-08-10", holder: "Sessenta e Um" });
    await credential(m, { validUntil: "2026-06-20", status: "SUSPENDED", holder: "Suspensa" });
    await credential(m, { validUntil: "2026-06-09", holder: "Já Venceu" });
    await credential(other, { validUntil: "2026-06-20", holder: "Outra Cidade" });
    const r = await expiringCredentials(m.id, today);
    expect(r.rows.map((x) => x.holderDisplayName)).toEqual(["Vence Hoje", "Trinta Dias", "Sessenta Dias"]);
    expect([r.in30, r.in60]).toEqual([2, 3]);
    const table = await reportTable("vencimentos", m, today);
    expect(table.rows.map((row) => row[row.length - 1])).toEqual([0, 30, 60]);
  });

  it("counts autos by class and process status, and names the classes as the law does", async () => {
    const m = await createMunicipality();
    await infraction(m, "LEVE", "REGISTERED");
    await infraction(m, "LEVE", "DECIDED");
    await infraction(m, "GRAVE", "DECIDED");
    expect(
      (await infractionsByClass(m.id)).sort(
        (a, b) => a.class.localeCompare(b.class) || a.status.localeCompare(b.status),
      ),
    ).toEqual([
      { class: "GRAVE", status: "DECIDED", count: 1 },
      { class: "LEVE", status: "DECIDED", count: 1 },
      { class: "LEVE", status: "REGISTERED", count: 1 },
    ]);
    const table = await reportTable("infracoes", m, "2026-06-10");
    expect(table.rows[0]).toEqual(["Leve (Grupo 1)", 1, 0, 1, 0, 0, 0, 2]); // …, Em recurso, Decisão definitiva, Arquivado, Total
    expect(table.chart?.rows.map((r) => r.value)).toEqual([2, 0, 1, 0]);
  });

  it("writes CSV a Brazilian spreadsheet opens: BOM, semicolons, quoted text, no formulas", () => {
    const csv = toCsv({
      name: "vencimentos",
      title: "t",
      description: "",
      columns: ["Nome", "Total"],
      numeric: [false, true],
      chart: null,
      rows: [
        ["Silva; Souza", 3],
        ['Disse "oi"', 1],
        ["=HYPERLINK(1)", 0],
      ],
    });
    expect(csv).toBe('\uFEFFNome;Total\r\n"Silva; Souza";3\r\n"Disse ""oi""";1\r\n"\'=HYPERLINK(1)";0\r\n');
  });
});

describe("population and quotas", () => {
  it("updates the population with source and date, audited before and after, and the quota follows", async () => {
    const m = await createMunicipality();
    const gestor = await createUser({ name: "Gestora de Teste" });
    const actor = { ...testActor, userId: gestor.id, role: "GESTOR" };
    const person = await db.person.create({
      data: { userId: (await createUser()).id, fullName: "Titular", cpf: String(Date.now()).slice(-11) },
    });
    await credential(m, { type: "CERTIFICADO", personId: person.id });
    await credential(m, { type: "CERTIFICADO", personId: person.id, status: "SUSPENDED" });
    await credential(m, { type: "CERTIFICADO", personId: person.id, status: "REVOKED" });
    await credential(m, { type: "CRACHA", personId: person.id });

    const before = await quotaOverview(await db.municipality.findUniqueOrThrow({ where: { id: m.id } }));
    expect(before.find((q) => q.category === "MOTOTAXI")).toMatchObject({
      unit: "PERMISSAO",
      inhabitantsPerUnit: 2000,
      limit: 25,
      inForce: 2,
      available: 23,
      citation: "Lei 4.883/2017, art. 10, I",
    });
    expect(before.find((q) => q.category === "MOTOBOY")).toMatchObject({ limit: null, available: null });

    await updatePopulation(m.id, { population: 3999, source: "IBGE, estimativa 2025", date: "2025-07-01" }, actor);
    const after = await db.municipality.findUniqueOrThrow({ where: { id: m.id } });
    expect([after.population, after.populationSource, after.populationDate]).toEqual([
      3999,
      "IBGE, estimativa 2025",
      "2025-07-01",
    ]);
    expect((await quotaOverview(after)).find((q) => q.category === "MOTOTAXI")).toMatchObject({
      limit: 1,
      inForce: 2,
      available: 0,
    });

    const history = await populationHistory(m.id);
    expect(history[0]).toMatchObject({
      who: "Gestora de Teste",
      before: { population: 50000, source: "IBGE" },
      after: { population: 3999, source: "IBGE, estimativa 2025", date: "2025-07-01" },
    });
    await expect(
      updatePopulation(m.id, { population: 0, source: "x", date: "2025-01-01" }, actor),
    ).rejects.toMatchObject({ kind: "invalid" });
  });

  it("counts Jardim's concessions and motorcycles against their own quotas", async () => {
    const m = await db.municipality.update({
      where: { id: (await createMunicipality("Jardim de Teste")).id },
      data: { rulePackId: "jardim-ms", population: 23981 },
    });
    await credential(m, { type: "CERTIFICADO_OPERADOR" });
    await credential(m, { type: "SELO_VISTORIA" });
    await credential(m, { type: "SELO_VISTORIA", status: "EXPIRED" });
    const rows = await quotaOverview(m);
    expect(rows.map((r) => [r.unit, r.limit, r.inForce])).toEqual([
      ["CONCESSAO", 9, 1],
      ["VEICULO", 95, 1],
    ]);
  });
});

describe("gestor pages", () => {
  it("tells what each key signed that is still in force, and the pack's published versions with who published them", async () => {
    const m = await createMunicipality();
    await credential(m, { kid: "kid-a" });
    await credential(m, { kid: "kid-a", status: "SUSPENDED" });
    await credential(m, { kid: "kid-a", status: "REVOKED" });
    await credential(m, { kid: "kid-b" });
    expect(await credentialsInForceByKid(m.id)).toEqual({ "kid-a": 2, "kid-b": 1 });

    const gestor = await createUser({ name: "Gestora das Regras" });
    await publishParameters(m, { diasFotoRecente: 60 }, "Decreto 123/2026", { ...testActor, userId: gestor.id });
    const history = await rulePackHistory(m.id);
    expect(history.map((h) => [h.version, h.note, h.who, h.values.diasFotoRecente])).toEqual([
      ["1.1.0", "Decreto 123/2026", "Gestora das Regras", 60],
    ]);
  });
});

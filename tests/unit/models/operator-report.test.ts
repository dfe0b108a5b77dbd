import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { withParameters } from "~/domain/rule-packs";
import { getPack } from "~/domain/rule-packs/shipped";
import { addVehicle } from "~/models/fleet.server";
import { operatorsOfMunicipality } from "~/models/operator-oversight.server";
import { fileReport, getFiledReport, reportHistory, requestReport } from "~/models/operator-report.server";
import { reportCsv } from "~/models/operator-report-content.server";
import { renderReportPdf, reportSubtitle } from "~/models/operator-report-pdf.server";
import { operatorSchedule, reportSchedule } from "~/models/operator-report-schedule.server";
import { db } from "~/utils/db.server";
import { credentialed, linkedDriver, staffActor, town } from "../../e2e/fixtures/operator-support";

const row = (kind: string, periodStart: string, filed = true) => ({
  id: `r-${kind}-${periodStart}`,
  kind,
  periodStart,
  periodEnd: periodStart,
  dueOn: periodStart,
  filedAt: filed ? new Date() : null,
  contentJson: '{"tables":[]}',
});

describe("which reports are due (reportSchedule, pure)", () => {
  it("Itaúna: the list of drivers every quarter, from the quarter of credentialing, overdue the day after its term", () => {
    const pack = getPack("itauna-mg")!;
    const due = reportSchedule(pack, "2026-02-10", [row("relacao_condutores", "2026-01-01")], "2026-11-29");
    expect(due.map((d) => [d.periodStart, d.periodEnd, d.dueOn, d.state])).toEqual([
      ["2026-04-01", "2026-06-30", "2026-07-01", "OVERDUE"],
      ["2026-07-01", "2026-09-30", "2026-10-01", "OVERDUE"],
      ["2026-10-01", "2026-12-31", "2027-01-01", "DUE"],
    ]);
    expect(due[2]).toMatchObject({ citation: "Lei 4.785/2013, art. 7º", content: "DRIVERS", daysLeft: 33 });
    // On its due day a report is still on time.
    expect(
      reportSchedule(pack, "2026-02-10", [], "2026-07-01").find((d) => d.periodStart === "2026-04-01")?.state,
    ).toBe("DUE");
  });

  it("Lavras: the monthly report with documents, and the vehicle list whose term the Secretaria has not set (on request until it does)", () => {
    const pack = getPack("lavras-mg")!;
    const due = reportSchedule(pack, "2026-11-05", [], "2026-11-29");
    expect(due.map((d) => [d.duty, d.state, d.dueOn])).toEqual([
      ["relatorio_mensal", "DUE", "2026-12-01"],
      ["relacao_veiculos", "ON_REQUEST", null],
    ]);
    const withTerm = withParameters(pack, { prazoRelacaoVeiculosDias: 30 });
    expect(
      reportSchedule(withTerm, "2026-10-01", [], "2026-11-29").find((d) => d.duty === "relacao_veiculos"),
    ).toMatchObject({ state: "OVERDUE", dueOn: "2026-10-31" });
  });

  it("Jardim: the driver list only when the city asks; nothing is due before credentialing", () => {
    const pack = getPack("jardim-ms")!;
    expect(
      reportSchedule(pack, "2026-03-01", [], "2026-11-29").find((d) => d.duty === "relacao_condutores"),
    ).toMatchObject({ state: "ON_REQUEST", dueOn: null });
    const requested = {
      ...row("relacao_condutores", "2026-11-20", false),
      dueOn: "2026-11-25",
      contentJson: JSON.stringify({ requested: { at: "2026-11-20T12:00:00Z", note: null } }),
    };
    expect(reportSchedule(pack, "2026-03-01", [requested], "2026-11-29").find((d) => d.requested)).toMatchObject({
      state: "OVERDUE",
      dueOn: "2026-11-25",
    });
    expect(reportSchedule(pack, null, [], "2026-11-29")).toEqual([]);
  });
});

describe("filing a report", () => {
  it("Lavras: the monthly report lists the registered drivers with their documents, kept as filed, in CSV and PDF", async () => {
    const m = await town("lavras-mg");
    const { operator, actor } = await credentialed(m.id, {
      category: "APLICATIVO",
      kind: "PLATAFORMA",
      facts: { headOfficeHere: true },
    });
    const { person } = await linkedDriver(operator, actor, "Renata Motorista");
    // Her application through the platform, with one document.
    const app = await db.application.create({
      data: {
        number: `REQ-REL-${Date.now()}`,
        municipalityId: m.id,
        personId: person.id,
        category: "APLICATIVO",
        mode: "VINCULADO",
        linkedOperatorId: operator.id,
        packId: "lavras-mg",
        packVersion: "1.0.0",
        status: "SUBMITTED",
      },
    });
    await db.document.create({
      data: {
        type: "CNH",
        ownerUserId: person.userId,
        personId: person.id,
        applicationId: app.id,
        storageKey: `teste/${app.id}`,
        originalName: "cnh.pdf",
        sha256: "a".repeat(64),
        mime: "application/pdf",
        sizeBytes: 10,
        expiryDate: "2030-01-01",
      },
    });
    await addVehicle(
      operator,
      {
        plate: "LAV2C34",
        make: "Fiat",
        model: "Cronos",
        manufactureYear: 2022,
        doors: 4,
        passengerSeats: 4,
        ownerDocument: person.cpf,
        ownerName: "Renata Motorista",
        leased: false,
      },
      actor,
    );

    const { schedule } = await operatorSchedule(operator);
    const monthly = schedule.find((s) => s.duty === "relatorio_mensal")!;
    const report = await fileReport(operator, { duty: "relatorio_mensal", periodStart: monthly.periodStart }, actor);
    await expect(
      fileReport(operator, { duty: "relatorio_mensal", periodStart: monthly.periodStart }, actor),
    ).rejects.toMatchObject({ kind: "conflict" });
    const filed = (await getFiledReport(operator.id, report.id))!;
    expect(filed.snapshot.tables[0].rows).toEqual([
      [
        "Renata Motorista",
        expect.any(String),
        "",
        expect.any(String),
        expect.stringContaining(app.number),
        "nenhuma em vigor",
      ],
    ]);
    expect(filed.snapshot.tables[1].rows[0]).toEqual(
      expect.arrayContaining([
        "Renata Motorista",
        "CNH categoria B ou superior com EAR, em situação normal",
        "em análise",
        "a".repeat(64),
      ]),
    );
    expect(filed.snapshot.citation).toBe("Lei 4.544/2019, art. 9º, parágrafo único");

    const csv = reportCsv(filed.snapshot);
    // The title holds commas: quoted, so a spreadsheet set to commas keeps it one cell.
    expect(csv.startsWith('\uFEFF"Relatório mensal dos motoristas cadastrados')).toBe(true);
    expect(csv).toContain("Nome;CPF;CNH;Vinculado desde;Requerimento;Credencial em vigor");
    const pdf = await renderReportPdf(filed.snapshot, report.filedAt!, filed.timeZone);
    expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe("%PDF-");
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThanOrEqual(1);

    // The vehicle list (on request) carries year, model, plate, owner and drivers.
    const vehicles = await fileReport(
      operator,
      { duty: "relacao_veiculos", periodStart: schedule.find((s) => s.duty === "relacao_veiculos")!.periodStart },
      actor,
    );
    const v = (await getFiledReport(operator.id, vehicles.id))!.snapshot.tables[0];
    expect(v.columns).toEqual([
      "Placa",
      "Ano (fab./mod.)",
      "Marca/modelo",
      "Proprietário",
      "Locado",
      "Nº de controle",
      "Condutores",
    ]);
    expect(v.rows[0]).toEqual(["LAV2C34", "2022", "Fiat Cronos", "Renata Motorista", "não", "", ""]);
    expect((await reportHistory(operator.id)).map((h) => h.kind).sort()).toEqual([
      "relacao_veiculos",
      "relatorio_mensal",
    ]);
  });

  it("a PDF is produced even for names outside WinAnsi", async () => {
    const snapshot = {
      title: "Relação",
      citation: "Lei 1/2000, art. 1º",
      operator: { legalName: "Łódź Transportes", cnpj: "11222333000181" },
      municipality: { name: "Cidade", uf: "MG" },
      periodStart: "2026-01-01",
      periodEnd: "2026-03-31",
      generatedAt: new Date().toISOString(),
      tables: [{ title: "Condutores", columns: ["Nome"], rows: [["Nguyễn Văn Łukasz"]] }],
    };
    expect((await renderReportPdf(snapshot, new Date(), "America/Sao_Paulo")).length).toBeGreaterThan(500);
    // "Entregue em" is the day in the municipality's zone: 02:30 UTC on 1 March is still 28 February in Cuiabá.
    const lateAtNight = new Date("2026-03-01T02:30:00Z");
    expect(reportSubtitle(snapshot, lateAtNight, "America/Cuiaba")).toMatch(/Entregue em 28\/02\/2026$/);
    expect(reportSubtitle(snapshot, lateAtNight, "America/Noronha")).toMatch(/Entregue em 01\/03\/2026$/);
    expect(reportSubtitle(snapshot, new Date("2026-03-01T03:30:00Z"), "America/Sao_Paulo")).toMatch(
      /Entregue em 01\/03\/2026$/,
    );
  });

  it("the city requests a report (Jardim), the operator files it, and the staff list flags what is overdue", async () => {
    const m = await town("jardim-ms", 25000);
    const { operator, actor } = await credentialed(m.id, {
      category: "MOTOTAXI",
      kind: "CONCESSIONARIA",
      facts: { declaredAssetsBrl: 20000 },
    });
    const now = new Date();
    await requestReport(operator, "relacao_condutores", "2099-01-01", "Fiscalização de rotina", staffActor, now);
    await expect(
      requestReport(operator, "relacao_condutores", "2000-01-01", null, staffActor, now),
    ).rejects.toMatchObject({ kind: "invalid" });
    const requested = (await operatorSchedule(operator)).schedule.find((s) => s.requested)!;
    expect(requested).toMatchObject({ state: "DUE", dueOn: "2099-01-01" });
    await fileReport(operator, { duty: "relacao_condutores", periodStart: requested.periodStart }, actor);
    expect((await operatorSchedule(operator)).schedule.some((s) => s.requested)).toBe(false);
    const [history] = await reportHistory(operator.id);
    expect(history.snapshot?.requested?.note).toBe("Fiscalização de rotina");
    const staffRow = (await operatorsOfMunicipality(m)).find((o) => o.id === operator.id)!;
    expect(staffRow.overdueReports).toEqual([]);
  });
});

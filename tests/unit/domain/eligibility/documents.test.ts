import { describe, expect, test } from "vitest";
import { type DocumentOnFile, evaluate, type RequiredDocument } from "~/domain/eligibility";
import { patrocinioMg } from "~/domain/rule-packs/shipped";

// Patrocínio's titular: ATESTADO_MEDICO valid P1Y (art. 5º, § 2º), FOTO_3X4 "recent" = 90 days,
// CNH with its own printed expiry.
function statusOn(date: string, docs: DocumentOnFile[], type: string): RequiredDocument {
  const row = evaluate({
    pack: patrocinioMg,
    category: "MOTOTAXI",
    mode: "AUTONOMO",
    date,
    documents: docs,
  }).requiredDocuments.find((d) => d.type === type);
  if (!row) throw new Error(`no ${type}`);
  return row;
}

const medical = (issueDate: string, reviewState: DocumentOnFile["reviewState"] = "ACCEPTED"): DocumentOnFile => ({
  type: "ATESTADO_MEDICO",
  issueDate,
  reviewState,
});

describe("expiry on the exact day", () => {
  test.each([
    {
      name: "a yearly certificate is still valid on its anniversary (the last day)",
      date: "2025-03-10",
      status: "EXPIRING",
    },
    { name: "and expired the day after", date: "2025-03-11", status: "EXPIRED" },
    { name: "61 days before the last day it is plainly accepted", date: "2025-01-08", status: "ACCEPTED" },
    { name: "60 days before the last day it is expiring", date: "2025-01-09", status: "EXPIRING" },
  ])("$name", ({ date, status }) => {
    const row = statusOn(date, [medical("2024-03-10")], "ATESTADO_MEDICO");
    expect(row.status).toBe(status);
    expect(row.expiresOn).toBe("2025-03-10");
    expect(row.citation).toBe("Lei 4.883/2017, art. 5º, VII");
  });

  test("a certificate issued on 29 February runs to 1 March of the next year (CC art. 132, § 3º)", () => {
    expect(statusOn("2025-03-01", [medical("2024-02-29")], "ATESTADO_MEDICO")).toMatchObject({
      status: "EXPIRING",
      expiresOn: "2025-03-01",
    });
  });

  test("a printed expiry date is the last valid day", () => {
    const cnh: DocumentOnFile = {
      type: "CNH",
      issueDate: "2020-01-01",
      expiryDate: "2025-06-15",
      reviewState: "ACCEPTED",
    };
    expect(statusOn("2025-06-15", [cnh], "CNH").status).toBe("EXPIRING");
    expect(statusOn("2025-06-16", [cnh], "CNH").status).toBe("EXPIRED");
  });

  test('a "recent" photo lasts the parameter\'s 90 days', () => {
    const photo: DocumentOnFile = { type: "FOTO_3X4", issueDate: "2025-01-01", reviewState: "ACCEPTED" };
    expect(statusOn("2025-04-01", [photo], "FOTO_3X4")).toMatchObject({ status: "EXPIRING", expiresOn: "2025-04-01" });
    expect(statusOn("2025-04-02", [photo], "FOTO_3X4").status).toBe("EXPIRED");
  });
});

describe("review states", () => {
  test("nothing on file is MISSING", () => {
    expect(statusOn("2025-01-01", [], "ATESTADO_MEDICO").status).toBe("MISSING");
  });

  test("an upload not yet reviewed awaits review", () => {
    expect(statusOn("2025-01-01", [medical("2024-12-01", "PENDING")], "ATESTADO_MEDICO").status).toBe(
      "AWAITING_REVIEW",
    );
  });

  test("an expired upload is EXPIRED even before review", () => {
    expect(statusOn("2025-12-02", [medical("2024-12-01", "PENDING")], "ATESTADO_MEDICO").status).toBe("EXPIRED");
  });

  test("a rejection carries its reason", () => {
    const row = statusOn(
      "2025-01-01",
      [{ ...medical("2024-12-01", "REJECTED"), reason: "Assinatura ilegível" }],
      "ATESTADO_MEDICO",
    );
    expect(row).toMatchObject({ status: "REJECTED", reason: "Assinatura ilegível" });
  });

  test("a document whose validity runs from an unknown issue date cannot be accepted yet", () => {
    const row = statusOn("2025-01-01", [{ type: "ATESTADO_MEDICO", reviewState: "ACCEPTED" }], "ATESTADO_MEDICO");
    expect(row.status).toBe("AWAITING_REVIEW");
    expect(row.reason).toMatch(/data de emissão/);
  });

  test("a valid accepted upload counts over a newer rejected one, and the longest-lived of two accepted", () => {
    const docs = [medical("2024-09-01"), medical("2024-11-01"), { ...medical("2024-12-20", "REJECTED"), reason: "x" }];
    expect(statusOn("2025-01-01", docs, "ATESTADO_MEDICO")).toMatchObject({
      status: "ACCEPTED",
      expiresOn: "2025-11-01",
    });
  });
});

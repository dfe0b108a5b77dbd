// Issue #17 item: a credential's serial takes the municipality's civil year at issuance, as
// requerimento numbers do — not the server clock's year.
import { describe, expect, it } from "vitest";
import { issueCredentials } from "~/models/credentials/issue.server";
import { signerFor } from "~/models/signing-key.server";
import { db } from "~/utils/db.server";
import { createMunicipality, testActor } from "../../support/factories";

async function issueAt(timeZone: string, now: Date, validFrom: string) {
  const created = await createMunicipality();
  const m = await db.municipality.update({ where: { id: created.id }, data: { timeZone } });
  const signer = await signerFor(m.id, testActor);
  const [issued] = await db.$transaction((tx) =>
    issueCredentials(
      tx,
      m,
      [
        {
          type: "SELO_VISTORIA",
          category: "MOTOTAXI",
          holderName: "Joana Teste",
          plate: "ABC1D23",
          validFrom,
          validUntil: "2027-12-31",
          layout: ({ serial, qrText, domain, registrationNumber }) => ({
            layout: "seal",
            data: {
              issuer: { municipality: m.name, uf: "MG", timeZone },
              category: { label: "MOTOTÁXI" },
              registrationCode: registrationNumber,
              plate: "ABC-1D23",
              vistoriaValidUntil: "2027-12-31",
              legalBasis: null,
              verification: { serial, qrText, domain },
            },
          }),
        },
      ],
      signer,
      testActor,
      { now },
    ),
  );
  return { serial: issued.serial, prefix: m.serialPrefix };
}

describe("the year in a credential's serial", () => {
  // 22:30 on 31 December in Rio Branco (UTC−5) is 03:30 on 1 January in UTC.
  const newYearInUtc = new Date("2027-01-01T03:30:00Z");

  it("is the municipality's civil year where the old year still runs (Rio Branco, UTC−5)", async () => {
    // Issued on 31 December there, even for a validity that starts the next day.
    const { serial, prefix } = await issueAt("America/Rio_Branco", newYearInUtc, "2027-01-01");
    expect(serial).toMatch(new RegExp(`^${prefix}-MT-2026-\\d{6}$`));
  });

  it("is the new year where it has already turned (Noronha, UTC−2), at the same instant", async () => {
    const { serial, prefix } = await issueAt("America/Noronha", newYearInUtc, "2027-01-01");
    expect(serial).toMatch(new RegExp(`^${prefix}-MT-2027-\\d{6}$`));
  });
});

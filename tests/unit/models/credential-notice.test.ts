import { describe, expect, it } from "vitest";
import { addDays } from "~/domain/eligibility/calendar";
import { formatDate } from "~/domain/format";
import { civilDate } from "~/domain/time";
import { penaltyNoticeOf, penaltyNotices } from "~/models/credentials/penalty-notice.server";
import { changeCredentialStatus } from "~/models/credentials/status.server";
import { db } from "~/utils/db.server";
import { createMunicipality, createSignedCredential, testActor } from "../../support/factories";

const staff = { ...testActor, role: "ANALISTA" };

describe("the holder's notices of suspended and revoked credentials", () => {
  it("reads the stored reason and end date, the day of the decision and the municipality's law", async () => {
    const m = await createMunicipality();
    await db.municipality.update({ where: { id: m.id }, data: { rulePackId: "jardim-ms" } });
    const active = (await createSignedCredential(m)).credential;
    const { credential } = await createSignedCredential(m);
    const until = addDays(civilDate(new Date(), m.timeZone), 10);
    await changeCredentialStatus(
      credential.id,
      m.id,
      "suspend",
      { reason: "Sem capacete para o passageiro", citation: "Lei 904/1997, art. 28, d", until },
      staff,
    );
    const stored = await db.credential.findUniqueOrThrow({ where: { id: credential.id } });
    const notices = await penaltyNotices([active, stored]);
    expect(notices.has(active.id)).toBe(false);
    const n = notices.get(credential.id)!;
    expect(n.title).toBe(`Suspensa até ${formatDate(until)}`);
    expect(n.reason).toBe("Motivo: Sem capacete para o passageiro (Lei 904/1997, art. 28, d).");
    const lastDay = addDays(civilDate(new Date(), m.timeZone), 8);
    expect(n.appeal).toContain(`no prazo de 8 dias, até ${formatDate(lastDay)} (Lei 904/1997, art. 30)`);

    await changeCredentialStatus(credential.id, m.id, "revoke", { reason: "Condenação criminal" }, staff);
    const revoked = await penaltyNoticeOf(await db.credential.findUniqueOrThrow({ where: { id: credential.id } }));
    expect(revoked).toMatchObject({ kind: "revoked", reason: "Motivo: Condenação criminal." });
    expect(revoked!.final).toContain("A Lei 904/1997 não fixa prazo de espera");
  });
});

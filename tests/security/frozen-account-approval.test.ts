// Issue #35, finding 6's remainder: an account frozen because someone else proved its CPF through
// gov.br (or disabled by the prefeitura) must not get credentials from an application it left open.
import { describe, expect, test } from "vitest";
import { approveAndIssue } from "~/models/approval.server";
import { freezeContestedAccount } from "~/models/cpf-claim.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import { db } from "~/utils/db.server";
import { createUser, testActor } from "../support/factories";
import { eligibleMototaxiApplication, submittedAndAccepted } from "../support/journey";

describe("a frozen account's open application (CPF contested through gov.br)", () => {
  test("is not approved: refused, nothing issued, the application stays in review", async () => {
    const { municipality, user, actor, applicationId } = await eligibleMototaxiApplication();
    const analyst = await createUser({ name: "Analista Revisora" });
    const staff = { ...testActor, userId: analyst.id, role: "ANALISTA", municipalityId: municipality.id };
    await db.roleAssignment.create({ data: { userId: analyst.id, role: "ANALISTA", municipalityId: municipality.id } });
    await submittedAndAccepted(applicationId, actor, staff);
    const vistoria = await scheduleVistoria(applicationId, municipality.id, new Date(), "Pátio", staff);
    await recordVistoria(vistoria.id, municipality.id, { failedItems: [] }, staff);
    const account = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    await db.$transaction((tx) => freezeContestedAccount(tx, account, new Date()));

    await expect(approveAndIssue(applicationId, municipality.id, staff)).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("desativada"),
    });
    expect(await db.credential.count({ where: { applicationId } })).toBe(0);
    expect((await db.application.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe("IN_REVIEW");
  });
});

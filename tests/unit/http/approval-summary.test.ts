// Issue #34, item 2: the review screen and the confirmation page say what "Aprovar e emitir" will
// do. For a Patrocínio mototáxi (a vistoria, and no seal in the law) they listed a "Selo de
// vistoria" and enabled the button before the vistoria, which approval then refused. Now the
// list is the pack's credentials, and a vistoria still to pass blocks the button, with the law.
import { describe, expect, it } from "vitest";
import { approvalBlocked, credentialsToIssue } from "~/http/approval-summary.server";
import { getApplication } from "~/models/application.server";
import { approveAndIssue } from "~/models/approval.server";
import { evaluateForReview, vistoriaBeforeApproval } from "~/models/review-dispatch.server";
import { signerFor } from "~/models/signing-key.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import { testActor } from "../../support/factories";
import { eligibleMototaxiApplication, submittedAndAccepted } from "../../support/journey";

const staff = { ...testActor, userId: null, role: "ANALISTA" };

describe("what the approval screens say", () => {
  it("lists exactly what is issued, and shows a vistoria still to pass as what blocks the approval", async () => {
    const { municipality, actor, applicationId } = await eligibleMototaxiApplication();
    await submittedAndAccepted(applicationId, actor, staff);
    const app = (await getApplication(applicationId))!;
    const { result } = await evaluateForReview(app);
    expect(result.eligible).toBe(true);

    const due = await vistoriaBeforeApproval(app);
    expect(due).toMatch(/art\./);
    expect(approvalBlocked(result, due)).toBe(`a vistoria do veículo ainda não foi aprovada (${due}).`);
    const listed = credentialsToIssue(result).map((c) => c.type);
    expect(listed).not.toContain("SELO_VISTORIA");
    await signerFor(municipality.id, staff);
    await expect(approveAndIssue(applicationId, municipality.id, staff)).rejects.toThrow(
      `A vistoria do veículo ainda não foi aprovada (${due}).`,
    );

    const vistoria = await scheduleVistoria(applicationId, municipality.id, new Date(), "Pátio da Prefeitura", staff);
    await recordVistoria(vistoria.id, municipality.id, { failedItems: [] }, staff);
    expect(await vistoriaBeforeApproval(app)).toBeNull();
    expect(approvalBlocked(result, null)).toBeNull();
    const issued = await approveAndIssue(applicationId, municipality.id, staff);
    expect(issued.map((c) => c.type).sort()).toEqual([...listed].sort());
  });
});

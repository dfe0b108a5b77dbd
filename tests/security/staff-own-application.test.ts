// Issue #35, finding 2 — an analyst approves her own application. Segregation of duties
// (ADR 051): the reviewer, the inspector and the approver are never the applicant (nor, for a
// company's application, one of its members), and a staff member's own application is approved
// by a gestor, audited as such. Every staff act is tried by the applicant herself through the
// models the pages call, the approval also through the page, and the pages are read for what
// they offer. See staff-own-application-world.ts for the people.
import { beforeAll, describe, expect, it } from "vitest";
import { applyAction, getApplication, submitApplication } from "~/models/application.server";
import { approveAndIssue } from "~/models/approval.server";
import { decideDocument } from "~/models/document.server";
import { approveOperatorAndIssue } from "~/models/operator-approval.server";
import { assignToMe, rejectApplication, requestChanges, startReview } from "~/models/review.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import { db } from "~/utils/db.server";
import { loadRoute } from "../support/route-modules";
import { answerOf, cookieOf, ORIGIN, postTo, type RouteModule } from "./access-world";
import { buildStaffApplicantWorld, type StaffApplicantWorld } from "./staff-own-application-world";

const OWN = /Você não pode .* seu próprio requerimento/;
const MEMBER = /Você não pode .* requerimento de uma empresa da qual você faz parte/;
const GESTOR = /a aprovação cabe a um gestor/;
const forbidden = (message: RegExp) =>
  expect.objectContaining({ kind: "forbidden", message: expect.stringMatching(message) });

const route = (id: string) => loadRoute<RouteModule>(id);
const REVIEW = "m.$municipio.requerimentos.$id._index";
const APPROVE = "m.$municipio.requerimentos.$id.aprovar";

async function loaderData(id: string, user: { id: string }, path: string, params: Record<string, string>) {
  const request = new Request(`${ORIGIN}${path}`, { headers: { cookie: await cookieOf(user) } });
  const answer = await answerOf(async () =>
    (await route(id)).loader!({ request, params, context: { clientIp: "127.0.0.1" } }),
  );
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body);
}

/** The review screen as the user sees it: what it offers and the notice in place of the rest. */
async function reviewPage(w: StaffApplicantWorld, user: { id: string }, appId: string) {
  const d = await loaderData(REVIEW, user, `/m/${w.m.slug}/requerimentos/${appId}`, { municipio: w.m.slug, id: appId });
  return { can: d.can, segregation: d.segregation };
}

const approveByPage = async (w: StaffApplicantWorld, user: { id: string }, appId: string) =>
  postTo(
    await route(APPROVE),
    `/m/${w.m.slug}/requerimentos/${appId}/aprovar`,
    user,
    { municipio: w.m.slug, id: appId },
    {},
  );

const statusOf = async (id: string) => (await db.application.findUniqueOrThrow({ where: { id } })).status;
const STAFF_EVENTS = ["assign", "start_review", "request_changes", "reject", "approve", "issue"].map(
  (a) => `application.${a}`,
);

let w: StaffApplicantWorld;
beforeAll(async () => {
  w = await buildStaffApplicantWorld();
}, 120_000);

describe("staff own application: an analyst who applies in her own town (issue #35, finding 2)", () => {
  it("refuses her the assignment of her own application, even taking it over from the colleague who has it", async () => {
    await expect(assignToMe(w.applicationId, w.m.id, w.ana.actor)).rejects.toEqual(forbidden(OWN));
    await expect(assignToMe(w.applicationId, w.m.id, w.ana.actor, { takeOver: true })).rejects.toEqual(forbidden(OWN));
    const app = await db.application.findUniqueOrThrow({ where: { id: w.applicationId } });
    expect(app.assignedToId).toBe(w.bia.user.id);
  });

  it("refuses her the start of the review; the colleague starts it", async () => {
    await requestChanges(w.applicationId, w.m.id, w.bia.actor, { note: "Confira a placa.", labels: new Map() });
    const sent = await submitApplication((await getApplication(w.applicationId))!, w.ana.driver);
    expect(sent.ok).toBe(true);
    await expect(startReview(w.applicationId, w.m.id, w.ana.actor, "RESUBMITTED")).rejects.toEqual(forbidden(OWN));
    await expect(applyAction(w.applicationId, "start_review", w.ana.actor)).rejects.toEqual(forbidden(OWN));
    expect(await statusOf(w.applicationId)).toBe("RESUBMITTED");
    await startReview(w.applicationId, w.m.id, w.bia.actor, "RESUBMITTED");
    expect(await statusOf(w.applicationId)).toBe("IN_REVIEW");
  });

  it("refuses her a decision on her own documents", async () => {
    const doc = await db.document.findFirstOrThrow({ where: { applicationId: w.applicationId, replacedById: null } });
    await expect(
      decideDocument(doc.id, w.m.id, { accept: false, code: "ILEGIVEL", text: null }, w.ana.actor),
    ).rejects.toEqual(forbidden(OWN));
    const after = await db.document.findUniqueOrThrow({ where: { id: doc.id } });
    expect(after).toMatchObject({ reviewStatus: doc.reviewStatus, reviewedById: doc.reviewedById });
  });

  it("refuses her the vistoria of her own vehicle, scheduling and recording", async () => {
    await expect(scheduleVistoria(w.applicationId, w.m.id, new Date(), "Pátio", w.ana.actor)).rejects.toEqual(
      forbidden(OWN),
    );
    const v = await scheduleVistoria(w.applicationId, w.m.id, new Date(), "Pátio", w.bia.actor);
    await expect(recordVistoria(v.id, w.m.id, { failedItems: [] }, w.ana.actor)).rejects.toEqual(forbidden(OWN));
    expect((await db.vistoria.findUniqueOrThrow({ where: { id: v.id } })).status).toBe("SCHEDULED");
  });

  it("refuses her a request for changes and an indeferimento of her own application", async () => {
    await expect(
      requestChanges(w.applicationId, w.m.id, w.ana.actor, { note: "Nada a corrigir.", labels: new Map() }),
    ).rejects.toEqual(forbidden(OWN));
    await expect(applyAction(w.applicationId, "request_changes", w.ana.actor, { reason: "x" })).rejects.toEqual(
      forbidden(OWN),
    );
    await expect(
      rejectApplication(w.applicationId, w.m.id, w.ana.actor, { reason: "Desisto de mim mesma." }),
    ).rejects.toEqual(forbidden(OWN));
    await expect(applyAction(w.applicationId, "reject", w.ana.actor, { reason: "x" })).rejects.toEqual(forbidden(OWN));
    expect(await statusOf(w.applicationId)).toBe("IN_REVIEW");
  });

  it("offers her nothing on the review page and the queue; tells the colleague the approval is a gestor's; offers it to the gestor", async () => {
    const hers = await reviewPage(w, w.ana.user, w.applicationId);
    expect(hers.can).toMatchObject({ review: false, document: false, vistoria: false, issue: false });
    expect(hers.segregation).toMatchObject({ own: true, notice: "Requerimento seu — outra pessoa da equipe analisa." });
    const queue = await loaderData("m.$municipio.fila", w.ana.user, `/m/${w.m.slug}/fila`, { municipio: w.m.slug });
    const row = queue.queue.rows.find((r: { id: string }) => r.id === w.applicationId);
    expect(row).toMatchObject({ own: true, notice: "Requerimento seu — outra pessoa da equipe analisa." });

    const colleague = await reviewPage(w, w.bia.user, w.applicationId);
    expect(colleague.can).toMatchObject({ review: true, document: true, vistoria: true, issue: false });
    expect(colleague.segregation.notice).toMatch(GESTOR);
    const gestor = await reviewPage(w, w.gil.user, w.applicationId);
    expect(gestor.can.issue).toBe(true);
    expect(gestor.segregation.gestorApproves).toBe(true);
  });

  it("refuses the approval to her and to an analyst, page and model alike; a gestor approves it, and the audit says so", async () => {
    await expect(approveAndIssue(w.applicationId, w.m.id, w.ana.actor)).rejects.toEqual(forbidden(OWN));
    const hers = await approveByPage(w, w.ana.user, w.applicationId);
    expect(hers.status).toBe(403);
    expect(hers.body).toMatch(OWN);
    await expect(approveAndIssue(w.applicationId, w.m.id, w.bia.actor)).rejects.toEqual(forbidden(GESTOR));
    await expect(applyAction(w.applicationId, "approve", w.bia.actor)).rejects.toEqual(forbidden(GESTOR));
    const analyst = await approveByPage(w, w.bia.user, w.applicationId);
    expect(analyst.status).toBe(403);
    expect(analyst.body).toMatch(GESTOR);
    expect(await db.credential.count({ where: { applicationId: w.applicationId } })).toBe(0);
    expect(await db.auditEvent.count({ where: { actorUserId: w.ana.user.id, action: { in: STAFF_EVENTS } } })).toBe(0);

    const gestor = await approveByPage(w, w.gil.user, w.applicationId);
    expect(gestor.status, gestor.body).toBe(302);
    expect(gestor.location).toMatch(/ok=emitido/);
    expect(await statusOf(w.applicationId)).toBe("ISSUED");
    const approval = await db.auditEvent.findFirstOrThrow({
      where: { subjectId: w.applicationId, action: "application.approve" },
    });
    expect(approval).toMatchObject({ actorUserId: w.gil.user.id, actorRole: "GESTOR" });
    expect(JSON.parse(approval.afterJson!)).toEqual({
      status: "APPROVED",
      staffApplication: { applicantRoles: ["ANALISTA"], approvedBy: "GESTOR" },
    });
  });

  it("a company whose owner is an analyst: nothing by the owner; approved by a gestor, not by another analyst", async () => {
    const { applicationId } = w.company;
    await expect(assignToMe(applicationId, w.m.id, w.caio.actor)).rejects.toEqual(forbidden(MEMBER));
    await expect(startReview(applicationId, w.m.id, w.caio.actor, "SUBMITTED")).rejects.toEqual(forbidden(MEMBER));
    await startReview(applicationId, w.m.id, w.bia.actor, "SUBMITTED");
    const docs = await db.document.findMany({ where: { applicationId, replacedById: null } });
    await expect(decideDocument(docs[0].id, w.m.id, { accept: true }, w.caio.actor)).rejects.toEqual(forbidden(MEMBER));
    for (const d of docs) await decideDocument(d.id, w.m.id, { accept: true }, w.bia.actor);
    await expect(
      rejectApplication(applicationId, w.m.id, w.caio.actor, { reason: "Sem motivo algum." }),
    ).rejects.toEqual(forbidden(MEMBER));
    await expect(approveOperatorAndIssue(applicationId, w.m.id, w.caio.actor)).rejects.toEqual(forbidden(MEMBER));
    const owner = await reviewPage(w, w.caio.user, applicationId);
    expect(owner.segregation).toMatchObject({
      own: true,
      notice: "Requerimento da sua empresa — outra pessoa da equipe analisa.",
    });
    await expect(approveOperatorAndIssue(applicationId, w.m.id, w.bia.actor)).rejects.toEqual(forbidden(GESTOR));
    expect((await approveByPage(w, w.bia.user, applicationId)).status).toBe(403);

    const gestor = await approveByPage(w, w.gil.user, applicationId);
    expect(gestor.status, gestor.body).toBe(302);
    expect((await db.operator.findUniqueOrThrow({ where: { id: w.company.operatorId } })).status).toBe("ACTIVE");
    const approval = await db.auditEvent.findFirstOrThrow({
      where: { subjectId: applicationId, action: "application.approve" },
    });
    expect(approval).toMatchObject({ actorUserId: w.gil.user.id, actorRole: "GESTOR" });
    expect(JSON.parse(approval.afterJson!).staffApplication).toEqual({
      applicantRoles: ["ANALISTA"],
      approvedBy: "GESTOR",
    });
  });
});

import { describe, expect, it } from "vitest";
import { type Refusal } from "~/domain/refusal";
import { applyAction, evaluateFor, getApplication, submitApplication } from "~/models/application.server";
import { decideDocument } from "~/models/document.server";
import {
  assignToMe,
  composeChangesRequest,
  releaseAssignment,
  requestChanges,
  startReview,
} from "~/models/review.server";
import { applicationHistory } from "~/models/review-history.server";
import { parseQueueFilters, reviewQueue } from "~/models/review-queue.server";
import { db } from "~/utils/db.server";
import { createMunicipality, createUser, testActor } from "../../support/factories";
import { eligibleMototaxiApplication } from "../../support/journey";

const DAY = 86_400_000;
const now = new Date("2026-06-10T12:00:00Z");
let seq = 0;

async function analyst(municipalityId: string, name = "Analista de Teste") {
  const user = await createUser({ name });
  await db.roleAssignment.create({ data: { userId: user.id, role: "ANALISTA", municipalityId } });
  return { user, actor: { ...testActor, userId: user.id, role: "ANALISTA", municipalityId } };
}

/** An application straight in the database: the queue only reads these columns. */
async function application(
  m: { id: string; serialPrefix: string },
  opts: {
    name: string;
    category?: string;
    status?: string;
    daysAgo?: number;
    plate?: string;
    assignedToId?: string | null;
  },
) {
  const user = await createUser({ name: opts.name });
  const person = await db.person.create({ data: { userId: user.id, fullName: opts.name, cpf: user.cpf } });
  seq++;
  const app = await db.application.create({
    data: {
      number: `REQ-${m.serialPrefix}-2026-${String(seq).padStart(6, "0")}`,
      municipalityId: m.id,
      personId: person.id,
      category: opts.category ?? "MOTOTAXI",
      mode: "AUTONOMO",
      status: opts.status ?? "SUBMITTED",
      packId: "patrocinio-mg",
      packVersion: "1.0.0",
      draftJson: JSON.stringify({
        vehicle: { plate: opts.plate ?? `QAA${seq % 10}B${String(seq % 100).padStart(2, "0")}` },
      }),
      submittedAt: new Date(now.getTime() - (opts.daysAgo ?? 1) * DAY),
      assignedToId: opts.assignedToId ?? null,
    },
  });
  return { app, user, person };
}

const waiting = parseQueueFilters(new URLSearchParams());

describe("review queue", () => {
  it("lists the municipality's applications waiting for review, oldest first, with their age and counts per status", async () => {
    const m = await createMunicipality();
    const other = await createMunicipality();
    const { user } = await analyst(m.id);
    const recent = await application(m, { name: "Recente da Silva", daysAgo: 1 });
    const old = await application(m, { name: "Antigo Pereira", daysAgo: 9, status: "RESUBMITTED" });
    const reviewing = await application(m, { name: "Em Análise Souza", daysAgo: 4, status: "IN_REVIEW" });
    await application(m, { name: "Emitido Lima", daysAgo: 30, status: "ISSUED" });
    await application(other, { name: "De Outra Cidade", daysAgo: 50 });

    const q = await reviewQueue(m.id, waiting, { userId: user.id, now });
    expect(q.rows.map((r) => r.id)).toEqual([old.app.id, reviewing.app.id, recent.app.id]);
    expect(q.rows.map((r) => r.waitingDays)).toEqual([9, 4, 1]);
    expect(q.total).toBe(3);
    expect(q.countByStatus).toEqual({ SUBMITTED: 1, RESUBMITTED: 1, IN_REVIEW: 1, ISSUED: 1 });

    const newest = await reviewQueue(m.id, { ...waiting, order: "newest" }, { userId: user.id, now });
    expect(newest.rows[0].id).toBe(recent.app.id);
  });

  it("filters by status and category, and finds an application by name, CPF, plate, number or credential serial", async () => {
    const m = await createMunicipality();
    const { user } = await analyst(m.id);
    const joana = await application(m, { name: "Joana Darc Ferreira", plate: "PTC1J23" });
    const bento = await application(m, { name: "Bento Motoboy", category: "MOTOBOY", plate: "PTC9B87" });
    const issued = await application(m, { name: "Carla Emitida", status: "ISSUED", plate: "QWE4R56" });
    await db.credential.create({
      data: {
        serial: `${m.serialPrefix}-MT-2026-000777`,
        municipalityId: m.id,
        type: "CRACHA",
        category: "MOTOTAXI",
        holderDisplayName: "Carla Emitida",
        validFrom: "2026-01-01",
        validUntil: "2026-12-31",
        kid: "k",
        token: "t",
        renderDataJson: "{}",
        applicationId: issued.app.id,
      },
    });
    const find = async (q: string, statuses = waiting.statuses) =>
      (await reviewQueue(m.id, { ...waiting, statuses, q }, { userId: user.id, now })).rows.map((r) => r.id);

    expect(
      (await reviewQueue(m.id, { ...waiting, category: "MOTOBOY" }, { userId: user.id, now })).rows.map((r) => r.id),
    ).toEqual([bento.app.id]);
    expect(
      (await reviewQueue(m.id, { ...waiting, statuses: ["ISSUED"] }, { userId: user.id, now })).rows.map((r) => r.id),
    ).toEqual([issued.app.id]);
    expect(await find("joana darc")).toEqual([joana.app.id]);
    expect(await find(joana.person.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4"))).toEqual([
      joana.app.id,
    ]);
    expect(await find("ptc-9b87")).toEqual([bento.app.id]);
    expect(await find("PTC1J")).toEqual([joana.app.id]);
    expect(await find(joana.app.number)).toEqual([joana.app.id]);
    expect(await find(`${m.serialPrefix}-MT-2026-000777`, ["ISSUED"])).toEqual([issued.app.id]);
    expect(await find("ninguém com este nome")).toEqual([]);
  });

  it("pages through a long queue", async () => {
    const m = await createMunicipality();
    const { user } = await analyst(m.id);
    for (let i = 0; i < 7; i++) await application(m, { name: `Pessoa ${i}`, daysAgo: 20 - i });
    const first = await reviewQueue(m.id, waiting, { userId: user.id, now, pageSize: 3 });
    const third = await reviewQueue(m.id, { ...waiting, page: 3 }, { userId: user.id, now, pageSize: 3 });
    expect(first).toMatchObject({ total: 7, pages: 3, page: 1 });
    expect(first.rows.map((r) => r.person?.fullName)).toEqual(["Pessoa 0", "Pessoa 1", "Pessoa 2"]);
    expect(third.rows.map((r) => r.person?.fullName)).toEqual(["Pessoa 6"]);
  });

  it("reads its filters from the URL, ignoring what it does not know", () => {
    const f = parseQueueFilters(
      new URLSearchParams(
        "situacao=IN_REVIEW&situacao=HACK&categoria=MOTOBOY&atribuicao=me&ordem=recentes&pagina=2&q=%20ana%20",
      ),
    );
    expect(f).toEqual({
      statuses: ["IN_REVIEW"],
      category: "MOTOBOY",
      q: "ana",
      assigned: "me",
      order: "newest",
      page: 2,
      stage: null,
    });
    expect(parseQueueFilters(new URLSearchParams("categoria=TAXI&pagina=-1&etapa=HACK"))).toMatchObject({
      statuses: ["SUBMITTED", "RESUBMITTED", "IN_REVIEW"],
      category: null,
      page: 1,
      stage: null,
    });
    // A stage of the landing's counts brings the statuses it spans.
    expect(parseQueueFilters(new URLSearchParams("etapa=correcao"))).toMatchObject({
      statuses: ["CHANGES_REQUESTED"],
      stage: "correcao",
    });
  });
});

describe("assignment", () => {
  it("assigns to one analyst, refuses a colleague naming who has it, and shows it in the queue", async () => {
    const m = await createMunicipality();
    const ana = await analyst(m.id, "Ana Analista");
    const beto = await analyst(m.id, "Beto Analista");
    const { app } = await application(m, { name: "Fulano" });
    const free = await application(m, { name: "Sicrano" });

    await assignToMe(app.id, m.id, ana.actor);
    const refusal = (await assignToMe(app.id, m.id, beto.actor).catch((r: Refusal) => r)) as Refusal;
    expect(refusal.kind).toBe("conflict");
    expect(refusal.message).toContain("Ana Analista");

    const mine = await reviewQueue(m.id, { ...waiting, assigned: "me" }, { userId: ana.user.id, now });
    expect(mine.rows.map((r) => [r.id, r.assignedToName])).toEqual([[app.id, "Ana Analista"]]);
    expect(
      (await reviewQueue(m.id, { ...waiting, assigned: "nobody" }, { userId: beto.user.id, now })).rows.map(
        (r) => r.id,
      ),
    ).toEqual([free.app.id]);
    expect(
      (await reviewQueue(m.id, { ...waiting, assigned: "others" }, { userId: beto.user.id, now })).rows.map(
        (r) => r.id,
      ),
    ).toEqual([app.id]);

    await expect(releaseAssignment(app.id, m.id, beto.actor)).rejects.toMatchObject({ kind: "conflict" });
    await assignToMe(app.id, m.id, beto.actor, { takeOver: true });
    expect((await db.application.findUniqueOrThrow({ where: { id: app.id } })).assignedToId).toBe(beto.user.id);
    await releaseAssignment(app.id, m.id, beto.actor);
    expect((await db.application.findUniqueOrThrow({ where: { id: app.id } })).assignedToId).toBeNull();
    const events = await db.auditEvent.findMany({
      where: { subjectType: "Application", subjectId: app.id },
      orderBy: { seq: "asc" },
    });
    expect(events.map((e) => [e.action, e.actorUserId])).toEqual([
      ["application.assign", ana.user.id],
      ["application.assign", beto.user.id],
      ["application.release", beto.user.id],
    ]);
  });

  it("lets only one of two analysts who click at the same moment have it", async () => {
    const m = await createMunicipality();
    const ana = await analyst(m.id);
    const beto = await analyst(m.id);
    const { app } = await application(m, { name: "Disputado" });
    const results = await Promise.allSettled([
      assignToMe(app.id, m.id, ana.actor),
      assignToMe(app.id, m.id, beto.actor),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason as Refusal).kind).toBe(
      "conflict",
    );
  });

  it("does not reveal or assign another municipality's application", async () => {
    const m = await createMunicipality();
    const other = await createMunicipality();
    const ana = await analyst(m.id);
    const { app } = await application(other, { name: "Alheio" });
    await expect(assignToMe(app.id, m.id, ana.actor)).rejects.toMatchObject({ kind: "not-found" });
  });
});

describe("review actions", () => {
  it("starts the review assigned to the analyst, and a colleague cannot start it again", async () => {
    const { municipality, actor, applicationId } = await eligibleMototaxiApplication();
    const ana = await analyst(municipality.id, "Ana Analista");
    const beto = await analyst(municipality.id, "Beto Analista");
    expect(await submitApplication((await getApplication(applicationId))!, actor)).toEqual({ ok: true });
    await startReview(applicationId, municipality.id, ana.actor, "SUBMITTED");
    const app = (await getApplication(applicationId))!;
    expect([app.status, app.assignedToId]).toEqual(["IN_REVIEW", ana.user.id]);
    await expect(startReview(applicationId, municipality.id, beto.actor, "SUBMITTED")).rejects.toMatchObject({
      kind: "conflict",
    });
  });

  it("asks the driver for corrections with the reasons of every rejected document, and refuses to send an empty request", async () => {
    const { municipality, user, actor, applicationId } = await eligibleMototaxiApplication();
    const ana = await analyst(municipality.id);
    await submitApplication((await getApplication(applicationId))!, actor);
    await startReview(applicationId, municipality.id, ana.actor, "SUBMITTED");
    const { result } = await evaluateFor((await getApplication(applicationId))!);
    const labels = new Map(result.requiredDocuments.map((d) => [d.type, d.label]));

    await expect(
      requestChanges(applicationId, municipality.id, ana.actor, { note: " ", labels }),
    ).rejects.toMatchObject({ kind: "invalid" });

    const residence = await db.document.findFirstOrThrow({ where: { applicationId, type: "COMPROVANTE_RESIDENCIA" } });
    await decideDocument(
      residence.id,
      municipality.id,
      { accept: false, code: "RECENTE", text: "conta de luz de 2024" },
      ana.actor,
    );
    const reason = await requestChanges(applicationId, municipality.id, ana.actor, {
      note: "Confira também a placa.",
      labels,
    });
    expect(reason).toBe(
      "Envie de novo estes documentos:\n- Comprovante de residência recente: Documento antigo: precisa ser recente: conta de luz de 2024\n\nObservação da prefeitura: Confira também a placa.",
    );
    expect((await getApplication(applicationId))!.status).toBe("CHANGES_REQUESTED");
    const mail = await db.outboxMessage.findFirstOrThrow({
      where: { to: user.email, subject: { contains: "Correções" } },
    });
    expect(mail.text).toContain("Comprovante de residência recente: Documento antigo");
  });

  it("composes the request from the note alone when nothing was rejected", () => {
    expect(composeChangesRequest([], "Placa do veículo diferente da do CRLV.")).toBe(
      "Placa do veículo diferente da do CRLV.",
    );
    expect(composeChangesRequest([], null)).toBe("");
  });

  it("tells the application's history as one timeline, with who did each step and no step twice", async () => {
    const { municipality, actor, applicationId } = await eligibleMototaxiApplication();
    const ana = await analyst(municipality.id, "Ana Analista");
    await submitApplication((await getApplication(applicationId))!, actor);
    await startReview(applicationId, municipality.id, ana.actor, "SUBMITTED");
    const doc = await db.document.findFirstOrThrow({ where: { applicationId, type: "CNH" } });
    await decideDocument(doc.id, municipality.id, { accept: true }, ana.actor);
    await applyAction(applicationId, "reject", ana.actor, { reason: "Desistência tácita" });

    const history = await applicationHistory(applicationId);
    const moves = history
      .filter((e) => e.action === "application.status")
      .map((e) => [e.before?.status ?? null, e.after?.status]);
    expect(moves).toEqual([
      [null, "DRAFT"],
      ["DRAFT", "SUBMITTED"],
      ["SUBMITTED", "IN_REVIEW"],
      ["IN_REVIEW", "REJECTED"],
    ]);
    expect(
      history.some(
        (e) =>
          e.action.startsWith("application.") &&
          e.action !== "application.status" &&
          e.action !== "application.create" &&
          e.action !== "application.assign",
      ),
    ).toBe(false);
    expect(history.filter((e) => e.action === "document.upload").length).toBeGreaterThan(10);
    const accepted = history.find((e) => e.action === "document.accept")!;
    expect([accepted.actorName, accepted.actorRole, accepted.subjectId]).toEqual(["Ana Analista", "ANALISTA", doc.id]);
    expect(history.find((e) => e.after?.status === "REJECTED")?.actorName).toBe("Ana Analista");
    const times = history.map((e) => e.at.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});

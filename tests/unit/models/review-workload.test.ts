import { describe, expect, it } from "vitest";
import { getPack } from "~/domain/rule-packs/shipped";
import { parseQueueFilters, reviewQueue } from "~/models/review-queue.server";
import { infractionTerms, reviewWorkload } from "~/models/review-workload.server";
import { db } from "~/utils/db.server";
import { createMunicipality, createUser } from "../../support/factories";

const DAY = 86_400_000;
const now = new Date("2026-06-10T12:00:00Z");
let seq = 0;

/** An application straight in the database, with its current documents and vistorias. */
async function application(
  m: { id: string; serialPrefix: string },
  opts: { status: string; daysAgo: number; documents?: string[]; vistoria?: "SCHEDULED" | "PASSED" },
) {
  const user = await createUser({ name: `Condutor ${++seq}` });
  const person = await db.person.create({ data: { userId: user.id, fullName: `Condutor ${seq}`, cpf: user.cpf } });
  const app = await db.application.create({
    data: {
      number: `REQ-${m.serialPrefix}-2026-${String(seq).padStart(6, "0")}`,
      municipalityId: m.id,
      personId: person.id,
      category: "MOTOTAXI",
      mode: "AUTONOMO",
      status: opts.status,
      packId: "patrocinio-mg",
      packVersion: "1.0.0",
      submittedAt: new Date(now.getTime() - opts.daysAgo * DAY),
    },
  });
  for (const [i, reviewStatus] of (opts.documents ?? []).entries())
    await db.document.create({
      data: {
        type: `DOC_${i}`,
        ownerUserId: user.id,
        applicationId: app.id,
        storageKey: `k-${app.id}-${i}`,
        originalName: "a.pdf",
        sha256: "x",
        mime: "application/pdf",
        sizeBytes: 1,
        reviewStatus,
      },
    });
  if (opts.vistoria) {
    const vehicle = await db.vehicle.create({ data: { plate: `QWL${String(seq).padStart(4, "0")}` } });
    await db.vistoria.create({
      data: { municipalityId: m.id, vehicleId: vehicle.id, applicationId: app.id, status: opts.vistoria },
    });
  }
  return app;
}

describe("staff workload", () => {
  it("counts the applications of each review stage, with the oldest and its age, and the queue filters on the same stage", async () => {
    const m = await createMunicipality();
    const other = await createMunicipality();
    const fresh = await application(m, { status: "SUBMITTED", daysAgo: 2 });
    const back = await application(m, { status: "RESUBMITTED", daysAgo: 6 });
    const checking = await application(m, { status: "IN_REVIEW", daysAgo: 9, documents: ["ACCEPTED", "PENDING"] });
    const inspection = await application(m, {
      status: "IN_REVIEW",
      daysAgo: 4,
      documents: ["ACCEPTED"],
      vistoria: "SCHEDULED",
    });
    const ready = await application(m, {
      status: "IN_REVIEW",
      daysAgo: 3,
      documents: ["ACCEPTED"],
      vistoria: "PASSED",
    });
    const readyOlder = await application(m, { status: "IN_REVIEW", daysAgo: 12, documents: ["ACCEPTED", "REJECTED"] });
    const corrections = await application(m, { status: "CHANGES_REQUESTED", daysAgo: 20 });
    await application(m, { status: "ISSUED", daysAgo: 40 });
    await application(other, { status: "SUBMITTED", daysAgo: 90 });

    const load = Object.fromEntries((await reviewWorkload(m.id, now)).map((s) => [s.stage, s]));
    expect(load.novos).toEqual({
      stage: "novos",
      count: 2,
      oldest: { id: back.id, number: back.number, waitingDays: 6 },
    });
    expect(load.conferencia).toMatchObject({ count: 1, oldest: { id: checking.id, waitingDays: 9 } });
    expect(load.vistoria).toMatchObject({ count: 1, oldest: { id: inspection.id, waitingDays: 4 } });
    expect(load.decisao).toMatchObject({ count: 2, oldest: { id: readyOlder.id, waitingDays: 12 } });
    expect(load.correcao).toMatchObject({ count: 1, oldest: { id: corrections.id, waitingDays: 20 } });

    const analyst = await createUser();
    const queue = async (etapa: string) =>
      (
        await reviewQueue(m.id, parseQueueFilters(new URLSearchParams({ etapa })), { userId: analyst.id, now })
      ).rows.map((r) => r.id);
    expect(await queue("decisao")).toEqual([readyOlder.id, ready.id]);
    expect(await queue("novos")).toEqual([back.id, fresh.id]);
    expect(await queue("correcao")).toEqual([corrections.id]);
    expect(await queue("vistoria")).toEqual([inspection.id]);
  });

  it("has no oldest for an empty stage", async () => {
    const m = await createMunicipality();
    const load = await reviewWorkload(m.id, now);
    expect(load.map((s) => [s.stage, s.count, s.oldest])).toEqual([
      ["novos", 0, null],
      ["conferencia", 0, null],
      ["vistoria", 0, null],
      ["decisao", 0, null],
      ["correcao", 0, null],
    ]);
  });

  it("gives the infraction terms: the nearest defence and appeal deadlines, the law's citation for the appeal, and the age of the rest", async () => {
    const m = await createMunicipality();
    let n = 0;
    const auto = (
      status: string,
      extra: { defenceDeadline?: string; appealDeadline?: string; daysAgo?: number } = {},
    ) =>
      db.infraction.create({
        data: {
          number: `AUTO-${m.serialPrefix}-${Date.now()}-${++n}`,
          municipalityId: m.id,
          code: "X",
          class: "LEVE",
          citation: "art. 1º",
          occurredAt: now,
          status,
          defenceDeadline: extra.defenceDeadline,
          appealDeadline: extra.appealDeadline,
          createdAt: new Date(now.getTime() - (extra.daysAgo ?? 0) * DAY),
        },
      });
    await auto("REGISTERED", { daysAgo: 5 });
    await auto("REGISTERED", { daysAgo: 1 });
    await auto("NOTIFIED", { defenceDeadline: "2026-06-25" });
    await auto("NOTIFIED", { defenceDeadline: "2026-06-15" });
    await auto("NOTIFIED", { defenceDeadline: "2026-06-09" });
    await auto("DECIDED", { appealDeadline: "2026-06-12" });
    await auto("DECIDED", { appealDeadline: "2026-06-01" });
    await auto("APPEALED", { daysAgo: 3 });

    const jardim = getPack("jardim-ms")!;
    const terms = Object.fromEntries((await infractionTerms(m.id, jardim, "2026-06-10", now)).map((t) => [t.key, t]));
    expect(terms.notificar).toMatchObject({ count: 2, oldestDays: 5, nextDeadline: null });
    expect(terms.defesa).toMatchObject({ count: 2, nextDeadline: "2026-06-15" });
    expect(terms.julgar).toMatchObject({ count: 1, nextDeadline: "2026-06-09" });
    expect(terms.recurso).toMatchObject({ count: 1, nextDeadline: "2026-06-12", citation: "Lei 904/1997, art. 30" });
    expect(terms.recursos).toMatchObject({ count: 1, oldestDays: 3 });

    // Where the law sets no appeal term, none is cited.
    const patrocinio = getPack("patrocinio-mg")!;
    const silent = await infractionTerms(m.id, patrocinio, "2026-06-10", now);
    expect(silent.find((t) => t.key === "recurso")?.citation).toBeNull();
  });
});

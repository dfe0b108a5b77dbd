// What the auto page shows, as plain data from the model's reading: a view-model, beside the
// review screen's (review-views.server.ts): the back office's larger view-models live in app/http.
import { penaltyText } from "~/components/back-office/pack-text";
import type { InfractionAction } from "~/domain/infractions/status";
import { describeHistory } from "~/http/history-view.server";
import type { photosOf } from "~/models/infraction-photo.server";
import type { infractionForDecision } from "~/models/infraction-review.server";

export function infractionPageView(
  x: Awaited<ReturnType<typeof infractionForDecision>>,
  history: Parameters<typeof describeHistory>[0],
  photos: Awaited<ReturnType<typeof photosOf>>,
  /** The steps the user may take now (app/domain/infractions/status.ts' allowedActions). */
  allowed: InfractionAction[],
) {
  const i = x.infraction;
  const p = x.proposal;
  return {
    allowed,
    timeZone: i.municipality.timeZone,
    auto: {
      id: i.id,
      number: i.number,
      status: i.status,
      occurredAt: i.occurredAt.toISOString(),
      place: i.place,
      notes: i.notes,
      defenceDeadline: i.defenceDeadline,
      appealDeadline: i.appealDeadline,
      decidedAt: i.decidedAt?.toISOString() ?? null,
      credential: i.credential
        ? {
            id: i.credential.id,
            serial: i.credential.serial,
            holder: i.credential.holderDisplayName,
            status: i.credential.status,
          }
        : null,
      photos: photos.map((f) => ({
        id: f.id,
        sizeKb: Math.ceil(f.sizeBytes / 1024),
        sha256: f.sha256,
        at: f.createdAt.toISOString(),
      })),
    },
    proposal: {
      description: p.description,
      citation: p.citation,
      offender: p.offender,
      classLabel: p.class?.label ?? null,
      appliedClassLabel: p.appliedClass?.label ?? null,
      escalated: p.escalated,
      repeat: p.repeat
        ? { priorDate: p.repeat.priorDate, windowLastDay: p.repeat.windowLastDay, citation: p.repeat.citation }
        : null,
      penaltyText: penaltyText(p.penalty),
      penaltyCitation: p.penalty.citation,
      citations: p.citations,
      allows: {
        notice: x.canNotice,
        warning: p.penalty.warning,
        fine: p.penalty.fine
          ? { max: p.penalty.fine.max ?? null, amount: p.penalty.fine.amount ?? null, unit: p.penalty.fine.unit }
          : null,
        suspension: p.penalty.suspension ? { maxDays: p.penalty.suspension.maxDays ?? null } : null,
        cassacao: p.penalty.cassacao,
      },
    },
    priors: x.priors.map((r) => ({
      id: r.id,
      number: r.number,
      code: r.code,
      occurredAt: r.occurredAt.toISOString(),
      status: r.status,
    })),
    process: x.process,
    notice: x.notice,
    removal: x.removal,
    appealRule: x.appealRule,
    processNote: x.processNote,
    reclassification: x.reclassification,
    history: describeHistory(history, {
      timeZone: i.municipality.timeZone,
      infraction: (code) => x.pack.infractions.catalogue.find((c) => c.code === code)?.description ?? code,
    }),
    repeatRule: x.pack.infractions.repeat
      ? { window: x.pack.infractions.repeat.window, citation: x.pack.infractions.repeat.citation }
      : null,
    today: x.today,
  };
}

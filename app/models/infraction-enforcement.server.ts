// What follows a penalty where the pack says so (Jardim, Lei 904/1997, arts. 27 and 29): the daily
// fine of an unremedied notice, and removal from the 3rd notice on — steps of the process
// (./infraction-decision.server.ts).
import { formatBrl, formatDateTime, formatDays } from "~/domain/format";
import { noticeStatus, removalStatus } from "~/domain/infractions";
import { conflict } from "~/domain/refusal";
import { localDateTime } from "~/domain/time";
import type { Actor } from "~/utils/audit.server";
import { changeCredentialStatusInTx } from "./credentials/status.server";
import { step } from "./infraction-decision.server";
import { loadInfraction, noticesIssued } from "./infraction-review.server";
import { activePack } from "./rule-pack.server";

/** The irregularity named in the written notice was corrected: the daily fine stops here. */
export function recordRemedy(id: string, municipalityId: string, actor: Actor, now = new Date()) {
  return step({ id, municipalityId, actor, now }, "remedy", async (i, p) => {
    if (!p.notice) throw conflict("Este auto não tem notificação a atender.");
    if (p.notice.remediedAt) throw conflict("A notificação já foi atendida.");
    const remediedAt = localDateTime(now, i.municipality.timeZone);
    return {
      data: { decisionJson: JSON.stringify({ ...p, notice: { ...p.notice, remediedAt } }) },
      action: "infraction.remedy",
      after: { remediedAt },
    };
  });
}

/** Applies the daily fine a notice not remedied in time has become, counted up to now. */
export async function applyDailyFine(id: string, municipalityId: string, actor: Actor, now = new Date()) {
  const i = await loadInfraction(id, municipalityId);
  const pack = await activePack(i.municipality);
  return step({ id, municipalityId, actor, now }, "daily_fine", async (_i, p) => {
    if (!p.notice || !pack.infractions.enforcement.noticeToDailyFine)
      throw conflict("Este auto não tem notificação que se converta em multa diária.");
    const asOf = localDateTime(now, i.municipality.timeZone);
    const s = noticeStatus(pack, p.notice, asOf);
    if (s.state !== "DAILY_FINE")
      throw conflict(
        `A notificação ainda não virou multa diária: o prazo para corrigir vai até ${formatDateTime(s.remedyBy)}.`,
      );
    const dailyFine = { days: s.fineDays, dailyBrl: s.dailyFineBrl, totalBrl: s.totalFineBrl, asOf };
    const money = s.totalFineBrl === null ? "valor do salário mínimo não definido" : formatBrl(s.totalFineBrl);
    return {
      data: { decisionJson: JSON.stringify({ ...p, dailyFine }) },
      action: "infraction.daily_fine",
      after: {
        ...dailyFine,
        summary: `${formatDays(s.fineDays)} de multa diária de ${Math.round(s.dailyFineFraction * 100)}% do salário mínimo: ${money} (${s.citation})`,
      },
    };
  });
}

/** Removal of the driver from the 3rd notice on (Jardim art. 27, c): the credential is suspended until reinstated. */
export async function applyRemoval(id: string, municipalityId: string, actor: Actor, now = new Date()) {
  const i = await loadInfraction(id, municipalityId);
  const pack = await activePack(i.municipality);
  if (!pack.infractions.enforcement.removalAfterNotices)
    throw conflict("A lei deste município não prevê afastamento após notificações.");
  const status = removalStatus(pack, await noticesIssued(i));
  if (!status.mayRequestRemoval)
    throw conflict(
      `O afastamento cabe a partir da ${status.threshold}ª notificação; há ${status.notices} (${status.citation}).`,
    );
  if (!i.credentialId) throw conflict("O auto não está ligado a uma credencial.");
  await step({ id, municipalityId, actor, now }, "removal", async (row, p, tx) => {
    if (p.removal) throw conflict("O afastamento já foi aplicado.");
    await changeCredentialStatusInTx(
      tx,
      row.credentialId!,
      municipalityId,
      "suspend",
      {
        reason: `Afastamento do condutor após ${status.notices} notificações (auto ${row.number})`,
        citation: status.citation,
        until: null,
      },
      actor,
      now,
    );
    return {
      data: {
        decisionJson: JSON.stringify({
          ...p,
          removal: { at: localDateTime(now, row.municipality.timeZone), credentialId: row.credentialId! },
        }),
      },
      action: "infraction.removal",
      after: { notices: status.notices, citation: status.citation },
    };
  });
}

// The ruling on an appeal (ADR 010, "Appeal ruling"; Jardim, Lei 904/1997, art. 30). No law has a
// partial outcome: DENIED makes the penalty FINAL (a prior for escalation); GRANTED cancels it and,
// in the same transaction, lifts the suspension it imposed if nothing changed it since.
import { CREDENTIAL_STATUS_LABELS } from "~/domain/credentials/labels";
import { compareDates, type IsoDate, isValidIsoDate } from "~/domain/eligibility/calendar";
import { formatDate } from "~/domain/format";
import { type AppealRuling, credentialReasonPrefix, type ProcessRecord } from "~/domain/infractions";
import { invalid } from "~/domain/refusal";
import { civilDate } from "~/domain/time";
import type { Actor } from "~/utils/audit.server";
import type { Tx } from "~/utils/db.server";
import { changeCredentialStatusInTx } from "./credentials/status.server";
import { step } from "./infraction-decision.server";
import { timeZoneOf } from "./municipality.server";

export type AppealOutcome = AppealRuling["outcome"];
type AppealRulingInput = { outcome: AppealOutcome; reason: string; decidedOn: IsoDate };

/** Rules on an APPEALED auto (else 409); `decidedOn` may not be in the future or before the appeal (400). */
export async function ruleOnAppeal(
  id: string,
  municipalityId: string,
  input: AppealRulingInput,
  actor: Actor,
  now = new Date(),
) {
  const reason = input.reason.trim();
  if (input.outcome !== "DENIED" && input.outcome !== "GRANTED")
    throw invalid("Escolha se o recurso é deferido ou indeferido.");
  if (!reason) throw invalid("Fundamente o julgamento do recurso.");
  if (!isValidIsoDate(input.decidedOn)) throw invalid("Data do julgamento inválida.");
  if (compareDates(input.decidedOn, civilDate(now, await timeZoneOf(municipalityId))) > 0)
    throw invalid("A data do julgamento não pode ser no futuro.");
  await step(
    { id, municipalityId, actor, now },
    input.outcome === "GRANTED" ? "grant_appeal" : "deny_appeal",
    async (i, p, tx, status) => {
      if (!p.appeal) throw invalid("Não há recurso registrado neste auto.");
      if (compareDates(input.decidedOn, p.appeal.receivedOn) < 0)
        throw invalid(
          `O julgamento não pode ser anterior ao recebimento do recurso (${formatDate(p.appeal.receivedOn)}).`,
        );
      const ruling: AppealRuling = { outcome: input.outcome, reason, decidedOn: input.decidedOn };
      if (input.outcome === "GRANTED" && i.credentialId) {
        const effect = await undoCredentialPenalty(
          tx,
          { credentialId: i.credentialId, number: i.number, municipalityId },
          p,
          actor,
          now,
        );
        if (effect) ruling.credential = effect;
      }
      return {
        data: { decisionJson: JSON.stringify({ ...p, appealRuling: ruling } satisfies ProcessRecord) },
        action: "infraction.appeal_ruling",
        after: {
          status,
          outcome: input.outcome,
          decidedOn: input.decidedOn,
          reason,
          ...(ruling.credential ? { credential: ruling.credential } : {}),
        },
      };
    },
  );
}

/**
 * Lifts this auto's suspension only while the credential's last status change is still the
 * decision's; a cassação is final, and anything else is left to staff with the reason why.
 */
async function undoCredentialPenalty(
  tx: Tx,
  auto: { credentialId: string; number: string; municipalityId: string },
  p: ProcessRecord,
  actor: Actor,
  now: Date,
): Promise<AppealRuling["credential"]> {
  const credential = await tx.credential.findUnique({
    where: { id: auto.credentialId },
    select: { id: true, serial: true, status: true, statusReason: true },
  });
  const changes = await tx.credentialStatusChange.findMany({
    where: { credentialId: auto.credentialId },
    orderBy: { at: "asc" },
  });
  if (!credential) return undefined;
  const marker = credentialReasonPrefix(auto.number);
  const byDecision = changes.filter((c) => c.reason?.startsWith(marker)).at(-1);
  const removal = p.removal
    ? " O afastamento do condutor aplicado neste auto não é desfeito automaticamente; confira a credencial."
    : "";
  const base = { id: credential.id, serial: credential.serial };
  if (!byDecision) return removal ? { ...base, action: "REVIEW", detail: removal.trim() } : undefined;

  const laterChanges = changes.filter((c) => c.id !== byDecision.id && c.at.getTime() >= byDecision.at.getTime());
  const stillInIt =
    credential.status === "SUSPENDED" &&
    byDecision.toStatus === "SUSPENDED" &&
    credential.statusReason === byDecision.reason &&
    laterChanges.length === 0;
  if (stillInIt) {
    await changeCredentialStatusInTx(
      tx,
      credential.id,
      auto.municipalityId,
      "reinstate",
      { reason: `Recurso deferido no auto ${auto.number}: suspensão anulada`, citation: null },
      actor,
      now,
    );
    return {
      ...base,
      action: "REINSTATED",
      detail: "A suspensão aplicada por este auto foi desfeita: a credencial voltou a ficar ativa.",
    };
  }
  if (byDecision.toStatus === "REVOKED") {
    return {
      ...base,
      action: "REVIEW",
      detail: `A decisão cassou a credencial, e a cassação é definitiva no sistema: ela não pode ser reativada. Avalie a emissão de nova credencial.${removal}`,
    };
  }
  if (credential.status === "ACTIVE") {
    return {
      ...base,
      action: "NOTHING_TO_UNDO",
      detail: `A suspensão aplicada por este auto já terminou: a credencial está ativa.${removal}`,
    };
  }
  const current = CREDENTIAL_STATUS_LABELS[credential.status] ?? credential.status;
  return {
    ...base,
    action: "REVIEW",
    detail: `A credencial mudou depois da decisão (situação atual: ${current}); ela não foi reativada automaticamente. Confira o histórico da credencial antes de agir.${removal}`,
  };
}

// An auto's process record (Infraction.decisionJson) and the penalty range a decision may choose.
import type { IsoDate, IsoDateTime } from "~/domain/eligibility/calendar";
import { formatCount, formatDays } from "~/domain/format";
import type { Penalty, RulePack } from "~/domain/rule-packs";
import type { PenaltyProposal } from "./classify";

export type ChosenPenalty = {
  /** Written notice (Jardim's "notificação escrita"), remedied within the pack's term or a daily fine. */
  notice?: boolean;
  warning?: boolean;
  fine?: number | null;
  suspensionDays?: number | null;
  cassacao?: boolean;
};

export type ProcessRecord = {
  notifiedOn?: IsoDate;
  defence?: { receivedOn: IsoDate; summary: string };
  decision?: {
    outcome: "PENALTY" | "ARCHIVE";
    penalty?: ChosenPenalty;
    fineUnit?: string | null;
    reason: string;
    notifiedOn?: IsoDate;
    summary: string;
    appliedClass?: string | null;
    escalated?: boolean;
  };
  notice?: { issuedAt: IsoDateTime; remediedAt?: IsoDateTime | null };
  dailyFine?: { days: number; dailyBrl: number | null; totalBrl: number | null; asOf: IsoDateTime };
  appeal?: { receivedOn: IsoDate; summary: string };
  appealRuling?: AppealRuling;
  removal?: { at: IsoDateTime; credentialId: string };
};

/** The ruling on the appeal (app/models/infraction-appeal.server.ts) and what it did to the credential. */
export type AppealRuling = {
  outcome: "DENIED" | "GRANTED";
  reason: string;
  decidedOn: IsoDate;
  /** GRANTED only, when the decision had changed the credential: undone here, or left to staff and why. */
  credential?: { id: string; serial: string; action: "REINSTATED" | "NOTHING_TO_UNDO" | "REVIEW"; detail: string };
};

/** How the reason a decision writes on the credential it suspends or revokes begins (a granted appeal looks for it). */
export const credentialReasonPrefix = (infractionNumber: string) => `Auto de infração ${infractionNumber}:`;

export function parseProcess(json: string | null): ProcessRecord {
  if (!json) return {};
  try {
    return JSON.parse(json) as ProcessRecord;
  } catch {
    return {};
  }
}

/** Whether the penalty the law sets (after escalation) admits a written notice. */
export const admitsNotice = (pack: RulePack, penalty: Penalty) =>
  Boolean(pack.infractions.enforcement.noticeToDailyFine) && penalty.other.some((o) => /notifica/i.test(o));

/** Checks a chosen penalty against the range the law gives; returns the problem in Portuguese. */
export function penaltyProblem(pack: RulePack, proposal: PenaltyProposal, chosen: ChosenPenalty): string | null {
  const p = proposal.penalty;
  const any =
    chosen.notice || chosen.warning || (chosen.fine ?? 0) > 0 || (chosen.suspensionDays ?? 0) > 0 || chosen.cassacao;
  if (!any) return "Escolha ao menos uma penalidade, ou arquive o auto.";
  if (chosen.notice && !admitsNotice(pack, p))
    return `A lei não prevê notificação escrita para esta infração (${p.citation}).`;
  if (chosen.warning && !p.warning) return `A lei não prevê advertência para esta infração (${p.citation}).`;
  if ((chosen.fine ?? 0) > 0) {
    if (!p.fine) return `A lei não prevê multa para esta infração (${p.citation}).`;
    if (p.fine.max !== undefined && chosen.fine! > p.fine.max)
      return `A multa passa do máximo de ${p.fine.max} ${p.fine.unit} (${p.citation}).`;
    if (p.fine.amount !== undefined && chosen.fine !== p.fine.amount)
      return `A multa é fixada em ${p.fine.amount} ${p.fine.unit} (${p.citation}).`;
  }
  if ((chosen.suspensionDays ?? 0) > 0) {
    if (!p.suspension) return `A lei não prevê suspensão para esta infração (${p.citation}).`;
    if (p.suspension.maxDays !== undefined && chosen.suspensionDays! > p.suspension.maxDays)
      return `A suspensão passa do máximo de ${p.suspension.maxDays} dias (${p.citation}).`;
  }
  if (chosen.cassacao && !p.cassacao) return `A lei não prevê cassação para esta infração (${p.citation}).`;
  return null;
}

export function penaltySummary(chosen: ChosenPenalty, unit: string | null | undefined): string {
  const parts: string[] = [];
  if (chosen.notice) parts.push("notificação escrita");
  if (chosen.warning) parts.push("advertência");
  if ((chosen.fine ?? 0) > 0)
    parts.push(
      unit === "SALARIO_MINIMO"
        ? `multa de ${formatCount(chosen.fine!, "salário mínimo", "salários mínimos")}`
        : `multa de ${String(chosen.fine).replace(".", ",")} ${unit ?? ""}`.trim(),
    );
  if ((chosen.suspensionDays ?? 0) > 0) parts.push(`suspensão por ${formatDays(chosen.suspensionDays!)}`);
  if (chosen.cassacao) parts.push("cassação");
  return parts.join(", ");
}

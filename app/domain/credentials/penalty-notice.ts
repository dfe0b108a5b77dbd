// What the holder is told about a suspension or cassação: why, until when, how to appeal, in the
// law's cited words. Only Jardim sets an appeal deadline (Lei 904/1997, art. 30); no law sets a
// wait after a cassação, so the notice says so instead of inventing one.
import { addDays, addDuration, isValidDuration } from "~/domain/eligibility/calendar";
import { formatDate, formatDuration } from "~/domain/format";
import type { RulePack } from "~/domain/rule-packs";
import { reasonText } from "./facts";

/** The pack's terms the notice quotes. */
export type PenaltyTerms = {
  law: string;
  appeal: { within: string; citation: string } | null;
  process: { note: string; citation: string } | null;
};

export function penaltyTermsOf(pack: Pick<RulePack, "law" | "infractions">): PenaltyTerms {
  const e = pack.infractions.enforcement;
  return { law: pack.law.label, appeal: e.appeal ?? null, process: e.process ?? null };
}

/** A credential's status facts; `decidedOn` is the civil day of the change that put it there. */
type PenaltyFacts = {
  status: string;
  suspendedUntil: string | null;
  reason: string | null;
  citation: string | null;
  decidedOn: string | null;
};

export type PenaltyNoticeView = {
  kind: "suspended" | "revoked";
  title: string;
  reason: string;
  effect: string;
  appeal: string;
  /** Only for a cassação: what the law says about a new application. */
  final: string | null;
};

const sentence = (text: string) => text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, "");

function appealText(terms: PenaltyTerms, decidedOn: string | null): string {
  if (terms.appeal) {
    const { within, citation } = terms.appeal;
    const last = decidedOn && isValidDuration(within) ? `, até ${formatDate(addDuration(decidedOn, within))}` : "";
    return `Você pode recorrer da decisão à secretaria competente da prefeitura no prazo de ${formatDuration(within)}${last} (${citation}).`;
  }
  const said = terms.process ? `: ${sentence(terms.process.note)} (${terms.process.citation})` : "";
  return `A ${terms.law} não fixa prazo de recurso${said}. Para se defender, procure a prefeitura com o número da credencial.`;
}

/** The notice for a suspended or revoked credential; null for any other status. */
export function penaltyNotice(c: PenaltyFacts, terms: PenaltyTerms): PenaltyNoticeView | null {
  if (c.status !== "SUSPENDED" && c.status !== "REVOKED") return null;
  const reason = c.reason
    ? `Motivo: ${reasonText(c.reason.trim().replace(/\.+$/, ""), c.citation)}.`
    : "Motivo: não informado. Peça à prefeitura a decisão por escrito.";
  const appeal = appealText(terms, c.decidedOn);
  if (c.status === "REVOKED")
    return {
      kind: "revoked",
      title: "Cassada: a cassação é definitiva",
      reason,
      effect: "Esta credencial não volta a valer: não pode ser reativada nem renovada.",
      appeal,
      final: `A ${terms.law} não fixa prazo de espera para um novo requerimento depois da cassação; antes de pedir outro, fale com a prefeitura.`,
    };
  const until = c.suspendedUntil;
  return {
    kind: "suspended",
    title: until ? `Suspensa até ${formatDate(until)}` : "Suspensa",
    reason,
    // The daily job reinstates a suspension the day after its last day (daily-jobs.server.ts).
    effect: until
      ? `Até ${formatDate(until)} (inclusive) você não pode prestar o serviço. Em ${formatDate(addDays(until, 1))} ela volta a valer, se nada mudar.`
      : "Enquanto durar a suspensão você não pode prestar o serviço.",
    appeal,
    final: null,
  };
}

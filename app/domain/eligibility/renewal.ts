// Renewal (ADR 057): how a renewed validity counts, and which documents on file are carried over.
// What is carried must last until the next renewal window opens, or the driver would be back
// within weeks; anything missing, expired, no longer recent or ending sooner is asked again.
import { REMINDER_OFFSETS } from "~/domain/applications/reminders";
import { type CredentialSpec, type DocumentRequirement, parameterValue, type RulePack } from "~/domain/rule-packs";
import { formatDate } from "../format";
import { addDays, addDuration, compareDates, type IsoDate } from "./calendar";
import { expiryOf } from "./documents";
import type { DocumentOnFile } from "./types";

export type RenewalCounting = {
  /** FOLLOWS_PREVIOUS: the new term starts where the old one ends; FROM_APPROVAL: from the approval day. */
  counts: "FOLLOWS_PREVIOUS" | "FROM_APPROVAL";
  /** LAW: the pack cites the law; PORTAL_DEFAULT: the law is silent and the portal's default applies. */
  basis: "LAW" | "PORTAL_DEFAULT";
  note: string;
  citation?: string;
  duration?: string;
};

/** Where a pack's credential says nothing of its renewal (ADR 057): the portal's default, named as such. */
export const PORTAL_DEFAULT_RENEWAL: RenewalCounting = {
  counts: "FOLLOWS_PREVIOUS",
  basis: "PORTAL_DEFAULT",
  note: "A lei não diz como a renovação conta: padrão do portal — a nova validade segue a anterior (ADR 057).",
};

export function renewalCounting(spec: Pick<CredentialSpec, "renewal">): RenewalCounting {
  const r = spec.renewal;
  if (!r) return PORTAL_DEFAULT_RENEWAL;
  return {
    counts: r.counts,
    basis: r.basis,
    note: r.note,
    ...(r.citation ? { citation: r.citation } : {}),
    ...(r.duration ? { duration: r.duration } : {}),
  };
}

/**
 * FOLLOWS_PREVIOUS renewed in time counts from the old last day (CC art. 132), keeping the days
 * left ("por igual período"); otherwise from the renewal's date. Valid from approval either way.
 */
export function renewedValidUntil(
  counting: Pick<RenewalCounting, "counts">,
  duration: string,
  previousUntil: IsoDate | null,
  date: IsoDate,
): IsoDate {
  if (counting.counts === "FOLLOWS_PREVIOUS" && previousUntil && compareDates(date, previousUntil) <= 0)
    return addDuration(previousUntil, duration);
  return addDuration(date, duration);
}

/** The dates a renewal's documents are judged against. */
interface RenewalHorizon {
  /** The renewal's date (its municipality's civil day). */
  date: IsoDate;
  newValidUntil: IsoDate;
}

/** The day the new credential's own renewal window opens (the first reminder, ADR 028). */
export const nextWindowOpensOn = (h: RenewalHorizon) => addDays(h.newValidUntil, -REMINDER_OFFSETS[0]);

type AskedReason = "EXPIRED" | "NOT_RECENT" | "YEARLY" | "ENDS_SOON" | "NO_ISSUE_DATE" | "NO_EXPIRY_DATE";

export type CarryOver =
  | { type: string; label: string; decision: "CARRIED"; until: IsoDate | null }
  | {
      type: string;
      label: string;
      decision: "ASKED";
      reason: AskedReason;
      endsOn: IsoDate | null;
      /** Why, in pt-BR, for the driver and the analyst. */
      message: string;
      citation: string;
    };

/** A validity of one year fixed by the law: a paper to be renewed yearly (Patrocínio art. 5º, § 2º). */
function yearly(req: DocumentRequirement): boolean {
  return req.validity.kind === "DURATION" && ["P1Y", "P12M"].includes(req.validity.duration);
}

/** Whether a document carried from the previous application is kept by a renewal, or asked again and why. */
export function carryOverDecision(
  req: DocumentRequirement,
  doc: Pick<DocumentOnFile, "issueDate" | "expiryDate">,
  pack: RulePack,
  h: RenewalHorizon,
): CarryOver {
  const base = { type: req.type, label: req.label };
  const asked = (reason: AskedReason, endsOn: IsoDate | null, message: string, citation = req.citation): CarryOver => ({
    ...base,
    decision: "ASKED",
    reason,
    endsOn,
    message,
    citation,
  });
  const { expiresOn, unknown } = expiryOf(req, { ...doc, type: req.type, reviewState: "ACCEPTED" }, pack);
  if (unknown) return asked("NO_ISSUE_DATE", null, "Falta a data de emissão do documento anterior: envie-o de novo.");
  // A printed validity sent without its "válido até": nothing shows it lasts to the next renewal.
  if (!expiresOn && req.validity.kind === "OWN_EXPIRY")
    return asked(
      "NO_EXPIRY_DATE",
      null,
      "A validade deste documento vem impressa nele, mas não foi informada no envio anterior: envie o atual e preencha “Válido até”.",
    );
  if (!expiresOn) return { ...base, decision: "CARRIED", until: null };
  const on = formatDate(expiresOn);
  if (req.validity.kind === "RECENT") {
    // "Recente" is judged on the day of the renewal: the paper must be that fresh now.
    if (compareDates(expiresOn, h.date) >= 0) return { ...base, decision: "CARRIED", until: expiresOn };
    const days = parameterValue(pack, req.validity.parameter);
    const issued = doc.issueDate ? `: o anterior é de ${formatDate(doc.issueDate)}` : "";
    return asked("NOT_RECENT", expiresOn, `A lei pede documento recente (emitido há no máximo ${days} dias)${issued}.`);
  }
  if (compareDates(expiresOn, h.date) < 0) return asked("EXPIRED", expiresOn, `O documento anterior venceu em ${on}.`);
  const opens = nextWindowOpensOn(h);
  if (compareDates(expiresOn, opens) < 0) {
    const next = `venceria antes da próxima renovação, que abre em ${formatDate(opens)}`;
    return yearly(req)
      ? asked(
          "YEARLY",
          expiresOn,
          `A lei pede a renovação anual deste documento: o anterior vale até ${on} e ${next}.`,
          req.validity.kind === "DURATION" && req.validity.citation ? req.validity.citation : req.citation,
        )
      : asked("ENDS_SOON", expiresOn, `O documento anterior vale só até ${on}: ${next}.`);
  }
  return { ...base, decision: "CARRIED", until: expiresOn };
}

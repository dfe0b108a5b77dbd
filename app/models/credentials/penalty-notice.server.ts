// The holder's notices of suspended or revoked credentials (domain/credentials/penalty-notice), with
// the change's day for the appeal deadline.
import {
  penaltyNotice,
  type PenaltyNoticeView,
  type PenaltyTerms,
  penaltyTermsOf,
} from "~/domain/credentials/penalty-notice";
import { civilDate } from "~/domain/time";
import { db } from "~/utils/db.server";
import { activePack } from "../rule-pack.server";

type Penalised = {
  id: string;
  status: string;
  municipalityId: string;
  suspendedUntil: string | null;
  statusReason: string | null;
  statusCitation: string | null;
};

/** Notices by credential id, for the suspended and revoked ones among `credentials`. */
export async function penaltyNotices(credentials: readonly Penalised[]): Promise<Map<string, PenaltyNoticeView>> {
  const penalised = credentials.filter((c) => c.status === "SUSPENDED" || c.status === "REVOKED");
  const notices = new Map<string, PenaltyNoticeView>();
  if (!penalised.length) return notices;
  const municipalities = await db.municipality.findMany({
    where: { id: { in: [...new Set(penalised.map((c) => c.municipalityId))] } },
    select: { id: true, rulePackId: true, timeZone: true },
  });
  const terms = new Map<string, { terms: PenaltyTerms; timeZone: string }>();
  for (const m of municipalities) terms.set(m.id, { terms: penaltyTermsOf(await activePack(m)), timeZone: m.timeZone });
  const changes = await db.credentialStatusChange.findMany({
    where: { credentialId: { in: penalised.map((c) => c.id) } },
    orderBy: { at: "desc" },
    select: { credentialId: true, toStatus: true, at: true },
  });
  for (const c of penalised) {
    const of = terms.get(c.municipalityId);
    if (!of) continue;
    const change = changes.find((x) => x.credentialId === c.id && x.toStatus === c.status);
    const notice = penaltyNotice(
      {
        status: c.status,
        suspendedUntil: c.suspendedUntil,
        reason: c.statusReason,
        citation: c.statusCitation,
        decidedOn: change ? civilDate(change.at, of.timeZone) : null,
      },
      of.terms,
    );
    if (notice) notices.set(c.id, notice);
  }
  return notices;
}

/** The notice of one credential (the phone's "Meu crachá"), or null. */
export async function penaltyNoticeOf(c: Penalised): Promise<PenaltyNoticeView | null> {
  return (await penaltyNotices([c])).get(c.id) ?? null;
}

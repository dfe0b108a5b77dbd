// The holder's notices of their suspended or revoked credentials (domain/credentials/holder-notice):
// each credential's reason and end date as stored, the day of the change that put it there (for
// the appeal deadline), and its municipality's law as the active pack states it.
import { db } from "~/utils/db.server";
import { civilDate } from "~/domain/time";
import { holderNotice, penaltyTermsOf, type HolderNotice, type PenaltyTerms } from "~/domain/credentials/holder-notice";
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
export async function holderNotices(credentials: readonly Penalised[]): Promise<Map<string, HolderNotice>> {
  const penalised = credentials.filter((c) => c.status === "SUSPENDED" || c.status === "REVOKED");
  const notices = new Map<string, HolderNotice>();
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
    const notice = holderNotice(
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
export async function holderNoticeOf(c: Penalised): Promise<HolderNotice | null> {
  return (await holderNotices([c])).get(c.id) ?? null;
}

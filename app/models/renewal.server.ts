// Renewal: a RENEWAL application pre-filled from the one that issued the credential, carrying over
// still-valid documents (currentDocuments); approval supersedes the old credential.
import { VERDICT_LABELS } from "~/domain/credentials/labels";
import { RENEWAL_WINDOW_DAYS, renewalWindow } from "~/domain/credentials/renewal-window";
import { type CredentialStatus, isRenewable, type Verdict, verdictFor } from "~/domain/credentials/status";
import { formatDate } from "~/domain/format";
import { conflict, notFound } from "~/domain/refusal";
import type { Category, Mode } from "~/domain/rule-packs";
import type { Actor } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { startApplication, today } from "./application.server";

/** 409 unless the credential may be renewed on the date (isRenewable: valid, or expired). */
function assertRenewable(c: { serial: string; status: string; validFrom: string; validUntil: string }, date: string) {
  const verdict = verdictFor(
    { status: c.status as CredentialStatus, validFrom: c.validFrom, validUntil: c.validUntil },
    date,
  );
  if (!isRenewable(verdict))
    throw conflict(
      `A credencial ${c.serial} está ${VERDICT_LABELS[verdict].label} e não pode ser renovada.${WHAT_TO_DO[verdict] ?? ""}`,
    );
}

/** What the holder may do instead, after a refusal for the credential's state. */
const WHAT_TO_DO: Partial<Record<Verdict, string>> = {
  SUPERSEDED: " Ela já foi substituída por outra: renove a credencial em vigor, em “Minhas credenciais”.",
  SUSPENDED: " A renovação volta a abrir quando a suspensão terminar ou a prefeitura reativar a credencial.",
};

/** assertRenewable, and 409 before the window opens 60 days before the last day (renewalWindow, ADR 028). */
export function assertRenewalWindowOpen(
  c: { serial: string; status: string; validFrom: string; validUntil: string },
  date: string,
) {
  assertRenewable(c, date);
  const window = renewalWindow(c, date);
  if (!window.open && window.reason === "too_early")
    throw conflict(
      `A renovação da credencial ${c.serial} abre em ${formatDate(window.opensOn)}, ${RENEWAL_WINDOW_DAYS} dias antes do vencimento (${formatDate(c.validUntil)}).`,
    );
}

/**
 * 409 (saying what to do) when approval would supersede a running suspension — a new credential must
 * not lift a penalty — or renew a credential suspended or revoked while it waited.
 */
export async function assertApprovalKeepsPenalties(
  app: { kind: string; renewalOfId: string | null },
  previous: Array<{ serial: string; status: string; suspendedUntil: string | null }>,
  date: string,
) {
  const suspended = previous.find((c) => c.status === "SUSPENDED");
  if (suspended) {
    const until = suspended.suspendedUntil ? ` até ${formatDate(suspended.suspendedUntil)}` : "";
    throw conflict(
      `A credencial ${suspended.serial} está suspensa${until}: aprovar agora emitiria outra e anularia a suspensão. Aguarde o fim da suspensão ou reative a credencial antes de aprovar.`,
    );
  }
  if (app.kind !== "RENEWAL" || !app.renewalOfId) return;
  const renewed = await db.credential.findMany({
    where: { applicationId: app.renewalOfId, type: { not: "SELO_VISTORIA" } },
  });
  for (const c of renewed) if (c.status !== "SUPERSEDED") assertRenewable(c, date);
}

export async function startRenewal(credentialId: string, userId: string, actor: Actor, now = new Date()) {
  const credential = await db.credential.findUnique({
    where: { id: credentialId },
    include: { application: true, holderPerson: true, municipality: { select: { timeZone: true } } },
  });
  if (!credential || credential.holderPerson?.userId !== userId || !credential.application) {
    throw notFound("Credencial não encontrada.");
  }
  assertRenewalWindowOpen(credential, today(now, credential.municipality.timeZone));
  const original = credential.application;
  const started = await startApplication(
    userId,
    {
      municipalityId: original.municipalityId,
      category: original.category as Category,
      mode: original.mode as Mode,
      linkedOperatorId: original.linkedOperatorId,
      kind: "RENEWAL",
      renewalOfId: original.id,
      draftJson: original.draftJson,
    },
    actor,
  );
  // An open application here (two clicks included: startApplication serialises them) is refused, pointed to.
  if (started.existing) refuseOpen(started.application, original);
  return started;
}

/** 409 pointing to the application already open in this town and category, which startApplication would hand back. */
function refuseOpen(
  open: { kind: string; renewalOfId: string | null; number: string } | null,
  original: { id: string },
) {
  if (!open) return;
  if (open.kind === "RENEWAL" && open.renewalOfId === original.id)
    throw conflict(
      `A renovação desta credencial já foi iniciada: é o requerimento ${open.number}. Continue por ele, em “Meus requerimentos”.`,
    );
  throw conflict(
    `Você já tem o requerimento ${open.number} em andamento nesta categoria. Conclua-o ou desista dele, em “Meus requerimentos”, antes de renovar.`,
  );
}

// Bulk re-issue after a key revocation (a background job, ADR 037). Everything a revoked key
// signed verifies NÃO RECONHECIDO at once; the credentials still in force (ACTIVE or SUSPENDED)
// are re-signed with the municipality's active key: same serial, dates, holder and status, a new
// token and QR, the PDF rendered again; the holder is told by e-mail to download it. A rotation
// needs none of this: the retired key stays published until what it signed expires.
// Idempotent and resumable (ADR 037, 052): each credential is re-signed in its own transaction —
// new token, audit event and holder's e-mail together — only while its kid is still a revoked
// one, so a job killed halfway is finished by its retry, which re-signs only what is left: a
// credential is re-issued once, with one audit event and one e-mail. Its new PDF is stored after
// that commit; one a crash left without its PDF is stored by the next run (storeMissingPdfs).
import type { CredentialClaims } from "~/credentials/claims";
import { verificationUrl } from "~/credentials/qr";
import { signCredential } from "~/credentials/token";
import { CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { audit, systemActor } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { enqueueMail } from "~/utils/mail.server";
import { ensureStoredPdf } from "./pdf.server";
import { noteSignedUntil, signerFor } from "../signing-key.server";
import { linkFor } from "../user.server";

const IN_FORCE = ["ACTIVE", "SUSPENDED"];

/** How many credentials in force are still signed by a revoked key (all municipalities, or one). */
export async function credentialsAwaitingReissue(municipalityId?: string) {
  const revoked = await db.signingKey.findMany({
    where: { status: "REVOKED", ...(municipalityId ? { municipalityId } : {}) },
    select: { kid: true },
  });
  if (revoked.length === 0) return 0;
  return db.credential.count({ where: { kid: { in: revoked.map((k) => k.kid) }, status: { in: IN_FORCE } } });
}

/** The credentials in force still on a revoked key, per municipality (for /admin/tarefas). */
export async function awaitingReissueByMunicipality(): Promise<{ municipality: string; count: number }[]> {
  const revoked = await db.signingKey.findMany({ where: { status: "REVOKED" }, select: { kid: true } });
  if (revoked.length === 0) return [];
  const groups = await db.credential.groupBy({
    by: ["municipalityId"],
    where: { kid: { in: revoked.map((k) => k.kid) }, status: { in: IN_FORCE } },
    _count: { _all: true },
  });
  if (groups.length === 0) return [];
  const names = new Map(
    (
      await db.municipality.findMany({
        where: { id: { in: groups.map((g) => g.municipalityId) } },
        select: { id: true, name: true, uf: true },
      })
    ).map((m) => [m.id, `${m.name}/${m.uf}`]),
  );
  return groups
    .map((g) => ({ municipality: names.get(g.municipalityId) ?? g.municipalityId, count: g._count._all }))
    .sort((a, b) => a.municipality.localeCompare(b.municipality, "pt-BR"));
}

/**
 * Stores the PDF of every credential in force that was re-issued and has none: the run that
 * re-signed it died between its commit and its PDF. ensureStoredPdf stores one PDF per credential
 * (a second writer's copy is deleted). Returns how many it stored.
 */
const ID_BATCH = 500;

async function storeMissingPdfs(): Promise<number> {
  const withoutPdf = await db.credential.findMany({
    where: { status: { in: IN_FORCE }, pdfStorageKey: null },
    select: { id: true, serial: true },
  });
  if (withoutPdf.length === 0) return 0;
  // In batches: a city can hold more credentials without a stored PDF than a statement takes
  // parameters (Prisma takes 999 on SQLite, 32,767 on PostgreSQL).
  const reissued = new Set<string>();
  for (let i = 0; i < withoutPdf.length; i += ID_BATCH) {
    const events = await db.auditEvent.findMany({
      where: {
        subjectType: "Credential",
        subjectId: { in: withoutPdf.slice(i, i + ID_BATCH).map((c) => c.id) },
        action: "credential.reissue",
      },
      select: { subjectId: true },
    });
    for (const e of events) reissued.add(e.subjectId);
  }
  let stored = 0;
  for (const c of withoutPdf) {
    if (!reissued.has(c.id)) continue;
    await ensureStoredPdf(c.id).then(
      () => stored++,
      (e) => console.error("PDF não armazenado:", c.serial, e),
    );
  }
  return stored;
}

/** Re-signs every credential in force signed by a revoked key; returns how many it re-issued. */
export async function reissueRevokedKeyCredentials(): Promise<number> {
  const actor = systemActor("reemissao");
  const revoked = await db.signingKey.findMany({ where: { status: "REVOKED" }, select: { kid: true } });
  if (revoked.length === 0) return 0;
  // What an earlier run, killed between a credential's commit and its PDF, left without one.
  await storeMissingPdfs();
  const kids = revoked.map((k) => k.kid);
  const pending = await db.credential.findMany({
    where: { kid: { in: kids }, status: { in: IN_FORCE } },
    include: {
      municipality: { select: { ibgeCode: true } },
      holderPerson: { select: { user: { select: { name: true, email: true } } } },
    },
    orderBy: { issuedAt: "asc" },
  });
  let reissued = 0;
  for (const c of pending) {
    const signer = await signerFor(c.municipalityId, actor);
    const claims: CredentialClaims = {
      issuer: c.municipality.ibgeCode,
      serial: c.serial,
      type: c.type as CredentialClaims["type"],
      category: c.category as CredentialClaims["category"],
      holderName: c.holderDisplayName,
      ...(c.plate ? { plate: c.plate } : {}),
      validFrom: c.validFrom,
      validUntil: c.validUntil,
    };
    const token = await signCredential(claims, signer);
    const layout = JSON.parse(c.renderDataJson) as { data: { verification: { qrText: string } } };
    layout.data.verification.qrText = verificationUrl(env().PUBLIC_BASE_URL, token);
    const done = await db.$transaction(async (tx) => {
      const { count } = await tx.credential.updateMany({
        where: { id: c.id, kid: c.kid },
        data: {
          kid: signer.kid,
          token,
          renderDataJson: JSON.stringify(layout),
          pdfStorageKey: null,
          pdfSha256: null,
        },
      });
      if (count !== 1) return false; // re-issued meanwhile by another run
      await noteSignedUntil(tx, signer.kid, c.validUntil);
      await audit(tx, actor, {
        action: "credential.reissue",
        subjectType: "Credential",
        subjectId: c.id,
        municipalityId: c.municipalityId,
        before: { kid: c.kid },
        after: { kid: signer.kid },
      });
      const user = c.holderPerson?.user;
      if (user) {
        const label = CREDENTIAL_TYPE_LABELS[c.type] ?? c.type;
        await enqueueMail(tx, user.email, {
          subject: `Credencial reemitida: ${label} ${c.serial}`,
          text: `Olá, ${user.name}.\n\nA credencial ${label} ${c.serial} foi reemitida com uma nova assinatura digital: o QR Code impresso antes deixou de ser reconhecido. Baixe e imprima a nova versão no portal.\n\n${linkFor("/credenciais")}`,
        });
      }
      return true;
    });
    if (!done) continue;
    reissued++;
    // The new PDF (the old object, now unreferenced, goes with the storage sweep).
    await ensureStoredPdf(c.id).catch((e) => console.error("PDF não armazenado:", c.serial, e));
  }
  return reissued;
}

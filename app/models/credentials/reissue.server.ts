// Bulk re-issue after a key revocation (background job, ADR 037): credentials in force are re-signed
// with the active key, same data, new token and PDF, and the holder is e-mailed. Idempotent and
// resumable (ADR 052): one transaction per credential, only while its kid is revoked, so a retry
// re-issues only what is left; a PDF lost to a crash is stored by the next run.
import type { CredentialClaims } from "~/credentials/claims";
import { verificationUrl } from "~/credentials/qr";
import { signCredential } from "~/credentials/token";
import { CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { audit, systemActor } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { enqueueMail } from "~/utils/mail.server";
import { noteSignedUntil, signerFor } from "../signing-key.server";
import { linkFor } from "../user.server";
import { ensureStoredPdf } from "./pdf.server";

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

// Ids per statement: under the 999 parameters Prisma binds on SQLite.
const ID_BATCH = 500;

/** Stores the PDF of each re-issued credential whose run died before storing it; returns how many. */
async function storeMissingPdfs(): Promise<number> {
  const withoutPdf = await db.credential.findMany({
    where: { status: { in: IN_FORCE }, pdfStorageKey: null },
    select: { id: true, serial: true },
  });
  if (withoutPdf.length === 0) return 0;
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
  const pending = await pendingReissue(revoked.map((k) => k.kid));
  let reissued = 0;
  const failed: string[] = [];
  for (const c of pending) {
    // One credential that cannot be re-issued (a layout an older release drew differently, say)
    // must not leave every later one on the revoked key: it is named, the rest go on, and the run
    // fails at the end so the queue retries it.
    const done = await reissueOne(c, actor).catch((e) => {
      console.error("Credencial não reemitida:", c.serial, e);
      failed.push(c.serial);
      return false;
    });
    if (!done) continue;
    reissued++;
    // The new PDF (the old object, now unreferenced, goes with the storage sweep).
    await ensureStoredPdf(c.id).catch((e) => console.error("PDF não armazenado:", c.serial, e));
  }
  if (failed.length > 0)
    throw new Error(
      `${failed.length} credencial(is) não reemitida(s) (${failed.slice(0, 5).join(", ")}); ${reissued} reemitida(s)`,
    );
  return reissued;
}

type PendingCredential = Awaited<ReturnType<typeof pendingReissue>>[number];

function pendingReissue(kids: string[]) {
  return db.credential.findMany({
    where: { kid: { in: kids }, status: { in: IN_FORCE } },
    include: {
      municipality: { select: { ibgeCode: true } },
      holderPerson: { select: { user: { select: { name: true, email: true } } } },
    },
    orderBy: { issuedAt: "asc" },
  });
}

/** Re-signs one credential in its own transaction; false when another run got there first. */
async function reissueOne(c: PendingCredential, actor: ReturnType<typeof systemActor>): Promise<boolean> {
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
  return db.$transaction(async (tx) => {
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
}

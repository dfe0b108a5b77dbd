// "Meu crachá" (ADR 028): what the holder's phone shows — the card in the verdict's words, the
// QR the PDF carries (the credential's stored signed token, never a new one) and the photo.
// Only the holder: anyone else, staff included, gets "not found" (staff have their own pages).
import { notFound } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { isId } from "~/domain/ids";
import { today } from "~/domain/time";
import { QR_ERROR_CORRECTION, QR_QUIET_ZONE, qrMatrix, qrRects, verificationUrl } from "~/credentials/qr";
import { judgeCredential, type CredentialStatus } from "~/domain/credentials/status";
import { credentialPhoto } from "./photo.server";
import { typedCodeFor } from "./typed-code.server";
import { holderNoticeOf } from "./notice.server";

const NOT_FOUND = "Credencial não encontrada.";

async function ownCredential(credentialId: string, userId: string) {
  if (!isId(credentialId)) throw notFound(NOT_FOUND);
  const c = await db.credential.findUnique({
    where: { id: credentialId },
    include: {
      holderPerson: { select: { userId: true } },
      municipality: { select: { name: true, uf: true, timeZone: true } },
    },
  });
  if (!c || !c.holderPerson || c.holderPerson.userId !== userId) throw notFound(NOT_FOUND);
  return c;
}

/**
 * The text of the credential's QR exactly as its PDF prints it (the layout data stored at issue),
 * or — for a record without it — the verification URL of its stored token.
 */
export function printedQrText(c: { renderDataJson: string; token: string }): string {
  try {
    const layout = JSON.parse(c.renderDataJson) as { data?: { verification?: { qrText?: unknown } } };
    const text = layout.data?.verification?.qrText;
    if (typeof text === "string" && text.includes(c.token)) return text;
  } catch {
    // Falls through to the token's URL.
  }
  return verificationUrl(env().PUBLIC_BASE_URL, c.token);
}

/** An SVG path (module units, quiet zone included) drawing the QR of `text`. */
export function qrSvgPath(text: string) {
  const matrix = qrMatrix(text, QR_ERROR_CORRECTION.badge);
  const q = QR_QUIET_ZONE;
  const path = qrRects(matrix)
    .map((r) => `M${r.x + q} ${r.y + q}h${r.w}v${r.h}h-${r.w}z`)
    .join("");
  return { side: matrix.size + 2 * q, path, version: matrix.version };
}

/** The holder's card for the phone, as of `now`. */
export async function walletOf(credentialId: string, userId: string, now = new Date()) {
  const c = await ownCredential(credentialId, userId);
  const date = today(now, c.municipality.timeZone);
  const { verdict, reason } = judgeCredential({ ...c, status: c.status as CredentialStatus }, date);
  const replacement = c.supersededById
    ? await db.credential.findFirst({
        where: { id: c.supersededById, holderPersonId: c.holderPersonId },
        select: { id: true },
      })
    : null;
  const qrText = printedQrText(c);
  return {
    id: c.id,
    serial: c.serial,
    code: typedCodeFor(c.serial),
    type: c.type,
    category: c.category,
    holderName: c.holderDisplayName,
    plate: c.plate,
    operatorName: c.operatorName,
    municipality: { name: c.municipality.name, uf: c.municipality.uf, timeZone: c.municipality.timeZone },
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    suspendedUntil: c.suspendedUntil,
    verdict,
    reason,
    replacementId: replacement?.id ?? null,
    // Suspended or revoked: why, until when, how to appeal (issue #29).
    notice: await holderNoticeOf(c),
    hasPhoto: (await credentialPhoto(c.id)) !== null,
    checkedAt: now.toISOString(),
    qr: { text: qrText, ...qrSvgPath(qrText) },
  };
}

/** The stored photo the credential was issued with, for its holder only; null when it has none. */
export async function walletPhoto(credentialId: string, userId: string) {
  const c = await ownCredential(credentialId, userId);
  return credentialPhoto(c.id);
}

// The "Meu crachá" card's view-model (ADR 028): the verdict of today in the municipality, the
// penalty notice, and the PDF's QR as an SVG path (the stored token, never a new one).
import { QR_ERROR_CORRECTION, QR_QUIET_ZONE, qrMatrix, qrRects, verificationUrl } from "~/credentials/qr";
import { type CredentialStatus, judgeCredential } from "~/domain/credentials/status";
import { today } from "~/domain/time";
import { penaltyNoticeOf } from "~/models/credentials/penalty-notice.server";
import { credentialPhoto } from "~/models/credentials/photo.server";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { ownWalletCredential } from "~/models/credentials/wallet.server";
import { env } from "~/utils/env.server";

/** The QR text exactly as the PDF prints it, or else the verification URL of the stored token. */
function printedQrText(c: { renderDataJson: string; token: string }): string {
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
function qrSvgPath(text: string) {
  const matrix = qrMatrix(text, QR_ERROR_CORRECTION.badge);
  const q = QR_QUIET_ZONE;
  const path = qrRects(matrix)
    .map((r) => `M${r.x + q} ${r.y + q}h${r.w}v${r.h}h-${r.w}z`)
    .join("");
  return { side: matrix.size + 2 * q, path, version: matrix.version };
}

/** The holder's card for the phone, as of `now`. */
export async function walletOf(credentialId: string, userId: string, now = new Date()) {
  const { credential: c, replacementId } = await ownWalletCredential(credentialId, userId);
  const date = today(now, c.municipality.timeZone);
  const { verdict, reason } = judgeCredential({ ...c, status: c.status as CredentialStatus }, date);
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
    replacementId,
    // Suspended or revoked: why, until when, how to appeal (issue #29).
    notice: await penaltyNoticeOf(c),
    hasPhoto: (await credentialPhoto(c.id)) !== null,
    checkedAt: now.toISOString(),
    qr: { text: qrText, ...qrSvgPath(qrText) },
  };
}

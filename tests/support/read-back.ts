// Reading an issued credential back as its holder and a fiscal would: the stored PDF's text (the
// holder's name, the credential's number and its validity) and the QR decoded from the rendered
// page — a token the verification model answers VÁLIDO for this very credential. Shared by the
// conformance matrix of people (matrix.test.ts) and of companies (companies.test.ts).
import { createHash } from "node:crypto";
import { buffer } from "node:stream/consumers";
import { expect } from "vitest";
import { formatDate } from "~/domain/format";
import { ensureStoredPdf, renderCredentialPdf } from "~/models/credentials/pdf.server";
import { verifyCredentialToken } from "~/models/verification.server";
import { db } from "~/utils/db.server";
import { getStorage } from "~/utils/storage.server";
import { decodeQr, readPdf } from "../unit/credentials/pdf-reader";

// Rendering scales (1 = 72 dpi) tried in turn: the smallest that reads is the quickest.
const QR_SCALE = { badge: [3, 6], certificate: [1.5, 3], seal: [2, 4], operator: [1.5, 3] } as const;
export type Layout = keyof typeof QR_SCALE;

/** Spaces collapsed, so a line break in a PDF paragraph does not hide a phrase. */
const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** The QR of page 1 decoded at the first scale that reads it, or null. */
export async function readQr(bytes: Uint8Array, layout: Layout) {
  for (const scale of QR_SCALE[layout]) {
    const url = await decodeQr(bytes, 1, scale);
    if (url) return url;
  }
  return null;
}

export type ReadBack = {
  stored: Awaited<ReturnType<typeof ensureStoredPdf>>;
  bytes: Uint8Array;
  layout: Layout;
  /** The PDF's text, whitespace collapsed. */
  text: string;
  token: string;
};

/**
 * The credential's PDF as the download pages serve it (the stored file, which is the one rendered
 * from the stored data), its text and its QR. `holder` is the name the PDF must print (the
 * person's, the company's razão social); a vehicle seal prints the plate instead of a name (Lavras
 * art. 10, § 2º: "código de inscrição e a data de validade da vistoria"), so pass the plate there.
 */
export async function readBack(credentialId: string, holder: { label: string; value: string }): Promise<ReadBack> {
  const stored = await ensureStoredPdf(credentialId);
  const { stream } = await getStorage().get(stored.pdfStorageKey!);
  const bytes = new Uint8Array(await buffer(stream));
  expect(stored.pdfSha256, `${stored.serial}: o PDF armazenado é o dos dados armazenados`).toBe(
    createHash("sha256")
      .update(await renderCredentialPdf(stored))
      .digest("hex"),
  );
  expect(createHash("sha256").update(bytes).digest("hex")).toBe(stored.pdfSha256);
  const layout = (JSON.parse(stored.renderDataJson) as { layout: Layout }).layout;
  const text = squash((await readPdf(bytes)).pages.map((pg) => pg.text).join(" "));
  const must = (label: string, value: string) =>
    expect(text, `${stored.type} ${stored.serial}: ${label}`).toContain(squash(value));
  must(holder.label, holder.value);
  must("número da credencial", stored.serial);
  must("validade", formatDate(stored.validUntil));

  const url = await readQr(bytes, layout);
  expect(url, `${stored.type}: QR legível`).toMatch(/\/v\/[A-Za-z0-9_.-]+$/);
  const token = url!.slice(url!.lastIndexOf("/v/") + 3);
  expect(token, `${stored.type}: o QR é o token desta credencial`).toBe(stored.token);
  const { body } = await verifyCredentialToken(token, { now: new Date(), channel: "QR", withPhoto: false });
  expect(body.verdict, `${stored.type} ${stored.serial}: verificação`).toBe("VALID");
  expect(body.credential?.serial).toBe(stored.serial);
  return { stored, bytes, layout, text, token };
}

/** The issuance day in the municipality's time zone (the credential's validFrom must be it). */
export async function issuanceDay(credentialId: string) {
  const c = await db.credential.findUniqueOrThrow({
    where: { id: credentialId },
    select: { issuedAt: true, municipality: { select: { timeZone: true } } },
  });
  return new Intl.DateTimeFormat("en-CA", { timeZone: c.municipality.timeZone }).format(c.issuedAt);
}

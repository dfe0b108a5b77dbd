// A credential's PDF: drawn from its stored render data, stored once with its sha256.
import { Readable } from "node:stream";
import { type BadgeData, renderBadge } from "~/credentials/pdf/badge";
import {
  type CertificateData,
  type OperatorCertificateData,
  renderCertificate,
  renderOperatorCertificate,
} from "~/credentials/pdf/certificate";
import { renderSeal, type SealData } from "~/credentials/pdf/seal";
import { db } from "~/utils/db.server";
import { getStorage, newStorageKey, storedBytes } from "~/utils/storage.server";
import { coatOfArmsBytes } from "../municipality.server";

/** What a PDF is drawn from; `photoDocumentId` is printed and is also the face a passenger sees on scanning. */
export type Layout = { photoDocumentId?: string | null; coatOfArmsKey?: string | null } & (
  | { layout: "badge"; data: Omit<BadgeData, "photo" | "issuedAt">; photoDocumentId: string | null }
  | { layout: "certificate"; data: Omit<CertificateData, "issuedAt"> }
  | { layout: "seal"; data: Omit<SealData, "issuedAt"> }
  | { layout: "operator"; data: Omit<OperatorCertificateData, "issuedAt"> }
);

/** Renders the credential's PDF from its stored data: the same data always gives the same PDF. */
export async function renderCredentialPdf(c: { renderDataJson: string; issuedAt: Date }): Promise<Uint8Array> {
  const layout = JSON.parse(c.renderDataJson) as Layout;
  const issuedAt = c.issuedAt;
  const coatOfArms = await coatOfArmsBytes(layout.coatOfArmsKey);
  switch (layout.layout) {
    case "badge": {
      let photo: Uint8Array | null = null;
      if (layout.photoDocumentId) {
        const doc = await db.document.findUnique({ where: { id: layout.photoDocumentId } });
        if (doc) photo = new Uint8Array(await storedBytes(doc.storageKey));
      }
      return renderBadge({ ...layout.data, photo, coatOfArms, issuedAt });
    }
    case "certificate":
      return renderCertificate({ ...layout.data, coatOfArms, issuedAt });
    case "seal":
      return renderSeal({ ...layout.data, coatOfArms, issuedAt });
    case "operator":
      return renderOperatorCertificate({ ...layout.data, coatOfArms, issuedAt });
  }
}

/** Renders and stores the PDF once, recording its key and sha256; later calls reuse it. */
export async function ensureStoredPdf(credentialId: string) {
  const c = await db.credential.findUniqueOrThrow({ where: { id: credentialId } });
  if (c.pdfStorageKey) return c;
  const bytes = await renderCredentialPdf(c);
  const stored = await getStorage().put(newStorageKey(c.issuedAt), Readable.from([Buffer.from(bytes)]), {
    contentType: "application/pdf",
  });
  const updated = await db.credential.updateMany({
    where: { id: c.id, pdfStorageKey: null },
    data: { pdfStorageKey: stored.key, pdfSha256: stored.sha256 },
  });
  if (updated.count === 0) await getStorage().delete(stored.key); // someone stored it first
  return db.credential.findUniqueOrThrow({ where: { id: c.id } });
}

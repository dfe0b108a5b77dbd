import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { fileResponse } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { ensureStoredPdf } from "~/models/credentials/pdf.server";
import { getCredential } from "~/models/credentials/read.server";
import { getStorage } from "~/utils/storage.server";

// The credential's PDF for staff of its municipality: the stored one (rendered and stored on
// first need), served inline like any stored file.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:credential");
  const credential = await getCredential(params.id ?? "");
  if (!credential || credential.municipalityId !== municipality.id) throw notFound("Credencial não encontrada.");
  const stored = await ensureStoredPdf(credential.id);
  if (!stored.pdfStorageKey) throw new Error("PDF indisponível.");
  // fileResponse takes the length from the stored object itself.
  return fileResponse(
    getStorage(),
    { storageKey: stored.pdfStorageKey, mime: "application/pdf", originalName: `${stored.serial}.pdf`, sizeBytes: 0 },
    { inline: true },
  );
});

import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { fileResponse } from "~/http/answers.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withRefusals } from "~/http/refusal.server";
import { ensureStoredPdf } from "~/models/credentials/pdf.server";
import { operatorCertificate } from "~/models/operator-approval.server";
import { getStorage } from "~/utils/storage.server";

// The company's credenciamento certificate (PDF with QR) to the members of its team.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:operator");
  const certificate = await operatorCertificate(operator.id);
  if (!certificate) throw notFound("A empresa ainda não tem certificado.");
  const stored = await ensureStoredPdf(certificate.id);
  return fileResponse(
    getStorage(),
    {
      storageKey: stored.pdfStorageKey!,
      mime: "application/pdf",
      originalName: `${certificate.serial}.pdf`,
      sizeBytes: 0,
    },
    { inline: false },
  );
});

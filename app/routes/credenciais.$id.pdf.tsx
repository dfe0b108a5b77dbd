import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { fileResponse } from "~/http/answers.server";
import { requireUser } from "~/http/auth.server";
import { userCan } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { ensureStoredPdf } from "~/models/credentials/pdf.server";
import { getCredential } from "~/models/credentials/read.server";
import { getStorage } from "~/utils/storage.server";

// The credential's PDF, to its holder or to staff of its municipality.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const c = await getCredential(params.id ?? "");
  const target = { ownerUserId: c?.holderPerson?.userId ?? null, municipalityId: c?.municipalityId ?? null };
  if (!c || !userCan(user, "read:credential", target)) throw notFound("Credencial não encontrada.");
  const stored = await ensureStoredPdf(c.id);
  return fileResponse(
    getStorage(),
    { storageKey: stored.pdfStorageKey!, mime: "application/pdf", originalName: `${c.serial}.pdf`, sizeBytes: 0 },
    { inline: false },
  );
});

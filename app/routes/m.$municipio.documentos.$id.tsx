import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { fileResponse } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { getDocumentWithScope } from "~/models/document.server";
import { getStorage } from "~/utils/storage.server";

// An application's document, to its municipality's staff (read:document); another municipality's is
// the same 404 as none. fileResponse: sandbox CSP, nosniff, no cache; `?baixar` downloads it.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:document");
  const doc = await getDocumentWithScope(params.id ?? "");
  if (!doc || doc.application?.municipalityId !== municipality.id) throw notFound("Documento não encontrado.");
  return fileResponse(getStorage(), doc, { inline: new URL(request.url).searchParams.get("baixar") === null });
});

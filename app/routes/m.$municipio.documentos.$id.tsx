import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/http/staff-guard.server";
import { getDocumentWithScope } from "~/models/document.server";
import { fileResponse, getStorage } from "~/utils/storage.server";
import { withRefusals } from "~/http/refusal.server";
import { notFound } from "~/domain/refusal";

// A document of an application, for the staff of its municipality (read:document there). A
// document of another municipality is the same 404 as one that does not exist. Served by
// fileResponse: sandbox CSP, nosniff, no cache; `?baixar` makes it a download.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:document");
  const doc = await getDocumentWithScope(params.id ?? "");
  if (!doc || doc.application?.municipalityId !== municipality.id) throw notFound("Documento não encontrado.");
  return fileResponse(getStorage(), doc, { inline: new URL(request.url).searchParams.get("baixar") === null });
});

import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/http/auth.server";
import { userCan } from "~/http/permissions.server";
import { fileResponse, getStorage } from "~/utils/storage.server";
import { getDocumentWithScope } from "~/models/document.server";
import { withRefusals } from "~/http/refusal.server";
import { notFound } from "~/domain/refusal";

// A document back to its owner or to staff of its municipality; anyone else gets the same 404
// as for a document that does not exist.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const doc = await getDocumentWithScope(params.id ?? "");
  const target = { ownerUserId: doc?.ownerUserId, municipalityId: doc?.application?.municipalityId ?? null };
  if (!doc || !userCan(user, "read:document", target)) throw notFound("Documento não encontrado.");
  return fileResponse(getStorage(), doc, { inline: new URL(request.url).searchParams.get("baixar") === null });
});

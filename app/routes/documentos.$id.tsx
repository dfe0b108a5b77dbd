import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { fileResponse } from "~/http/answers.server";
import { requireUser } from "~/http/auth.server";
import { userCan } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { getDocumentWithScope } from "~/models/document.server";
import { getStorage } from "~/utils/storage.server";

// A document back to its owner or to staff of its municipality; anyone else gets the same 404
// as for a document that does not exist.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const doc = await getDocumentWithScope(params.id ?? "");
  const target = { ownerUserId: doc?.ownerUserId, municipalityId: doc?.application?.municipalityId ?? null };
  if (!doc || !userCan(user, "read:document", target)) throw notFound("Documento não encontrado.");
  return fileResponse(getStorage(), doc, { inline: new URL(request.url).searchParams.get("baixar") === null });
});

import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileResponse } from "~/http/answers.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withRefusals } from "~/http/refusal.server";
import { operatorDocument } from "~/models/document.server";
import { getStorage } from "~/utils/storage.server";

// One of the company's own documents, to any member of its team (the driver-side route serves a
// file only to the person who uploaded it). Another company's document is the same 404 as none.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:operator");
  const doc = await operatorDocument(operator.id, params.docId);
  return fileResponse(getStorage(), doc, { inline: new URL(request.url).searchParams.get("baixar") === null });
});

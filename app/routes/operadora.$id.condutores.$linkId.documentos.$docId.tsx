import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileResponse } from "~/http/answers.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withRefusals } from "~/http/refusal.server";
import { linkedDriverDocument } from "~/models/document.server";
import { getDriverLink } from "~/models/driver-standing.server";
import { operatorCollectsDriverDocuments } from "~/models/operator-policy.server";
import { activePack } from "~/models/rule-pack.server";
import { getStorage } from "~/utils/storage.server";

// A linked driver's document, to the operator only where the law makes it collect and forward the
// drivers' documents, or for the documents it submitted itself. Anything else: the same 404.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator, user } = await requireOperator(request, params.id, "read:driver-link");
  const link = await getDriverLink(operator.id, params.linkId);
  const doc = await linkedDriverDocument(operator, link?.personId, user.id, params.docId, async () =>
    operatorCollectsDriverDocuments(await activePack(operator.municipality)),
  );
  return fileResponse(getStorage(), doc, { inline: new URL(request.url).searchParams.get("baixar") === null });
});

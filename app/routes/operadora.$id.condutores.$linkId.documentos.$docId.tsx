import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/utils/db.server";
import { fileResponse, getStorage } from "~/utils/storage.server";
import { requireOperator } from "~/components/operator/guard.server";
import { getDriverLink } from "~/models/driver-standing.server";
import { activePack } from "~/models/rule-pack.server";
import { operatorCollectsDriverDocuments } from "~/models/operator-policy.server";

// A linked driver's document, to the operator only where the law makes it collect and forward the
// drivers' documents, or for the documents it submitted itself. Anything else: the same 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { operator, user } = await requireOperator(request, params.id, "read:driver-link");
  const link = await getDriverLink(operator.id, params.linkId);
  const doc =
    link?.personId && /^[a-z0-9]{20,40}$/.test(params.docId ?? "")
      ? await db.document.findFirst({
          where: { id: params.docId, personId: link.personId, application: { linkedOperatorId: operator.id } },
        })
      : null;
  const allowed =
    doc &&
    (operatorCollectsDriverDocuments(await activePack(operator.municipality)) ||
      doc.ownerUserId === user.id ||
      (await db.roleAssignment.count({
        where: { userId: doc.ownerUserId, operatorId: operator.id, role: "OPERADOR" },
      })) > 0);
  if (!doc || !allowed) throw new Response("Documento não encontrado.", { status: 404 });
  return fileResponse(getStorage(), doc, { inline: new URL(request.url).searchParams.get("baixar") === null });
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { OPERATOR_UPLOAD_STATUSES } from "~/domain/applications/status";
import { notFound } from "~/domain/refusal";
import { receiveDocument, refuseUpload } from "~/http/document-upload.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withRefusals } from "~/http/refusal.server";
import { evaluateFor } from "~/models/application.server";
import { attachDocument } from "~/models/document.server";
import { driverStanding, getDriverLink } from "~/models/driver-standing.server";

// A document the law makes the operator submit for its driver (submittedBy OPERATOR in the pack),
// attached to the driver's application (resource route).
export const loader = withRefusals(async ({ params }: LoaderFunctionArgs) =>
  redirect(`/operadora/${params.id}/condutores/${params.linkId}`),
);

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, user, actor } = await requireOperator(request, params.id, "create:driver-link");
  const link = await getDriverLink(operator.id, params.linkId);
  if (!link || link.status !== "ACTIVE") throw notFound("Condutor não encontrado.");
  const back = `/operadora/${operator.id}/condutores/${link.id}`;
  const app = (await driverStanding(operator.id, link)).application;
  if (!app || !OPERATOR_UPLOAD_STATUSES.includes(app.status))
    return refuseUpload(request, back, "O requerimento do condutor não aceita documentos agora.", 409);
  const { result } = await evaluateFor(app);
  return receiveDocument(request, {
    userId: user.id,
    back,
    allowed: new Set(result.requiredDocuments.filter((d) => d.submittedBy === "OPERADORA").map((d) => d.type)),
    notAllowed: "A lei não pede este documento à empresa.",
    attach: (file, meta) => attachDocument(app, { userId: user.id }, file, meta, actor),
  });
});

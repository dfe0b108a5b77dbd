import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { driverStanding, getDriverLink } from "~/models/driver-standing.server";
import { OPERATOR_UPLOAD_STATUSES } from "~/domain/applications/status";
import { requireOperator } from "~/http/operator-guard.server";
import { receiveDocument, refuseUpload } from "~/http/document-upload.server";
import { evaluateFor } from "~/models/application.server";
import { attachDocument } from "~/models/document.server";
import { withRefusals } from "~/http/refusal.server";
import { notFound } from "~/domain/refusal";

// A document the law makes the operator submit for its driver (submittedBy OPERATOR in the pack:
// the vehicle's ownership papers in the company's name, the insurance policy…), attached to the
// driver's application (resource route).
export async function loader({ params }: { params: { id?: string; linkId?: string } }) {
  throw redirect(`/operadora/${params.id}/condutores/${params.linkId}`);
}

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
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
    allowed: new Set(result.requiredDocuments.filter((d) => d.submittedBy === "OPERATOR").map((d) => d.type)),
    notAllowed: "A lei não pede este documento à empresa.",
    attach: (file, meta) => attachDocument(app, { userId: user.id }, file, meta, actor),
  });
});

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { ApplicationStatus } from "~/domain/applications/status";
import { notFound } from "~/domain/refusal";
import { receiveDocument } from "~/http/document-upload.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withRefusals } from "~/http/refusal.server";
import { assertEditable } from "~/models/application.server";
import { attachDocument } from "~/models/document.server";
import { operatorApplication } from "~/models/operator.server";
import { evaluateOperatorApplication } from "~/models/operator-application.server";

// The upload of one of the company's own documents (resource route).
export const loader = withRefusals(async ({ params }: LoaderFunctionArgs) =>
  redirect(`/operadora/${params.id}/documentos`),
);

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, user, actor } = await requireOperator(request, params.id, "update:operator");
  const app = await operatorApplication(operator.id);
  if (!app) throw notFound("Requerimento da empresa não encontrado.");
  assertEditable(app.status as ApplicationStatus);
  const { result } = await evaluateOperatorApplication(app);
  return receiveDocument(request, {
    userId: user.id,
    back: `/operadora/${operator.id}/documentos`,
    allowed: new Set(result.requiredDocuments.filter((d) => d.submittedBy === "REQUERENTE").map((d) => d.type)),
    notAllowed: "Este documento não é pedido à empresa.",
    attach: (file, meta) => attachDocument(app, { userId: user.id }, file, meta, actor),
  });
});

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { type ApplicationStatus, isEditable } from "~/domain/applications/status";
import { notFound } from "~/domain/refusal";
import { readForm } from "~/http/csrf.server";
import { frameOf } from "~/http/operator-frame.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withRefusals } from "~/http/refusal.server";
import { submissionBlockers } from "~/models/application.server";
import { currentDocuments } from "~/models/application-facts.server";
import { operatorApplication } from "~/models/operator.server";
import { evaluateOperatorApplication, submitOperatorApplication } from "~/models/operator-application.server";

async function load(request: Request, id: string | undefined, permission: `${string}:${string}`) {
  const ctx = await requireOperator(request, id, permission);
  const app = await operatorApplication(ctx.operator.id);
  if (!app) throw notFound("Requerimento da empresa não encontrado.");
  return { ...ctx, app };
}

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator, app } = await load(request, params.id, "read:operator");
  const { result } = await evaluateOperatorApplication(app);
  const files = new Map((await currentDocuments(app)).map((d) => [d.type, d.id]));
  const editable = isEditable(app.status);
  return {
    frame: frameOf(operator),
    app: { number: app.number, status: app.status as ApplicationStatus, editable, renewal: app.kind === "RENEWAL" },
    result,
    documents: result.requiredDocuments.map((d) => ({
      type: d.type,
      label: d.label,
      citation: d.citation,
      status: d.status,
      reason: d.reason ?? null,
      expiresOn: d.expiresOn ?? null,
      fileId: files.get(d.type) ?? null,
    })),
    blockers: editable ? submissionBlockers(result) : [],
  };
});

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { app, actor, operator } = await load(request, params.id, "update:operator");
  await readForm(request);
  const sent = await submitOperatorApplication(app, actor);
  if (!sent.ok) return data({ blockers: sent.blockers }, { status: 400 });
  return redirect(`/operadora/${operator.id}?ok=enviado`);
});

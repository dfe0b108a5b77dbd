import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readForm } from "~/http/csrf.server";
import { actorOf, requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { startRenewal } from "~/models/renewal.server";

export const loader = withRefusals(async (_: LoaderFunctionArgs) => redirect("/credenciais"));

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requirePermission(request, "create:application");
  await readForm(request);
  const { application } = await startRenewal(params.id ?? "", user.id, actorOf(user, request));
  return redirect(`/requerimentos/${application.id}/documentos`);
});

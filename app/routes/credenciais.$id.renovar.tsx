import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { actorOf, requirePermission } from "~/http/permissions.server";
import { readForm } from "~/http/csrf.server";
import { startRenewal } from "~/models/renewal.server";
import { withRefusals } from "~/http/refusal.server";

export async function loader() {
  throw redirect("/credenciais");
}

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requirePermission(request, "create:application");
  await readForm(request);
  const { application } = await startRenewal(params.id ?? "", user.id, actorOf(user, request));
  return redirect(`/requerimentos/${application.id}/documentos`);
});

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { requireUser } from "~/http/auth.server";
import { readForm } from "~/http/csrf.server";
import { actorOf } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { acceptTeamInvitation, declineTeamInvitation, teamInvitation } from "~/models/operator-team.server";

// A company's e-mailed invitation to its team (issue #35: no one joins without accepting), answered
// only by a signed-in account with the invited CPF and e-mail.
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const found = await teamInvitation(params.token ?? "", user);
  if (!found) return { state: "invalid" as const, company: null, name: user.name };
  if (!found.forThisAccount) return { state: "other-account" as const, company: null, name: user.name };
  return { state: "open" as const, company: found.company, name: user.name };
});

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request);
  const form = await readForm(request);
  const token = params.token ?? "";
  if (form.get("intent") === "aceitar") {
    const { operatorId } = await acceptTeamInvitation(token, user, actorOf(user, request));
    return redirect(`/operadora/${operatorId}`);
  }
  await declineTeamInvitation(token, user, actorOf(user, request));
  return data({ declined: true });
});

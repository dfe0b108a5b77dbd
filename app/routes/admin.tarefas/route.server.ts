import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { zRetryJob, zRetryMail } from "~/forms/back-office";
import { readForm } from "~/http/csrf.server";
import { actorOf, requirePermission } from "~/http/permissions.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import {
  jobsOverview,
  reissueOverview,
  retryFailedJob,
  retryMail,
  undeliveredMail,
} from "~/models/background-jobs.server";
import { parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  await requirePermission(request, "manage:jobs");
  const [overview, mail, reissue] = await Promise.all([jobsOverview(), undeliveredMail(), reissueOverview()]);
  return { ...overview, mail, reissue };
});

export const action = withFormRefusals(async ({ request }: ActionFunctionArgs) => {
  const user = await requirePermission(request, "manage:jobs");
  const form = await readForm(request);
  const actor = actorOf(user, request, { role: "ADMIN", municipalityId: null, operatorId: null });
  if (form.get("intent") === "retry-mail") {
    const parsed = parseForm(zRetryMail, form);
    if (!parsed.ok) return data({ error: "Pedido inválido: recarregue a página." }, { status: 400 });
    await retryMail(parsed.data.messageId, actor);
    return redirect("/admin/tarefas?ok=email");
  }
  const parsed = parseForm(zRetryJob, form);
  if (!parsed.ok) return data({ error: "Pedido inválido: recarregue a página." }, { status: 400 });
  await retryFailedJob(parsed.data.failureId, actor);
  return redirect("/admin/tarefas?ok=reenviada");
});

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { ApplicationStatus } from "~/domain/applications/status";
import { formatPlate } from "~/domain/br";
import { invalid } from "~/domain/refusal";
import { zAssign } from "~/forms/back-office";
import { readForm } from "~/http/csrf.server";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { cpfViews } from "~/models/cpf-standing.server";
import { assignToMe, releaseAssignment } from "~/models/review.server";
import { parseQueueFilters, reviewQueue } from "~/models/review-queue.server";
import { activePack } from "~/models/rule-pack.server";
import { parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality, user } = await requireStaff(request, params.municipio, "review:application");
  const filters = parseQueueFilters(new URL(request.url).searchParams);
  const [queue, pack] = await Promise.all([
    reviewQueue(municipality.id, filters, { userId: user.id }),
    activePack(municipality),
  ]);
  // Each applicant's CPF, masked, and whether gov.br proved it (ADR 054).
  const cpfOf = await cpfViews(
    queue.rows.map((r) => r.person?.cpf ?? ""),
    { masked: true },
  );
  return {
    municipality: { name: municipality.name, uf: municipality.uf, slug: municipality.slug },
    me: user.id,
    filters,
    categories: pack.categories.map((c) => ({ code: c.code, label: c.label })),
    queue: {
      ...queue,
      rows: queue.rows.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.status as ApplicationStatus,
        category: r.category,
        mode: r.mode,
        kind: r.kind,
        name: r.person?.fullName ?? "—",
        cpf: r.person?.cpf ? cpfOf(r.person.cpf) : null,
        plate: r.plate ? formatPlate(r.plate) : null,
        submittedAt: r.submittedAt?.toISOString() ?? null,
        waitingDays: r.waitingDays,
        assignedToId: r.assignedToId,
        assignedToName: r.assignedToName,
        // Segregation of duties (ADR 051): the viewer's own application offers no assignment.
        own: r.segregation.own,
        notice: r.segregation.notice,
      })),
    },
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor } = await requireStaff(request, params.municipio, "review:application");
  const parsed = parseForm(zAssign, await readForm(request));
  if (!parsed.ok) throw invalid("Pedido inválido.");
  const { intent, applicationId } = parsed.data;
  try {
    if (intent === "release") await releaseAssignment(applicationId, municipality.id, actor);
    else await assignToMe(applicationId, municipality.id, actor, { takeOver: intent === "take_over" });
  } catch (e) {
    return refusedForm(e, { applicationId });
  }
  const back = new URL(request.url);
  back.searchParams.delete("index");
  return redirect(`${back.pathname}${back.search}`);
});

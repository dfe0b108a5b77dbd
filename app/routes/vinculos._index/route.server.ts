import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { formatCnpj } from "~/domain/br";
import { formatDayOf } from "~/domain/format";
import { endReasonText, LINK_STATUS_LABELS, linkTransition } from "~/domain/operators/driver-link";
import { requireUser } from "~/http/auth.server";
import { readForm } from "~/http/csrf.server";
import { actorOf } from "~/http/permissions.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { acceptLink, declineLink, linksOfUser } from "~/models/driver-invitation.server";

// The driver's side of a bond with an operator: invitations to accept or decline (no bond exists
// without this consent), the bonds in force and the ones that ended.
export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const links = await linksOfUser(user);
  return {
    links: links.map((l) => ({
      id: l.id,
      status: l.status,
      statusLabel: LINK_STATUS_LABELS[l.status] ?? l.status,
      /** An invitation the driver may still answer. */
      answerable: linkTransition(l.status, "accept") !== null,
      company: l.operator.tradeName ?? l.operator.legalName,
      legalName: l.operator.legalName,
      cnpj: formatCnpj(l.operator.cnpj),
      municipality: `${l.operator.municipality.name} (${l.operator.municipality.uf})`,
      invitedAt: formatDayOf(l.invitedAt, l.operator.municipality.timeZone),
      acceptedAt: l.acceptedAt && formatDayOf(l.acceptedAt, l.operator.municipality.timeZone),
      endedAt: l.endedAt && formatDayOf(l.endedAt, l.operator.municipality.timeZone),
      endReason: endReasonText(l.endReason),
    })),
  };
});

export const action = withFormRefusals(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request);
  const form = await readForm(request);
  const linkId = String(form.get("linkId") ?? "");
  if (form.get("intent") === "aceitar") {
    await acceptLink(linkId, user, actorOf(user, request));
    return redirect("/vinculos?ok=aceito");
  }
  await declineLink(linkId, user, actorOf(user, request));
  return redirect("/vinculos?ok=recusado");
});

import type { LoaderFunctionArgs } from "@remix-run/node";
import { APPLICATION_STATUS_LABELS } from "~/domain/applications/status";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { documentStatusLabel } from "~/domain/eligibility/labels";
import { requireUser } from "~/http/auth.server";
import { withRefusals } from "~/http/refusal.server";
import { prepostosOf } from "~/models/preposto.server";

// The titular's prepostos (Patrocínio, Lei 4.883/2017, art. 14): each application naming them, its
// status, and the papers the law makes the titular hand in (the pack's submittedBy HOLDER).
export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const list = await prepostosOf(user);
  return {
    prepostos: list.map((p) => ({
      ...p,
      statusLabel: APPLICATION_STATUS_LABELS[p.status] ?? p.status,
      categoryLabel: CATEGORY_LABELS[p.category] ?? p.category,
      documents: p.documents.map((d) => ({ ...d, statusLabel: documentStatusLabel(d.status, true) })),
    })),
  };
});

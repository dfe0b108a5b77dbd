import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatPlate } from "~/domain/br";
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { CREDENTIAL_STATUSES } from "~/domain/credentials/status";
import { withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { searchCredentials } from "~/models/reports.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:credential");
  const url = new URL(request.url);
  const status = url.searchParams.get("situacao");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 80) || null;
  const page = Number(url.searchParams.get("pagina")) || 1;
  const found = await searchCredentials(municipality.id, {
    q,
    status: (CREDENTIAL_STATUSES as readonly string[]).includes(status ?? "") ? status : null,
    page,
  });
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    q,
    status,
    ...found,
    rows: found.rows.map((c) => ({
      id: c.id,
      serial: c.serial,
      type: CREDENTIAL_TYPE_LABELS[c.type] ?? c.type,
      category: CATEGORY_LABELS[c.category] ?? c.category,
      holder: c.holderPerson?.fullName ?? c.holderDisplayName,
      plate: c.plate ? formatPlate(c.plate) : null,
      status: c.status,
      validUntil: c.validUntil,
      suspendedUntil: c.suspendedUntil,
    })),
  };
});

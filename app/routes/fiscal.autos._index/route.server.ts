import type { LoaderFunctionArgs } from "@remix-run/node";
import { infractionLabel } from "~/components/fiscal/infraction-search";
import { DEFAULT_TIME_ZONE } from "~/domain/time";
import { grantFor, requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { fiscalHome } from "~/models/fiscal.server";
import { infractionsByFiscal } from "~/models/infraction.server";

// The autos this fiscal wrote in their municipality, each with the infraction's name in the law's words.
export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "create:infraction");
  const grant = grantFor(user, "create:infraction");
  if (!grant?.municipalityId) return { timeZone: DEFAULT_TIME_ZONE, autos: [] };
  const [autos, home] = await Promise.all([
    infractionsByFiscal(user.id, grant.municipalityId),
    fiscalHome(grant.municipalityId),
  ]);
  const catalogue = new Map(home.catalogue.map((i) => [i.code, i]));
  return {
    timeZone: home.municipality.timeZone,
    autos: autos.map((a) => {
      const item = catalogue.get(a.code);
      return {
        id: a.id,
        number: a.number,
        // An infraction since dropped from the law's catalogue keeps its citation, at least.
        infraction: item ? infractionLabel(item) : `${a.citation} — ${a.code}`,
        place: a.place,
        occurredAt: a.occurredAt.toISOString(),
        serial: a.credential?.serial ?? null,
        holder: a.credential?.holderDisplayName ?? null,
      };
    }),
  };
});

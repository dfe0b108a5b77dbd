import type { LoaderFunctionArgs } from "@remix-run/node";
import { today } from "~/domain/time";
import { withRefusals } from "~/http/refusal.server";
import { may, requireStaff } from "~/http/staff-guard.server";
import { municipalityOverview } from "~/models/municipality.server";
import { infractionTerms, reviewWorkload } from "~/models/review-workload.server";
import { activePack } from "~/models/rule-pack.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality: m, user } = await requireStaff(request, params.municipio, "read:panel");
  const can = may(user, m.id, "read:application", "review:application", "read:infraction");
  const now = new Date();
  const pack = await activePack(m);
  const [overview, workload, terms] = await Promise.all([
    municipalityOverview(m.id),
    can["read:application"] ? reviewWorkload(m.id, now) : null,
    can["read:infraction"] ? infractionTerms(m.id, pack, today(now, m.timeZone), now) : null,
  ]);
  return {
    municipality: {
      name: m.name,
      uf: m.uf,
      slug: m.slug,
      ibgeCode: m.ibgeCode,
      population: m.population,
      populationSource: m.populationSource,
      populationDate: m.populationDate,
      fiscalUnitName: m.fiscalUnitName,
    },
    law: { label: pack.law.label, version: pack.version },
    overview,
    workload,
    terms,
    canOpenQueue: can["review:application"],
  };
});

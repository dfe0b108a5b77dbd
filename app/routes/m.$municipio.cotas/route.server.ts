import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { zPopulation } from "~/forms/back-office";
import { readForm } from "~/http/csrf.server";
import { withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { today } from "~/models/application.server";
import { populationHistory, quotaOverview, updatePopulation } from "~/models/population.server";
import { formValues, parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "manage:quota");
  const [quotas, history] = await Promise.all([quotaOverview(municipality), populationHistory(municipality.id)]);
  return {
    municipality: {
      name: municipality.name,
      slug: municipality.slug,
      population: municipality.population,
      populationSource: municipality.populationSource,
      populationDate: municipality.populationDate,
      timeZone: municipality.timeZone,
    },
    quotas,
    history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
    today: today(new Date(), municipality.timeZone),
  };
});

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor } = await requireStaff(request, params.municipio, "manage:quota");
  const form = await readForm(request);
  const parsed = parseForm(zPopulation, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  if (parsed.data.date > today(new Date(), municipality.timeZone))
    return data(
      {
        errors: { date: "A data de referência não pode estar no futuro." } as Record<string, string | undefined>,
        values: formValues(form),
      },
      { status: 400 },
    );
  await updatePopulation(municipality.id, parsed.data, actor);
  return redirect(`/m/${municipality.slug}/cotas?ok=1`);
});

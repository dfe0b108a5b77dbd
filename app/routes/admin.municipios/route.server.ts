import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { brazilianTimeZones, timeZoneForUf } from "~/domain/time";
import { newMunicipality, zMunicipalityTimeZone } from "~/forms/back-office";
import { readForm } from "~/http/csrf.server";
import { actorOf, requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import {
  createMunicipality,
  findMunicipalityConflicts,
  listMunicipalities,
  setMunicipalityTimeZone,
} from "~/models/municipality.server";
import { knownRulePackIds } from "~/models/rule-pack.server";
import { parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  await requirePermission(request, "create:municipality");
  return { municipalities: await listMunicipalities(), packs: knownRulePackIds(), zones: brazilianTimeZones() };
});

export const action = withRefusals(async ({ request }: ActionFunctionArgs) => {
  const user = await requirePermission(request, "create:municipality");
  const form = await readForm(request);
  const actor = actorOf(user, request, { role: "ADMIN", municipalityId: null, operatorId: null });
  if (form.get("intent") === "time_zone") {
    const tz = parseForm(zMunicipalityTimeZone, form);
    if (!tz.ok)
      return data(
        {
          errors: {
            [`timeZone-${String(form.get("municipalityId"))}`]: tz.errors.timeZone ?? tz.errors.municipalityId,
          },
          values: {} as Record<string, string>,
        },
        { status: 400 },
      );
    await setMunicipalityTimeZone(tz.data.municipalityId, tz.data.timeZone, actor);
    return redirect("/admin/municipios");
  }
  const parsed = parseForm(newMunicipality(knownRulePackIds()), form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const conflicts = await findMunicipalityConflicts(parsed.data);
  if (Object.keys(conflicts).length)
    return data(
      {
        errors: conflicts as Record<string, string | undefined>,
        values: Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, String(v)])),
      },
      { status: 400 },
    );
  await createMunicipality({ ...parsed.data, timeZone: parsed.data.timeZone ?? timeZoneForUf(parsed.data.uf)! }, actor);
  return redirect("/admin/municipios");
});

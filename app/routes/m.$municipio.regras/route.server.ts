import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { RulePackValidationError } from "~/domain/rule-packs";
import { ruleParameters } from "~/forms/rule-pack";
import { readForm } from "~/http/csrf.server";
import { withRefusals } from "~/http/refusal.server";
import { packReadingView } from "~/http/rule-pack-view.server";
import { requireStaff } from "~/http/staff-guard.server";
import { lawOf } from "~/models/law-text.server";
import { rulePackHistory } from "~/models/reports.server";
import { activePack, hasPackInForce, publishParameters } from "~/models/rule-pack.server";
import { formError, parseForm } from "~/utils/forms";

// The rules in force for the gestor: the pack in words (the same reading the public /regras/<municipio>
// shows), its parameters to change, its versions, and the way to a new text of the rules.

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "manage:rule-pack");
  // A town whose pack is written in the portal has no rules to show before its first publication.
  if (!(await hasPackInForce(municipality))) throw redirect(`/m/${municipality.slug}/regras/rascunho`);
  const [pack, history, law] = await Promise.all([
    activePack(municipality),
    rulePackHistory(municipality.id),
    lawOf(municipality.id),
  ]);
  return {
    lawPath: law ? `/leis/${municipality.slug}` : null,
    municipality: { name: municipality.name, slug: municipality.slug, timeZone: municipality.timeZone },
    pack: {
      ...packReadingView(pack, law),
      parameters: Object.entries(pack.parameters).map(([key, p]) => ({ key, ...p })),
    },
    history: history.map((h) => ({ ...h, publishedAt: h.publishedAt.toISOString() })),
  };
});

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor } = await requireStaff(request, params.municipio, "manage:rule-pack");
  const form = await readForm(request);
  const pack = await activePack(municipality);
  const fields = Object.entries(pack.parameters).map(([key, p]) => ({ key, ...p }));
  const parsed = parseForm(ruleParameters(fields), form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  try {
    const next = await publishParameters(municipality, parsed.data.changed, parsed.data.note, actor);
    return redirect(`/m/${municipality.slug}/regras?publicada=${next.version}#parametros`);
  } catch (e) {
    if (e instanceof RulePackValidationError) return data(formError(e.message, parsed.values), { status: 400 });
    throw e;
  }
});

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { preCheckOf } from "~/components/driver/pre-check";
import { MODE_LABELS } from "~/domain/applications/labels";
import { type Category, needsOperator } from "~/domain/rule-packs";
import { zNewApplication } from "~/forms/driver";
import { readForm } from "~/http/csrf.server";
import { actorOf, requirePermission } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { startApplication } from "~/models/application.server";
import { linkedOperatorsOf } from "~/models/driver-standing.server";
import { municipalitiesInService } from "~/models/rule-pack.server";
import { parseForm } from "~/utils/forms";

// Choosing municipality → category → mode (→ operator or titular), each narrowed by the rule pack, in
// GET steps without JavaScript; then, before the wizard, what the law asks of that choice (issue #16).
export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "create:application");
  const url = new URL(request.url);
  const inService = await municipalitiesInService();
  const municipalities = inService.map((s) => s.municipality);
  const picked = inService.find((s) => s.municipality.slug === url.searchParams.get("municipio")) ?? null;
  const chosen = picked?.municipality ?? null;
  const pack = picked?.pack ?? null;
  const categories = pack?.categories.map((c) => ({ code: c.code, label: c.label, law: pack.law.label })) ?? [];
  // A choice the law leaves open to one answer is made for the driver (one tap less, issue #16).
  const category =
    categories.find((c) => c.code === url.searchParams.get("categoria"))?.code ??
    (categories.length === 1 ? categories[0].code : null);
  const offer = pack && category ? pack.categories.find((c) => c.code === category) : null;
  const modes =
    offer?.modes
      .filter((m) => m.mode !== "OPERADORA")
      .map((m) => ({
        mode: m.mode,
        citation: m.citation,
        needsOperator: needsOperator(pack!, offer.code, m.mode),
        ...MODE_LABELS[m.mode],
      })) ?? [];
  // Only companies the driver is linked to (they invited, the driver accepted) can be named.
  const operators = chosen ? await linkedOperatorsOf(user.id, chosen.id) : [];
  const mode = modes.find((m) => m.mode === url.searchParams.get("modo")) ?? (modes.length === 1 ? modes[0] : null);
  return {
    mode,
    preCheck: mode ? preCheckOf(pack!, category as Category, mode.mode) : null,
    law: pack?.law.label ?? "",
    municipalities: municipalities.map((m) => ({ slug: m.slug, name: `${m.name} (${m.uf})` })),
    chosen: chosen ? { slug: chosen.slug, name: chosen.name } : null,
    categories,
    category,
    modes,
    operators,
  };
});

export const action = withRefusals(async ({ request }: ActionFunctionArgs) => {
  const user = await requirePermission(request, "create:application");
  const form = await readForm(request);
  const parsed = parseForm(zNewApplication, form);
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const picked = (await municipalitiesInService()).find((s) => s.municipality.slug === parsed.data.municipio);
  if (!picked)
    return data(
      { errors: { municipio: "Município não encontrado." } as Record<string, string | undefined> },
      { status: 400 },
    );
  const { municipality, pack } = picked;
  let linkedOperatorId: string | null = null;
  if (needsOperator(pack, parsed.data.categoria as Category, parsed.data.modo)) {
    const operator = (await linkedOperatorsOf(user.id, municipality.id)).find((o) => o.id === parsed.data.operadora);
    if (!operator) {
      return data(
        {
          errors: {
            operadora:
              "Escolha a empresa à qual você está vinculado. O vínculo começa quando a empresa convida você pelo CPF e você aceita em Vínculos.",
          } as Record<string, string | undefined>,
        },
        { status: 400 },
      );
    }
    linkedOperatorId = operator.id;
  }
  if (parsed.data.modo === "PREPOSTO" && !parsed.data.titularCpf) {
    return data(
      { errors: { titularCpf: "Informe o CPF do titular que indicou você." } as Record<string, string | undefined> },
      { status: 400 },
    );
  }
  const { application } = await startApplication(
    user.id,
    {
      municipalityId: municipality.id,
      category: parsed.data.categoria as Category,
      mode: parsed.data.modo,
      linkedOperatorId,
      draftJson: JSON.stringify({
        vehicle: {},
        ...(parsed.data.titularCpf ? { titularCpf: parsed.data.titularCpf } : {}),
      }),
    },
    actorOf(user, request),
  );
  return redirect(`/requerimentos/${application.id}/dados`);
});

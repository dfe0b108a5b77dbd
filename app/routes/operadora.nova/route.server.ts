import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { OPERATOR_KIND_LABELS } from "~/domain/operators/vocabulary";
import { zRegistration } from "~/forms/operator";
import { requireUser } from "~/http/auth.server";
import { readForm } from "~/http/csrf.server";
import { actorOf } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { registerOperator } from "~/models/operator.server";
import { offeredKinds, operatorCategories, operatorFactsAsked } from "~/models/operator-policy.server";
import { municipalitiesInService } from "~/models/rule-pack.server";
import { formValues, parseForm } from "~/utils/forms";

// Registering a company: the municipality first (GET, works without JavaScript), then the form with
// what its law offers and asks. On success the company is a draft and its documents are next.
async function choices(slug: string | null) {
  const withOperators = (await municipalitiesInService())
    .filter(({ pack }) => operatorCategories(pack).length)
    .map(({ municipality, pack }) => ({ m: municipality, pack }));
  const chosen = withOperators.find((x) => x.m.slug === slug) ?? null;
  return { withOperators, chosen };
}

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request);
  const { withOperators, chosen } = await choices(new URL(request.url).searchParams.get("municipio"));
  const pack = chosen?.pack;
  const categories = pack ? operatorCategories(pack) : [];
  const facts = pack && categories.length ? operatorFactsAsked(pack, categories[0].code) : null;
  return {
    municipalities: withOperators.map(({ m }) => ({ slug: m.slug, name: `${m.name} (${m.uf})` })),
    chosen: chosen ? { slug: chosen.m.slug, name: chosen.m.name, law: chosen.pack.law.label } : null,
    categories,
    kinds: pack ? offeredKinds(pack).map((k) => ({ value: k, label: OPERATOR_KIND_LABELS[k] })) : [],
    facts,
  };
});

export const action = withRefusals(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request);
  const form = await readForm(request);
  const parsed = parseForm(zRegistration, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const input = parsed.data;
  const values = formValues(form);
  const { chosen } = await choices(input.municipio);
  if (!chosen)
    return data(
      { errors: { municipio: "Escolha um município que credencia empresas." } as Record<string, string>, values },
      { status: 400 },
    );
  const asked = operatorFactsAsked(chosen.pack, input.categoria);
  const missing: Record<string, string> = {};
  if (asked.headOffice && input.sede === undefined) missing.sede = "Responda se a sede fica no município.";
  if (asked.headOffice?.orBranch && input.sede === false && input.filial === undefined)
    missing.filial = "Responda se há filial no município.";
  if (asked.assets && input.patrimonio === undefined) missing.patrimonio = "Informe o patrimônio declarado da empresa.";
  if (Object.keys(missing).length) return data({ errors: missing, values }, { status: 400 });
  const result = await registerOperator(
    user.id,
    {
      municipalityId: chosen.m.id,
      category: input.categoria,
      kind: input.kind,
      cnpj: input.cnpj,
      legalName: input.legalName,
      tradeName: input.tradeName ?? null,
      address: {
        cep: input.cep,
        street: input.street,
        addressNumber: input.addressNumber,
        district: input.district,
        city: input.city,
        uf: input.uf,
      },
      legalRepName: input.legalRepName,
      legalRepCpf: input.legalRepCpf,
      facts: { headOfficeHere: input.sede, branchHere: input.filial, declaredAssetsBrl: input.patrimonio },
    },
    actorOf(user, request),
  );
  if (!result.ok) return data({ errors: result.errors, values }, { status: 400 });
  return redirect(`/operadora/${result.operatorId}/documentos?ok=cadastrada`);
});

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/http/auth.server";
import { actorOf } from "~/http/permissions.server";
import { readForm } from "~/http/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { listActiveMunicipalities } from "~/models/municipality.server";
import { activePack } from "~/models/rule-pack.server";
import { registerOperator } from "~/models/operator.server";
import { offeredKinds, operatorCategories, operatorFactsAsked } from "~/models/operator-policy.server";
import { OPERATOR_KIND_LABELS } from "~/domain/operators/vocabulary";
import { ADDRESS_FIELDS, REGISTRATION_FIELDS, zRegistration } from "~/forms/operator";
import { constraintsOf } from "~/forms/constraints";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { Fields } from "~/components/ui/fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { SelectField } from "~/components/ui/select-field";
import { YesNo } from "~/components/ui/yes-no";
import styles from "~/components/operator/operator.css";
import { MunicipalityPicker } from "~/components/municipality-picker";
import { formatBrl } from "~/domain/format";
import { withRefusals } from "~/http/refusal.server";

// Registering a company: the municipality first (GET, works without JavaScript), then the form
// with what that municipality's law offers (services, kinds of company) and asks (head office,
// assets). On success the company exists as a draft and its documents are next.
async function choices(slug: string | null) {
  const municipalities = await listActiveMunicipalities();
  const withOperators = [];
  for (const m of municipalities) {
    const pack = await activePack(m);
    if (operatorCategories(pack).length) withOperators.push({ m, pack });
  }
  const chosen = withOperators.find((x) => x.m.slug === slug) ?? null;
  return { withOperators, chosen };
}

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
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

export const action = /* @__PURE__ */ withRefusals(async ({ request }: ActionFunctionArgs) => {
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

const LIMITS = constraintsOf(zRegistration);

export default function NewOperator() {
  const { municipalities, chosen, categories, kinds, facts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const v: Record<string, string> = result?.values ?? {};
  const shown = { values: { city: chosen?.name, ...v }, errors, limits: LIMITS };
  return (
    <div style={{ maxWidth: 760 }}>
      <p className="dica">
        <Link to="/operadora">Minhas empresas</Link>
      </p>
      <h1>Cadastrar empresa</h1>
      <p>
        A empresa passa pela mesma análise da prefeitura que os condutores: cadastro, documentos que a lei pede e,
        aprovada, o certificado de credenciamento com QR.
      </p>
      <MunicipalityPicker
        question="Onde a empresa vai operar?"
        municipalities={municipalities}
        chosenSlug={chosen?.slug}
      />
      {chosen ? (
        <Form method="post" noValidate className="cartao">
          <CsrfInput />
          <input type="hidden" name="municipio" value={chosen.slug} />
          <h2>2. A empresa em {chosen.name}</h2>
          <ErrorSummary errors={errors} title="Corrija os campos indicados. Nada do que você digitou foi perdido." />
          <SelectField
            label="Serviço"
            name="categoria"
            defaultValue={v.categoria ?? (categories.length === 1 ? categories[0].code : "")}
            error={errors.categoria}
            hint={`Conforme a ${chosen.law}.`}
            options={categories.map((c) => ({ value: c.code, label: `${c.label}${c.act ? ` — ${c.act}` : ""}` }))}
            constraint={LIMITS.categoria}
          />
          <SelectField
            label="Tipo de empresa"
            name="kind"
            defaultValue={v.kind ?? (kinds.length === 1 ? kinds[0].value : "")}
            error={errors.kind}
            options={kinds}
            constraint={LIMITS.kind}
          />
          <Fields fields={REGISTRATION_FIELDS.company} {...shown} />
          <fieldset>
            <legend>Endereço da sede</legend>
            <Fields fields={ADDRESS_FIELDS} {...shown} />
          </fieldset>
          {facts?.headOffice ? (
            <>
              <YesNo
                legend={`A sede da empresa fica em ${chosen.name}?`}
                name="sede"
                value={v.sede}
                error={errors.sede}
                hint={facts.headOffice.citation}
              />
              {facts.headOffice.orBranch ? (
                <YesNo
                  legend={`Se não, a empresa tem filial em ${chosen.name}?`}
                  name="filial"
                  value={v.filial}
                  error={errors.filial}
                />
              ) : null}
            </>
          ) : null}
          {facts?.assets ? (
            <Field
              label="Patrimônio declarado (R$)"
              name="patrimonio"
              defaultValue={v.patrimonio}
              error={errors.patrimonio}
              hint={`Mínimo de ${formatBrl(facts.assets.minimumBrl)} (${facts.assets.citation}); comprovado por documento.`}
              constraint={LIMITS.patrimonio}
            />
          ) : null}
          <fieldset>
            <legend>Representante legal</legend>
            <Fields fields={REGISTRATION_FIELDS.representative} {...shown} />
          </fieldset>
          <SubmitButton busyText="Cadastrando…">Cadastrar empresa</SubmitButton>
        </Form>
      ) : null}
    </div>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Cadastrar empresa — Portal de Credenciamento" }];

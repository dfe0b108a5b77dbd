import type { LinksFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { MunicipalityPicker } from "~/components/municipality-picker";
import styles from "~/components/operator/operator.css";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { Fields } from "~/components/ui/fields";
import { SelectField } from "~/components/ui/select-field";
import { YesNo } from "~/components/ui/yes-no";
import { formatBrl } from "~/domain/format";
import { constraintsOf } from "~/forms/constraints";
import { ADDRESS_FIELDS, REGISTRATION_FIELDS, zRegistration } from "~/forms/operator";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

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

export const handle: PageHandle = { title: "Cadastrar empresa" };

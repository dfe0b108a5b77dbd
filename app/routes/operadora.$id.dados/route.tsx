import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Flash, OperatorFrame } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { Fields } from "~/components/ui/fields";
import { YesNo } from "~/components/ui/yes-no";
import { constraintsOf } from "~/forms/constraints";
import {
  ADDRESS_CHANGE_FIELDS,
  COMPANY_DATA_FIELDS,
  zAddressChange,
  zCompanyData,
  zOperatorFacts,
} from "~/forms/operator";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

const OK: Record<string, string> = {
  dados: "Dados da empresa atualizados.",
  fatos: "Informações do requerimento atualizadas.",
  endereco: "Endereço atualizado. A alteração foi comunicada à prefeitura (veja Comunicações).",
};

const LIMITS = { ...constraintsOf(zAddressChange), ...constraintsOf(zCompanyData), ...constraintsOf(zOperatorFacts) };

export default function OperatorData() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const failed = result && "intent" in result ? result : null;
  const errorsFor = (intent: string): Record<string, string | undefined> =>
    failed?.intent === intent ? failed.errors : {};
  const valuesFor = (intent: string): Record<string, string> => (failed?.intent === intent ? failed.values : {});
  const c = { ...d.company, ...valuesFor("dados") };
  const a = { ...d.address, changedOn: d.today, ...valuesFor("endereco") };
  const ce = errorsFor("dados");
  const ae = errorsFor("endereco");
  const fe = errorsFor("fatos");
  return (
    <OperatorFrame operator={d.frame} current="dados" title="Dados da empresa">
      <Flash ok={OK[params.get("ok") ?? ""]} error={result && "error" in result ? result.error : null} />
      <section className="cartao" aria-labelledby="empresa">
        <h2 id="empresa">Empresa</h2>
        <p className="dica">{d.kind}</p>
        <Form method="post" noValidate>
          <CsrfInput />
          <Fields fields={COMPANY_DATA_FIELDS} values={c} errors={ce} limits={LIMITS} />
          <SubmitButton name="intent" value="dados" busyText="Salvando…">
            Salvar dados
          </SubmitButton>
        </Form>
      </section>
      <section className="cartao" aria-labelledby="endereco">
        <h2 id="endereco">Endereço da sede</h2>
        {d.addressDuty ? (
          <p className="aviso">
            {d.addressDuty.label}
            {d.addressDuty.within
              ? ` — prazo de ${d.addressDuty.within.replace(/^P(\d+)D$/, "$1 dias")} a contar da mudança`
              : ""}{" "}
            ({d.addressDuty.citation}). A alteração feita aqui é a comunicação à prefeitura.
          </p>
        ) : null}
        <Form method="post" noValidate>
          <CsrfInput />
          <Fields
            fields={ADDRESS_CHANGE_FIELDS}
            values={a}
            errors={ae}
            limits={LIMITS}
            extra={{ changedOn: { max: d.today } }}
          />
          <SubmitButton name="intent" value="endereco" busyText="Salvando…">
            Alterar endereço
          </SubmitButton>
        </Form>
      </section>
      {d.facts && (d.facts.asked.headOffice || d.facts.asked.assets) ? (
        <section className="cartao" aria-labelledby="fatos">
          <h2 id="fatos">Informações para o credenciamento</h2>
          <Form method="post" noValidate>
            <CsrfInput />
            {d.facts.asked.headOffice ? (
              <>
                <YesNo
                  legend={`A sede da empresa fica em ${d.municipality}?`}
                  name="sede"
                  value={d.facts.sede === undefined ? "" : d.facts.sede ? "sim" : "nao"}
                  hint={d.facts.asked.headOffice.citation}
                />
                {d.facts.asked.headOffice.orBranch ? (
                  <YesNo
                    legend={`A empresa tem filial em ${d.municipality}?`}
                    name="filial"
                    value={d.facts.filial === undefined ? "" : d.facts.filial ? "sim" : "nao"}
                  />
                ) : null}
              </>
            ) : null}
            {d.facts.asked.assets ? (
              <Field
                label="Patrimônio declarado (R$)"
                name="patrimonio"
                defaultValue={d.facts.patrimonio === null ? "" : String(d.facts.patrimonio).replace(".", ",")}
                error={fe.patrimonio}
                hint={d.facts.asked.assets.citation}
                constraint={LIMITS.patrimonio}
              />
            ) : null}
            <SubmitButton name="intent" value="fatos" busyText="Salvando…">
              Salvar
            </SubmitButton>
          </Form>
        </section>
      ) : null}
    </OperatorFrame>
  );
}

export const handle: PageHandle = { title: "Dados da empresa" };

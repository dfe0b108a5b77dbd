import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { requireOperator } from "~/http/operator-guard.server";
import { frameOf } from "~/http/operator-frame.server";
import { changeOperatorAddress, operatorApplication, updateOperatorData } from "~/models/operator.server";
import { operatorFacts, saveOperatorFacts } from "~/models/operator-application.server";
import { activePack } from "~/models/rule-pack.server";
import { today } from "~/models/application.server";
import { isEditable } from "~/domain/applications/status";
import { noticeDeadline, operatorFactsAsked } from "~/models/operator-policy.server";
import { OPERATOR_KIND_LABELS, type OperatorKind } from "~/domain/operators/vocabulary";
import { formatCep, formatCpf } from "~/domain/br";
import type { Category } from "~/domain/rule-packs";
import {
  ADDRESS_CHANGE_FIELDS,
  COMPANY_DATA_FIELDS,
  zAddressChange,
  zCompanyData,
  zOperatorFacts,
} from "~/forms/operator";
import { constraintsOf } from "~/forms/constraints";
import { OperatorFrame, Flash } from "~/components/operator/operator-frame";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { Fields } from "~/components/ui/fields";
import { YesNo } from "~/components/ui/yes-no";
import styles from "~/components/operator/operator.css";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { conflict } from "~/domain/refusal";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:operator");
  const pack = await activePack(operator.municipality);
  const app = await operatorApplication(operator.id);
  const facts = app ? operatorFacts(app.draftJson) : {};
  const deadline = noticeDeadline(pack, "ENDERECO", "OPERADORA");
  return {
    frame: frameOf(operator),
    kind: OPERATOR_KIND_LABELS[operator.kind as OperatorKind] ?? operator.kind,
    company: {
      legalName: operator.legalName,
      tradeName: operator.tradeName ?? "",
      legalRepName: operator.legalRepName ?? "",
      legalRepCpf: operator.legalRepCpf ? formatCpf(operator.legalRepCpf) : "",
    },
    address: {
      cep: operator.cep ? formatCep(operator.cep) : "",
      street: operator.street ?? "",
      addressNumber: operator.addressNumber ?? "",
      district: operator.district ?? "",
      city: operator.city ?? "",
      uf: operator.uf ?? "",
    },
    addressDuty: deadline
      ? { label: deadline.label, citation: deadline.citation, within: deadline.within ?? null }
      : null,
    facts:
      app && isEditable(app.status)
        ? {
            asked: operatorFactsAsked(pack, app.category as Category),
            sede: facts.headOfficeHere,
            filial: facts.branchHere,
            patrimonio: facts.declaredAssetsBrl ?? null,
          }
        : null,
    municipality: operator.municipality.name,
    today: today(new Date(), operator.municipality.timeZone),
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await requireOperator(request, params.id, "update:operator");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = (ok: string) => redirect(`/operadora/${operator.id}/dados?ok=${ok}`);
  if (intent === "endereco") {
    const parsed = parseForm(zAddressChange, form);
    if (!parsed.ok) return data({ intent, errors: parsed.errors, values: parsed.values }, { status: 400 });
    if (parsed.data.changedOn > today(new Date(), operator.municipality.timeZone))
      return data(
        {
          intent,
          errors: { changedOn: "A data da mudança não pode estar no futuro." } as Record<string, string>,
          values: formValues(form),
        },
        { status: 400 },
      );
    const { changedOn, ...address } = parsed.data;
    await changeOperatorAddress(operator, address, changedOn, actor);
    return back("endereco");
  }
  if (intent === "fatos") {
    const app = await operatorApplication(operator.id);
    if (!app || !isEditable(app.status))
      throw conflict("O requerimento está em análise: estes dados não podem mudar agora.");
    const parsed = parseForm(zOperatorFacts, form);
    if (!parsed.ok) return data({ intent, errors: parsed.errors, values: parsed.values }, { status: 400 });
    await saveOperatorFacts(app, {
      headOfficeHere: parsed.data.sede,
      branchHere: parsed.data.filial,
      declaredAssetsBrl: parsed.data.patrimonio,
    });
    return back("fatos");
  }
  const parsed = parseForm(zCompanyData, form);
  if (!parsed.ok) return data({ intent: "dados", errors: parsed.errors, values: parsed.values }, { status: 400 });
  await updateOperatorData(
    operator.id,
    operator.municipalityId,
    { ...parsed.data, tradeName: parsed.data.tradeName ?? null },
    actor,
  );
  return back("dados");
});

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

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Dados da empresa — Portal de Credenciamento" }];

// The draft's lists as forms (issue #30's editor, ADR 075): one section per list — documents,
// credentials, fees, duties with a deadline, infractions — each entry a fieldset with its citation
// and the law's words, its fields drawn from the list's editor (domain/rule-packs/list-editors.ts).
// Saved into the draft's text and checked like it.
import { Form } from "@remix-run/react";
import { Fragment } from "react";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, TextAreaField } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import type { ListName } from "~/domain/rule-packs/list-editors";
import type { ListEntry, ListField, ListView } from "~/domain/rule-packs/list-fields";
import { Hidden } from "./draft";

/** What each list's section says, and what the page says once it is saved. */
export const LIST_COPY: Record<
  ListName,
  { title: string; intro: string; submit: string; saved: string; none: string; add?: string }
> = {
  servicos: {
    title: "Cada serviço: escolha, prazo e cores",
    intro:
      "O que a lei diz de cada serviço além de quem ele credencia: se os titulares são escolhidos por licitação ou por credenciamento, o prazo máximo da permissão ou autorização e as prorrogações, e as cores do veículo, do dístico, do capacete e do uniforme — cada um com o dispositivo que o diz. A cor do veículo dá a cor da faixa do crachá.",
    submit: "Salvar os serviços",
    saved: "Serviços salvos no rascunho",
    none: "Nenhum serviço mudou.",
  },
  documentos: {
    title: "Documentos: nome e validade",
    intro:
      "Como cada documento aparece na lista do condutor e por quanto tempo vale. Um prazo conta da data de expedição (“expedida há no máximo 90 dias”); “recente” usa o número de dias do parâmetro do município.",
    submit: "Salvar os documentos",
    add: "Outro documento que a lei pede",
    saved: "Documentos salvos no rascunho",
    none: "Nenhum documento mudou.",
  },
  credenciais: {
    title: "Credenciais: nome e validade",
    intro:
      "O que o portal emite a quem é aprovado — o crachá, a permissão, o selo da vistoria — com o nome impresso no PDF e a validade. Quando a lei não fixa a validade, o prazo é da prefeitura e o documento diz isso, sem citar a lei.",
    submit: "Salvar as credenciais",
    saved: "Credenciais salvas no rascunho",
    none: "Nenhuma credencial mudou.",
  },
  taxas: {
    title: "Taxas: nome e valor",
    intro:
      "Cada taxa que a lei cobra, com o valor na unidade em que a lei o escreve: a unidade fiscal do município, reais ou salários mínimos.",
    submit: "Salvar as taxas",
    add: "Outra taxa que a lei cobra",
    saved: "Taxas salvas no rascunho",
    none: "Nenhuma taxa mudou.",
  },
  prazos: {
    title: "Deveres com prazo",
    intro:
      "O que o condutor, o titular ou a empresa deve fazer depois de credenciado — comunicar uma troca de veículo, enviar um relatório — e em quanto tempo.",
    submit: "Salvar os deveres",
    add: "Outro dever que a lei impõe",
    saved: "Deveres salvos no rascunho",
    none: "Nenhum dever mudou.",
  },
  cracha: {
    title: "O cartão de identificação: o que a lei manda mostrar",
    intro:
      "Cada dado que o crachá impresso e o do celular mostram, com o dispositivo da lei que o pede. O que a lei não pede não aparece; a foto, o nome e o número são lidos do pedido do condutor.",
    submit: "Salvar o cartão",
    saved: "Cartão salvo no rascunho",
    none: "Nada mudou no cartão.",
  },
  infracoes: {
    title: "Infrações: o que são e quem as comete",
    intro:
      "Cada infração do rascunho com o trecho da lei. Quem a comete decide de quem é a penalidade: o condutor que dirigia, o titular da permissão ou a empresa. O portal lê isso da lei, mas a mesma palavra pode ter sentidos diferentes em artigos diferentes: confira.",
    submit: "Salvar as infrações",
    saved: "Infrações salvas no rascunho",
    none: "Nenhuma infração mudou.",
  },
};

type Errors = Record<string, string | undefined>;

function EntryField({
  at,
  entry,
  field,
  value,
  error,
}: {
  at: string;
  /** What the labels name: the entry's key, or "(novo)". */
  entry: Pick<ListEntry, "key">;
  field: ListField;
  value: string;
  error?: string;
}) {
  const props = {
    name: `${at}.${field.name}`,
    label: `${field.label} ${entry.key}`,
    hint: field.hint,
    defaultValue: value,
    error,
  };
  if (field.options) {
    // A value the text has that the choices do not offer (a citation from before the law was attached) stays chosen.
    const options =
      value && !field.options.some((o) => o.value === value)
        ? [{ value, label: value }, ...field.options]
        : field.options;
    return <SelectField {...props} options={options} placeholder={field.placeholder} />;
  }
  if (field.rows) return <TextAreaField {...props} rows={field.rows} />;
  return <Field {...props} inputMode={field.numeric ? "decimal" : undefined} />;
}

/** The fields of an entry, a field drawn "beside" sharing a row with the one before it. */
function rowsOf(fields: ListField[]): ListField[][] {
  return fields.reduce<ListField[][]>((rows, f) => {
    if (f.beside && rows.length) rows[rows.length - 1].push(f);
    else rows.push([f]);
    return rows;
  }, []);
}

/** An entry's fields, row by row, as typed when the form was refused, else as the text has them. */
function FieldRows({
  at,
  entryKey,
  rows,
  values,
  typed,
  shown,
}: {
  at: string;
  entryKey: string;
  rows: ListField[][];
  values: Record<string, string>;
  typed: Record<string, string>;
  shown: Errors;
}) {
  return rows.map((row) => {
    const fields = row.map((field) => (
      <EntryField
        key={field.name}
        at={at}
        entry={{ key: entryKey }}
        field={field}
        value={typed[`${at}.${field.name}`] ?? values[field.name] ?? ""}
        error={shown[`${at}.${field.name}`]}
      />
    ));
    return row.length > 1 ? (
      <div className="colunas" key={row[0].name}>
        {fields}
      </div>
    ) : (
      <Fragment key={row[0].name}>{fields}</Fragment>
    );
  });
}

export function DraftList({
  draftId,
  name,
  view,
  errors,
  typed,
}: {
  draftId: string;
  name: ListName;
  view: ListView;
  errors: Errors;
  /** What was typed when the form was refused, kept as typed. */
  typed: Record<string, string>;
}) {
  if (view.entries.length === 0 && !view.create) return null;
  const copy = LIST_COPY[name];
  const shown = Object.fromEntries(
    Object.entries(errors).filter(
      ([field]) => field.startsWith(`${name}.`) || (field === "_form" && typed.lista === name),
    ),
  );
  const rows = rowsOf(view.fields);
  return (
    <section className="cartao" aria-labelledby={`lista-${name}-titulo`} id={`lista-${name}`}>
      <h2 id={`lista-${name}-titulo`}>{copy.title}</h2>
      <p className="dica">{copy.intro}</p>
      <ErrorSummary errors={shown} />
      <Form method="post" noValidate>
        <Hidden draftId={draftId} intent="list" />
        <input type="hidden" name="lista" value={name} />
        {view.entries.map((entry) => {
          const at = `${name}.${entry.index}`;
          return (
            // Keyed by the entry too: after a rule is retired the places shift, and a field kept by
            // its place alone would show the previous entry's choices.
            <fieldset key={`${at}.${entry.key}`}>
              <legend>
                {entry.title}
                {entry.citation ? ` — ${entry.citation}` : null}
              </legend>
              {entry.quote ? <p className="dica">“{entry.quote}”</p> : null}
              <input type="hidden" name={`${at}.chave`} value={entry.key} />
              <FieldRows at={at} entryKey={entry.key} rows={rows} values={entry.values} typed={typed} shown={shown} />
            </fieldset>
          );
        })}
        {view.create && copy.add ? (
          <fieldset>
            <legend>{copy.add}</legend>
            <p className="dica">
              Para o que a lei pede e a leitura do portal não trouxe: preencha o nome para incluir, com o dispositivo da
              lei que o pede; em branco, nada é incluído.
            </p>
            <FieldRows
              at={`${name}.novo`}
              entryKey="(novo)"
              rows={rowsOf(view.create)}
              values={{}}
              typed={typed}
              shown={shown}
            />
          </fieldset>
        ) : null}
        <SubmitButton busyText="Salvando…">{copy.submit}</SubmitButton>
      </Form>
    </section>
  );
}

// The draft's lists as forms (issue #30's editor, ADR 075): one section per list — documents,
// credentials, fees, duties with a deadline, infractions — each entry a fieldset with its citation
// and the law's words, its fields drawn from the list's editor (domain/rule-packs/list-editors.ts).
// Saved into the draft's text and checked like it.
import { Form, Link } from "@remix-run/react";
import { Fragment } from "react";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, fieldId, TextAreaField } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import type { ListName } from "~/domain/rule-packs/list-editors";
import type { ListEntry, ListField, ListView } from "~/domain/rule-packs/list-fields";
import { Hidden } from "./draft";
import { LIST_COPY } from "./draft-list-copy";

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
  if (field.checkbox) {
    const id = fieldId(props.name);
    return (
      <div className={`campo opcoes${error ? " danger" : ""}`}>
        <label>
          <input
            type="checkbox"
            id={id}
            name={props.name}
            value="1"
            defaultChecked={value === "1"}
            aria-describedby={error ? `${id}-erro` : undefined}
          />{" "}
          {props.label}
        </label>
        {error ? (
          <p className="erro-campo feedback danger" id={`${id}-erro`}>
            {error}
          </p>
        ) : null}
      </div>
    );
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

/**
 * An entry's fields, row by row, as typed when the form was refused (`sent`), else as the text has
 * them. A field the entry's values leave out is not drawn for it (`every`: all are, for a new one).
 */
function FieldRows({
  at,
  entryKey,
  rows,
  values,
  typed,
  shown,
  sent,
  every = false,
}: {
  at: string;
  entryKey: string;
  rows: ListField[][];
  values: Record<string, string>;
  typed: Record<string, string>;
  shown: Errors;
  sent: boolean;
  every?: boolean;
}) {
  const drawn = rows.map((row) => row.filter((f) => every || f.name in values)).filter((row) => row.length);
  return drawn.map((row) => {
    const fields = row.map((field) => (
      <EntryField
        key={field.name}
        at={at}
        entry={{ key: entryKey }}
        field={field}
        value={sent ? (typed[`${at}.${field.name}`] ?? "") : (values[field.name] ?? "")}
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
  const copy = LIST_COPY[name];
  if (view.entries.length === 0 && !view.create)
    return (
      <section className="cartao" aria-labelledby={`lista-${name}-titulo`} id={`lista-${name}`}>
        <h2 id={`lista-${name}-titulo`}>{copy.title}</h2>
        <p className="dica">{copy.intro}</p>
        <p role="status">
          O rascunho não tem nenhum item nesta lista. Se a lei o prevê, inclua a proposta em “Regras que a lei propõe”,
          acima, ou escreva-o no “Texto do pacote”, abaixo.
        </p>
      </section>
    );
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
              <FieldRows
                at={at}
                entryKey={entry.key}
                rows={rows}
                values={entry.values}
                typed={typed}
                shown={shown}
                sent={typed[`${at}.chave`] === entry.key}
              />
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
              rows={rowsOf(view.create.fields)}
              values={view.create.values}
              typed={typed}
              shown={shown}
              sent={typed.lista === name}
              every
            />
          </fieldset>
        ) : null}
        <SubmitButton busyText="Salvando…">{copy.submit}</SubmitButton>
      </Form>
    </section>
  );
}

/**
 * The draft's lists, one form open at a time (a town's 44 infractions and their penalties make a
 * page of their own): a link per list with its size, and the list asked for (`?lista=`) below.
 */
export function DraftLists({
  draftId,
  lists,
  errors,
  typed,
}: {
  draftId: string;
  lists: { name: ListName; count: number; view: ListView | null }[];
  errors: Errors;
  typed: Record<string, string>;
}) {
  const open = lists.find((l) => l.view);
  return (
    <>
      <nav className="cartao" aria-labelledby="listas-titulo">
        <h2 id="listas-titulo">Listas do rascunho, uma de cada vez</h2>
        <p className="dica">
          Cada lista abre no seu formulário, com o trecho da lei de cada item. Salvar uma lista não muda as outras.
        </p>
        <ul>
          {lists.map(({ name, count, view }) => (
            <li key={name}>
              <Link to={`?lista=${name}#lista-${name}`} preventScrollReset aria-current={view ? "true" : undefined}>
                {LIST_COPY[name].title}
              </Link>{" "}
              <span className="dica">({count === 1 ? "1 item" : `${count} itens`})</span>
            </li>
          ))}
        </ul>
      </nav>
      {open?.view ? (
        <DraftList draftId={draftId} name={open.name} view={open.view} errors={errors} typed={typed} />
      ) : null}
    </>
  );
}

// Example applicants in a form (issue #30's editor, ADR 071): first the service, then the facts its
// rules read — asked as the driver's wizard asks them — the vagas when it has them, and the outcome
// the author expects. Each save judges every example with the same engine as a real application.
import { Form } from "@remix-run/react";
import { FactQuestions } from "~/components/driver/fact-questions";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { type ExampleForm, exampleForm, serviceOf } from "~/domain/eligibility/example-fields";
import type { RulePack } from "~/domain/rule-packs";
import { MODE_LABELS } from "../labels";
import { Hidden, RowAction } from "./draft";

type Errors = Record<string, string | undefined>;
type Typed = Record<string, string | string[] | undefined>;

export type ExamplesView = {
  /** The services of the draft, "MOTOTAXI.AUTONOMO" with their label. */
  services: { value: string; label: string }[];
  /** The examples the draft has: who, which service, what the author expects. */
  written: { index: number; name: string; service: string; expected: string }[];
  /** The form for the service chosen ("?exemplo=MOTOTAXI.AUTONOMO"), when one is. */
  form: (ExampleForm & { service: string; label: string; municipality: string; today: string }) | null;
};

const QUOTA_LABELS: Record<string, string> = {
  PERMISSAO: "Permissões em vigor",
  CONCESSAO: "Concessões em vigor",
  VEICULO: "Motocicletas credenciadas",
};

/** The new example's fields, for the service chosen: who, when, the facts its rules read, the vagas, the outcome. */
function ExampleFields({
  draftId,
  form,
  errors: shown,
  typed,
}: {
  draftId: string;
  form: NonNullable<ExamplesView["form"]>;
  errors: Errors;
  typed: Typed;
}) {
  const value = (name: string, fallback = "") => (typeof typed[name] === "string" ? (typed[name] as string) : fallback);
  return (
    <Form method="post" noValidate>
      <Hidden draftId={draftId} intent="example" />
      <input type="hidden" name="servico" value={form.service} />
      <h3>Novo exemplo: {form.label}</h3>
      <ErrorSummary errors={shown} />
      <Field
        name="nome"
        label="Quem é o exemplo"
        hint="Em uma frase: “Mototaxista de 20 anos”."
        defaultValue={value("nome")}
        error={shown.nome}
      />
      <Field
        name="data"
        type="date"
        label="Dia em que é julgado"
        hint="Idades e tempos de habilitação contam até esse dia."
        defaultValue={value("data", form.today)}
        error={shown.data}
      />
      <FactQuestions
        questions={form.facts.map((f) => ({ fact: f.name, readers: [] }))}
        values={typed}
        errors={shown}
        limits={{}}
        municipality={form.municipality}
        nameOf={(fact) => `fato.${fact}`}
      />
      {form.quotaUnits.length ? (
        <fieldset>
          <legend>Vagas</legend>
          <Field
            name="vagas.populacao"
            inputMode="numeric"
            label="População do município"
            defaultValue={value("vagas.populacao")}
          />
          {form.quotaUnits.map((unit) => (
            <Field
              key={unit}
              name={`vagas.${unit}`}
              inputMode="numeric"
              label={QUOTA_LABELS[unit] ?? unit}
              defaultValue={value(`vagas.${unit}`)}
            />
          ))}
        </fieldset>
      ) : null}
      <SelectField
        name="esperado"
        label="O que a lei faz com este requerente"
        options={[
          { value: "ELIGIBLE", label: "Aceita: cumpre todas as regras" },
          { value: "NOT_ELIGIBLE", label: "Recusa" },
        ]}
        defaultValue={value("esperado")}
        error={shown.esperado}
      />
      <fieldset>
        <legend>Se recusa, por quais regras</legend>
        <div className="opcoes">
          {form.rules.map((r) => (
            <label key={r.id}>
              <input type="checkbox" name="falha" value={r.id} /> {r.id} ({r.citation})
            </label>
          ))}
        </div>
      </fieldset>
      <SubmitButton busyText="Salvando…">Salvar o exemplo</SubmitButton>
    </Form>
  );
}

export function DraftExamples({
  draftId,
  view,
  errors,
  typed,
}: {
  draftId: string;
  view: ExamplesView;
  errors: Errors;
  typed: Typed;
}) {
  const form = view.form;
  const shown = Object.fromEntries(
    Object.entries(errors).filter(
      ([n]) => ["nome", "data", "esperado", "servico"].includes(n) || n.startsWith("fato."),
    ),
  );
  return (
    <section className="cartao" aria-labelledby="exemplos-titulo" id="exemplos">
      <h2 id="exemplos-titulo">Exemplos de requerentes</h2>
      <p className="dica">
        Pessoas que você descreve com o resultado que a lei lhes dá: aceita, ou recusada por tal regra. Cada vez que o
        rascunho é salvo, o portal as julga com as mesmas regras dos pedidos reais; um exemplo que não dá o resultado
        esperado impede o envio.
      </p>
      {view.written.length ? (
        <ul>
          {view.written.map((e) => (
            <li key={`${e.index}.${e.name}`} className="linha-com-acao">
              <span>
                <strong>{e.name}</strong> — {e.service}: {e.expected}
              </span>
              <RowAction
                draftId={draftId}
                intent="remove"
                fields={{ list: "examples", index: e.index, key: e.name }}
                label="Retirar"
                busyText="Retirando…"
                row={`exemplo ${e.name}`}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {view.services.length ? (
        <Form method="get" className="acoes">
          <SelectField
            name="exemplo"
            label="Serviço do novo exemplo"
            options={view.services}
            defaultValue={form?.service ?? ""}
          />
          <SubmitButton busyText="Abrindo…" className="botao secundario">
            Escrever um exemplo
          </SubmitButton>
        </Form>
      ) : (
        <p className="dica">
          Para escrever um novo exemplo, corrija antes os problemas do texto: o exemplo é julgado pelas regras dele.
        </p>
      )}
      {form ? <ExampleFields draftId={draftId} form={form} errors={shown} typed={typed} /> : null}
    </section>
  );
}

/**
 * The examples part of the draft page: the examples the text has (listed, with "Retirar", even when
 * the text has problems — a wrong example is one), and, when the text checks, its services and the
 * form for the one chosen.
 */
export function examplesView(
  doc: Record<string, unknown> | null,
  pack: RulePack | null,
  chosen: string | null,
  today: string,
): ExamplesView | null {
  if (!doc) return null;
  const serviceLabel = (category: unknown, mode: unknown) =>
    `${CATEGORY_LABELS[String(category)] ?? String(category)} — ${MODE_LABELS[String(mode)] ?? String(mode)}`;
  const service = pack && chosen ? serviceOf(pack, chosen) : null;
  return {
    services: (pack?.categories ?? []).flatMap((c) =>
      c.modes.map(({ mode }) => ({ value: `${c.code}.${mode}`, label: serviceLabel(c.code, mode) })),
    ),
    written: (Array.isArray(doc.examples) ? doc.examples : []).flatMap((e: Record<string, unknown>, index) => {
      if (!e || typeof e !== "object" || typeof e.name !== "string") return [];
      const failing = Array.isArray(e.failing) ? e.failing.map(String) : [];
      return [
        {
          index,
          name: e.name,
          service: serviceLabel(e.category, e.mode),
          expected:
            e.expected === "ELIGIBLE" ? "aceito" : `recusado${failing.length ? ` por ${failing.join(", ")}` : ""}`,
        },
      ];
    }),
    form:
      pack && service
        ? {
            ...exampleForm(pack, service.category, service.mode),
            service: chosen!,
            label: serviceLabel(service.category, service.mode),
            municipality: pack.municipality.name,
            today,
          }
        : null,
  };
}

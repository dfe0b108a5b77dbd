// The laws that amend a municipality's law, on the platform admin's law page (ADR 070): each one
// attached in order, with what the portal applied from it and what it could not; and the form to
// attach the next one. The law the public reads and the rules cite is the consolidated text.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextAreaField } from "~/components/ui/field";
import { Fields } from "~/components/ui/fields";
import { constraintsOf } from "~/forms/constraints";
import { AMENDMENT_FIELDS, zLawText } from "~/forms/law-text";

const LIMITS = constraintsOf(zLawText);
const idOf = (name: string) => `alteracao-${name}`;

const CHANGE_WORDS = { REWORDED: "nova redação", ADDED: "incluído", REVOKED: "revogado" } as const;

export type AmendmentView = {
  label: string;
  title: string;
  publishedOn: string | null;
  changes: { anchor: string; unit: string; change: keyof typeof CHANGE_WORDS }[];
  problems: string[];
};

/** The amendments in the order they apply, each with the units it changed (linked) and its problems. */
export function AmendmentList({ amendments, lawPath }: { amendments: AmendmentView[]; lawPath: string }) {
  if (amendments.length === 0) return <p>Nenhuma lei que altera esta foi anexada.</p>;
  return (
    <ol>
      {amendments.map((a) => (
        <li key={a.label}>
          <p>
            <strong>{a.label}</strong> — {a.title}
          </p>
          {a.changes.length ? (
            <ul>
              {a.changes.map((c) => (
                <li key={`${c.anchor}-${c.change}`}>
                  <a href={`${lawPath}#${c.anchor}`}>{c.unit}</a>: {CHANGE_WORDS[c.change]}
                </li>
              ))}
            </ul>
          ) : null}
          {a.problems.length ? (
            <div className="aviso atencao" role="status">
              <p>Não aplicado — confira no texto:</p>
              <ul>
                {a.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="label" value={a.label} />
            <SubmitButton name="intent" value="remove-amendment" className="botao secundario" busyText="Retirando…">
              Retirar a {a.label}
            </SubmitButton>
          </Form>
        </li>
      ))}
    </ol>
  );
}

type Errors = Record<string, string | undefined>;

/** The next amending law: number, ementa, date and its text as published (with its quoted blocks). */
export function AmendmentForm({ errors, values }: { errors: Errors; values: Record<string, string> }) {
  return (
    <Form method="post" noValidate className="cartao">
      <CsrfInput />
      <ErrorSummary errors={errors} idOf={idOf} />
      <Fields
        fields={AMENDMENT_FIELDS}
        values={values}
        errors={errors}
        limits={LIMITS}
        extra={Object.fromEntries(AMENDMENT_FIELDS.map((f) => [f.name, { id: idOf(f.name) }]))}
      />
      <TextAreaField
        id={idOf("text")}
        label="Texto da lei que altera"
        name="text"
        hint="Como publicada, com os artigos que dizem o que muda (“passa a vigorar com a seguinte redação”, “acrescido do seguinte inciso”, “Fica revogado”) e o texto novo entre aspas. As alterações se aplicam na ordem em que são anexadas."
        defaultValue={values.text}
        error={errors.text}
        constraint={LIMITS.text}
        rows={12}
      />
      <SubmitButton name="intent" value="amend" busyText="Aplicando…">
        Anexar a alteração
      </SubmitButton>
    </Form>
  );
}

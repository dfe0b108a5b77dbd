// Staff acts on a credential (suspend, reinstate, revoke), each with a reason and the law's citation.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { zCredentialStatus } from "~/forms/back-office";
import { constraintsOf, type FieldConstraint } from "~/forms/constraints";

function Err({ id, msg }: { id: string; msg?: string }) {
  return msg ? (
    <p className="erro-campo" id={id}>
      {msg}
    </p>
  ) : null;
}

/** Each status change's limits, from the schema its action parses with (ADR 021). */
const LIMITS = Object.fromEntries(
  zCredentialStatus.options.map((o) => [o.shape.intent.value, constraintsOf(o)]),
) as Record<string, { reason?: FieldConstraint; citation?: FieldConstraint }>;

/** The last post's errors and values, for the form of its intent. */
type Result =
  { intent?: string; errors?: Record<string, string | undefined>; values?: Record<string, string> } | undefined;

type FieldProps = { intent: string; result: Result };

const errorsOf = (intent: string, result: Result) =>
  (result?.intent === intent ? (result.errors ?? {}) : {}) as Record<string, string | undefined>;
const valuesOf = (intent: string, result: Result) =>
  (result?.intent === intent ? (result.values ?? {}) : {}) as Record<string, string>;

function CitationField({ intent, result }: FieldProps) {
  const e = errorsOf(intent, result);
  const required = Boolean(LIMITS[intent]?.citation?.required);
  return (
    <div className="campo">
      <label htmlFor={`${intent}-citacao`}>Fundamento legal{required ? "" : " (opcional)"}</label>
      <p className="dica" id={`${intent}-citacao-dica`}>
        Escolha um dispositivo da lei do município ou escreva outro.
      </p>
      <input
        id={`${intent}-citacao`}
        name="citation"
        list="citacoes"
        {...LIMITS[intent]?.citation}
        defaultValue={valuesOf(intent, result).citation}
        aria-invalid={e.citation ? true : undefined}
        aria-describedby={[`${intent}-citacao-dica`, e.citation ? `${intent}-citacao-erro` : null]
          .filter(Boolean)
          .join(" ")}
      />
      <Err id={`${intent}-citacao-erro`} msg={e.citation} />
    </div>
  );
}

function ReasonField({ intent, result, label }: FieldProps & { label: string }) {
  const e = errorsOf(intent, result);
  return (
    <div className="campo">
      <label htmlFor={`${intent}-motivo`}>{label}</label>
      <textarea
        id={`${intent}-motivo`}
        name="reason"
        {...LIMITS[intent]?.reason}
        defaultValue={valuesOf(intent, result).reason}
        aria-invalid={e.reason ? true : undefined}
        aria-describedby={e.reason ? `${intent}-motivo-erro` : undefined}
      />
      <Err id={`${intent}-motivo-erro`} msg={e.reason} />
    </div>
  );
}

type Props = {
  c: { serial: string; status: string };
  citations: string[];
  /** The municipality's today: the earliest end of a suspension. */
  todayIso: string;
  result: Result;
};

export function StatusPanel({ c, citations, todayIso, result }: Props) {
  const errs = (intent: string) => errorsOf(intent, result);
  const vals = (intent: string) => valuesOf(intent, result);
  return (
    <section className="cartao bo-painel" aria-labelledby="situacao-titulo">
      <h2 id="situacao-titulo">Alterar a situação</h2>
      <datalist id="citacoes">
        {citations.map((x) => (
          <option key={x} value={x} />
        ))}
      </datalist>
      {c.status === "ACTIVE" ? (
        <Form method="post" className="bo-decisao">
          <CsrfInput />
          <input type="hidden" name="intent" value="suspend" />
          <h3>Suspender</h3>
          <div className="campo">
            <label htmlFor="suspend-ate">Suspensa até (inclusive)</label>
            <input
              id="suspend-ate"
              name="until"
              type="date"
              required
              min={todayIso}
              defaultValue={vals("suspend").until}
              aria-invalid={errs("suspend").until ? true : undefined}
              aria-describedby={errs("suspend").until ? "suspend-ate-erro" : undefined}
            />
            <Err id="suspend-ate-erro" msg={errs("suspend").until} />
          </div>
          <ReasonField intent="suspend" result={result} label="Motivo da suspensão" />
          <CitationField intent="suspend" result={result} />
          <div>
            <button type="submit" className="botao">
              Suspender credencial
            </button>
          </div>
        </Form>
      ) : (
        <Form method="post" className="bo-decisao">
          <CsrfInput />
          <input type="hidden" name="intent" value="reinstate" />
          <h3>Reativar</h3>
          <ReasonField intent="reinstate" result={result} label="Motivo da reativação" />
          <CitationField intent="reinstate" result={result} />
          <div>
            <button type="submit" className="botao">
              Reativar credencial
            </button>
          </div>
        </Form>
      )}
      <details className="bo-recusar" open={result?.intent === "revoke"}>
        <summary className="botao pequeno secundario perigo">Cassar…</summary>
        <Form method="post" className="bo-decisao">
          <CsrfInput />
          <input type="hidden" name="intent" value="revoke" />
          <p>A cassação é definitiva: a credencial não poderá ser reativada.</p>
          <ReasonField intent="revoke" result={result} label="Motivo da cassação" />
          <CitationField intent="revoke" result={result} />
          <div className="campo bo-confirmacao">
            <label>
              <input type="checkbox" name="confirm" value="sim" required /> Confirmo a cassação de {c.serial}.
            </label>
            <Err id="revoke-confirm-erro" msg={errs("revoke").confirm} />
          </div>
          <div>
            <button type="submit" className="botao perigo">
              Cassar credencial
            </button>
          </div>
        </Form>
      </details>
    </section>
  );
}

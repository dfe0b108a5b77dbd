// The forms of the process steps the auto's status allows; judging has ./decide-panel.tsx.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { intentForm } from "./intent-form";
import type { InfractionPageData, IntentResult } from "./types";

type PanelProps = { d: InfractionPageData; result: IntentResult | undefined };

export function NotifyPanel({ d, result }: PanelProps) {
  const { values, field, inputProps } = intentForm(result, "notify");
  return (
    <section className="cartao bo-painel" aria-labelledby="auto-notificar">
      <h2 id="auto-notificar">Notificar o autuado</h2>
      <p className="dica">Registre quando o autuado foi notificado do auto e até quando pode apresentar defesa.</p>
      <Form method="post" className="bo-decisao">
        <CsrfInput />
        <input type="hidden" name="intent" value="notify" />
        {field(
          "notifiedOn",
          "Notificado em",
          <input type="date" max={d.today} {...inputProps("notifiedOn")} defaultValue={values.notifiedOn ?? d.today} />,
        )}
        {field(
          "defenceDeadline",
          "Defesa até (inclusive)",
          <input type="date" min={d.today} {...inputProps("defenceDeadline")} />,
        )}
        <div>
          <button type="submit" className="botao">
            Registrar notificação
          </button>
        </div>
      </Form>
    </section>
  );
}

/** A piece the offender filed — the defence or the appeal: the day it arrived and its summary. */
function ReceivedPanel({
  d,
  result,
  intent,
  title,
  receivedLabel,
  summaryLabel,
  submit,
}: PanelProps & {
  intent: "defence" | "appeal";
  title: string;
  receivedLabel: string;
  summaryLabel: string;
  submit: string;
}) {
  const { values, field, inputProps } = intentForm(result, intent);
  const headingId = intent === "defence" ? "auto-defesa" : "auto-recurso";
  return (
    <section className="cartao bo-painel" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <Form method="post" className="bo-decisao">
        <CsrfInput />
        <input type="hidden" name="intent" value={intent} />
        {field(
          "receivedOn",
          receivedLabel,
          <input type="date" max={d.today} {...inputProps("receivedOn")} defaultValue={values.receivedOn ?? d.today} />,
        )}
        {field("summary", summaryLabel, <textarea {...inputProps("summary")} />)}
        <div>
          <button type="submit" className="botao secundario">
            {submit}
          </button>
        </div>
      </Form>
    </section>
  );
}

export const DefencePanel = (props: PanelProps) => (
  <ReceivedPanel
    {...props}
    intent="defence"
    title="Defesa"
    receivedLabel="Recebida em"
    summaryLabel="Resumo da defesa"
    submit="Registrar defesa"
  />
);

export function ArchivePanel({ result }: Pick<PanelProps, "result">) {
  const { field, inputProps } = intentForm(result, "archive");
  return (
    <section className="cartao bo-painel" aria-labelledby="auto-arquivar">
      <details className="bo-recusar" open={result?.intent === "archive"}>
        <summary id="auto-arquivar" className="botao pequeno secundario">
          Arquivar o auto…
        </summary>
        <Form method="post" className="bo-decisao">
          <CsrfInput />
          <input type="hidden" name="intent" value="archive" />
          {field("reason", "Motivo do arquivamento", <textarea {...inputProps("reason")} />)}
          <div>
            <button type="submit" className="botao secundario">
              Arquivar
            </button>
          </div>
        </Form>
      </details>
    </section>
  );
}

export const AppealPanel = (props: PanelProps) => (
  <ReceivedPanel
    {...props}
    intent="appeal"
    title="Recurso"
    receivedLabel="Recebido em"
    summaryLabel="Resumo do recurso"
    submit="Registrar recurso"
  />
);

export function AppealRulingPanel({ d, result }: PanelProps) {
  const { errors, values, field, inputProps } = intentForm(result, "appeal_ruling");
  const a = d.auto;
  const penalty = d.process.decision?.penalty;
  return (
    <section className="cartao bo-painel" aria-labelledby="auto-julgar-recurso">
      <h2 id="auto-julgar-recurso">Julgar o recurso</h2>
      {a.credential && penalty?.cassacao ? (
        <p className="aviso atencao">
          Se o recurso for deferido, a cassação da credencial {a.credential.serial} não é desfeita aqui: a cassação é
          definitiva no sistema.
        </p>
      ) : a.credential && (penalty?.suspensionDays ?? 0) > 0 ? (
        <p className="dica">
          Se o recurso for deferido, a suspensão aplicada por este auto à credencial {a.credential.serial} é desfeita,
          se ela ainda estiver nessa suspensão.
        </p>
      ) : null}
      <Form method="post" className="bo-decisao">
        <CsrfInput />
        <input type="hidden" name="intent" value="appeal_ruling" />
        <fieldset className="bo-itens" aria-describedby={errors.outcome ? "appeal_ruling-outcome-erro" : undefined}>
          <legend>Resultado do recurso</legend>
          <div className="bo-opcoes">
            <label>
              <input type="radio" name="outcome" value="DENIED" required defaultChecked={values.outcome === "DENIED"} />{" "}
              Indeferir — manter a penalidade
            </label>
            <label>
              <input type="radio" name="outcome" value="GRANTED" defaultChecked={values.outcome === "GRANTED"} />{" "}
              Deferir — anular a penalidade e arquivar o auto
            </label>
          </div>
          {errors.outcome ? (
            <p className="erro-campo" id="appeal_ruling-outcome-erro">
              {errors.outcome}
            </p>
          ) : null}
        </fieldset>
        {field("reason", "Fundamentação do julgamento", <textarea {...inputProps("reason")} />)}
        {field(
          "decidedOn",
          "Recurso julgado em",
          <input
            type="date"
            min={d.process.appeal?.receivedOn}
            max={d.today}
            {...inputProps("decidedOn")}
            defaultValue={values.decidedOn ?? d.today}
          />,
        )}
        <div>
          <button type="submit" className="botao">
            Registrar o julgamento do recurso
          </button>
        </div>
      </Form>
    </section>
  );
}

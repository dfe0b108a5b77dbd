// Judging an auto within the penalties the law allows, optionally applying them to the credential.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { formatDate } from "~/domain/format";
import { intentForm } from "./intent-form";
import type { InfractionPageData, IntentResult } from "./types";

type PanelProps = { d: InfractionPageData; result: IntentResult | undefined };

export function DecidePanel({ d, result }: PanelProps) {
  const { values, field, inputProps } = intentForm(result, "decide");
  const a = d.auto;
  const p = d.proposal;
  return (
    <section className="cartao bo-painel" aria-labelledby="auto-julgar">
      <h2 id="auto-julgar">Julgar</h2>
      {a.defenceDeadline && a.defenceDeadline >= d.today && !d.process.defence ? (
        <p className="aviso atencao">
          O prazo de defesa vai até {formatDate(a.defenceDeadline)}. O julgamento só pode ser feito depois dele, ou com
          a defesa registrada.
        </p>
      ) : null}
      <Form method="post" className="bo-decisao">
        <CsrfInput />
        <input type="hidden" name="intent" value="decide" />
        <fieldset className="bo-itens">
          <legend>Penalidade aplicada</legend>
          <div className="bo-opcoes">
            {p.allows.notice ? (
              <label>
                <input type="checkbox" name="notice" value="sim" defaultChecked={values.notice === "sim"} /> Notificação
                escrita
              </label>
            ) : null}
            {p.allows.warning ? (
              <label>
                <input type="checkbox" name="warning" value="sim" defaultChecked={values.warning === "sim"} />{" "}
                Advertência
              </label>
            ) : null}
            {p.allows.cassacao ? (
              <label>
                <input type="checkbox" name="cassacao" value="sim" defaultChecked={values.cassacao === "sim"} />{" "}
                Cassação
              </label>
            ) : null}
          </div>
        </fieldset>
        {p.allows.fine
          ? field(
              "fine",
              `Multa (${p.allows.fine.unit === "SALARIO_MINIMO" ? "salários mínimos" : p.allows.fine.unit}${p.allows.fine.max ? `, até ${p.allows.fine.max}` : p.allows.fine.amount ? `, fixada em ${p.allows.fine.amount}` : ""})`,
              <input
                type="number"
                step="0.01"
                min="0"
                inputMode="decimal"
                {...inputProps("fine")}
                defaultValue={values.fine ?? (p.allows.fine.amount ? String(p.allows.fine.amount) : undefined)}
              />,
            )
          : null}
        {p.allows.suspension
          ? field(
              "suspensionDays",
              `Suspensão (dias${p.allows.suspension.maxDays ? `, até ${p.allows.suspension.maxDays}` : ""})`,
              <input
                type="number"
                step="1"
                min="0"
                max={p.allows.suspension.maxDays ?? undefined}
                inputMode="numeric"
                {...inputProps("suspensionDays")}
              />,
            )
          : null}
        {field("reason", "Fundamentação", <textarea {...inputProps("reason")} />)}
        {field(
          "notifiedOn",
          "Decisão notificada ao autuado em",
          <input type="date" {...inputProps("notifiedOn")} defaultValue={values.notifiedOn ?? d.today} />,
        )}
        {!d.appealRule
          ? field(
              "appealDeadline",
              "Prazo de recurso até (fixado por decreto; opcional)",
              <input type="date" {...inputProps("appealDeadline")} />,
            )
          : null}
        {a.credential ? (
          <div className="campo bo-confirmacao">
            <label>
              <input type="checkbox" name="apply" value="sim" defaultChecked /> Aplicar à credencial{" "}
              {a.credential.serial} já (suspensão ou cassação valem na hora para toda verificação)
            </label>
          </div>
        ) : null}
        <div>
          <button type="submit" className="botao perigo">
            Julgar e aplicar
          </button>
        </div>
      </Form>
    </section>
  );
}

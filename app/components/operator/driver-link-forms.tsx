// Declaring a driver's data sent to the city (Lavras art. 10, § 4º), and ending the bond.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { formatDuration } from "~/domain/format";
import { constraintsOf } from "~/forms/constraints";
import { zDriverDataSent, zUnlink } from "~/forms/operator";

const LIMITS = { ...constraintsOf(zDriverDataSent), ...constraintsOf(zUnlink) };

type FormState = { errors: Record<string, string | undefined>; values: Record<string, string> };

export function DataSentCard(props: FormState & { dataSentOn: string | null; citation: string; now: string }) {
  const { errors, values, dataSentOn, citation, now } = props;
  return (
    <section className="cartao" aria-labelledby="dados-prefeitura">
      <h2 id="dados-prefeitura">Dados do motorista enviados à Prefeitura</h2>
      {dataSentOn ? (
        <p>
          <span className="selo ok">Informado</span> A empresa enviou os dados deste motorista à Prefeitura em{" "}
          {dataSentOn}. <span className="citacao">{citation}</span>
        </p>
      ) : (
        <>
          <p className="dica">
            A vistoria do veículo só é feita depois que a empresa envia à Prefeitura os dados do motorista ({citation}).
            Depois de enviar, informe aqui a data: o requerimento do motorista fica aguardando esta informação.
          </p>
          <Form method="post" noValidate>
            <CsrfInput />
            <input type="hidden" name="intent" value="dados-enviados" />
            <Field
              label="Data do envio à Prefeitura"
              name="sentOn"
              type="date"
              defaultValue={values.sentOn ?? now.slice(0, 10)}
              max={now.slice(0, 10)}
              error={errors.sentOn}
              constraint={LIMITS.sentOn}
            />
            <SubmitButton busyText="Registrando…">Informar envio dos dados</SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}

type UnlinkReasonView = {
  value: string;
  label: string;
  notice: { label: string; citation: string; within: string | null; immediate: boolean } | null;
};

export function EndLinkCard(props: FormState & { reasons: UnlinkReasonView[]; now: string }) {
  const { errors, values, reasons, now } = props;
  return (
    <section className="cartao" aria-labelledby="desvincular">
      <h2 id="desvincular">Encerrar o vínculo</h2>
      <p className="dica">
        Encerrar o vínculo registra a data e o motivo; as credenciais emitidas por meio da empresa passam a constar como
        substituídas na verificação.
      </p>
      <ul className="dica">
        {reasons.map((r) => (
          <li key={r.value}>
            {r.label}:{" "}
            {r.notice
              ? `comunicar à prefeitura ${r.notice.immediate ? "imediatamente" : `em até ${r.notice.within ? formatDuration(r.notice.within) : r.notice.within}`} (${r.notice.citation})`
              : "a lei não fixa comunicação"}
          </li>
        ))}
      </ul>
      <Form method="post" noValidate>
        <CsrfInput />
        <SelectField
          label="Motivo"
          name="reason"
          defaultValue={values.reason}
          error={errors.reason}
          options={reasons.map((r) => ({ value: r.value, label: r.label }))}
          constraint={LIMITS.reason}
        />
        <Field
          label="Data e hora do fato"
          name="eventAt"
          type="datetime-local"
          defaultValue={values.eventAt ?? now}
          max={now}
          error={errors.eventAt}
          constraint={LIMITS.eventAt}
        />
        <Field
          label="Observação (opcional)"
          name="note"
          defaultValue={values.note}
          error={errors.note}
          constraint={LIMITS.note}
        />
        <div className="campo opcoes">
          <label>
            <input
              type="checkbox"
              name="fileNow"
              value="sim"
              defaultChecked={values.fileNow !== undefined ? values.fileNow === "sim" : true}
            />{" "}
            Comunicar à prefeitura agora
          </label>
        </div>
        <SubmitButton className="botao perigo" busyText="Encerrando…">
          Encerrar vínculo
        </SubmitButton>
      </Form>
    </section>
  );
}

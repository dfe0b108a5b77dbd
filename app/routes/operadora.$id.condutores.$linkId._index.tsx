import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import { declareDriverDataSent, unlinkDriver } from "~/models/driver-link.server";
import { driverStanding, getDriverLink } from "~/models/driver-standing.server";
import { allowedLinkActions, endReasonText, LINK_STATUS_LABELS } from "~/domain/operators/driver-link";
import { requireOperator } from "~/http/operator-guard.server";
import { frameOf } from "~/http/operator-frame.server";
import { operatorCategory } from "~/models/operator.server";
import { evaluateFor } from "~/models/application.server";
import { currentDocuments } from "~/models/application-facts.server";
import { activePack } from "~/models/rule-pack.server";
import { driverDataDuty, operatorCollectsDriverDocuments, unlinkNotice } from "~/models/operator-policy.server";
import { UNLINK_REASONS, type UnlinkReason } from "~/domain/operators/vocabulary";
import {
  APPLICATION_STATUS_LABELS,
  OPERATOR_UPLOAD_STATUSES,
  type ApplicationStatus,
} from "~/domain/applications/status";
import { CREDENTIAL_TYPE_LABELS, VERDICT_LABELS } from "~/domain/credentials/labels";
import { formatCpf } from "~/domain/br";
import { zDriverDataSent, zUnlink } from "~/forms/operator";
import { constraintsOf } from "~/forms/constraints";
import { OperatorFrame, Flash } from "~/components/operator/operator-frame";
import { DocumentUpload } from "~/components/driver/document-upload";
import { Checklist } from "~/components/checklist";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import styles from "~/components/operator/operator.css";
import { formatDate, formatDuration, formatDayOf } from "~/domain/format";
import { localDateTime } from "~/domain/time";
import { documentStatusLabel } from "~/domain/eligibility/labels";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { notFound } from "~/domain/refusal";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:driver-link");
  const link = await getDriverLink(operator.id, params.linkId);
  if (!link || !link.person) throw notFound("Condutor não encontrado.");
  const pack = await activePack(operator.municipality);
  const standing = await driverStanding(operator.id, link);
  const app = standing.application;
  const evaluation = app ? (await evaluateFor(app)).result : null;
  const files = app ? new Map((await currentDocuments(app)).map((d) => [d.type, d.id])) : new Map<string, string>();
  const collects = operatorCollectsDriverDocuments(pack);
  const category = await operatorCategory(operator.id);
  const dataDuty = category ? driverDataDuty(pack, category) : null;
  const uploadOpen = Boolean(app && OPERATOR_UPLOAD_STATUSES.includes(app.status)) && link.status === "ACTIVE";
  return {
    frame: frameOf(operator),
    link: {
      id: link.id,
      status: link.status,
      statusLabel: LINK_STATUS_LABELS[link.status],
      actions: allowedLinkActions(link.status),
      name: link.person.fullName,
      cpf: formatCpf(link.person.cpf),
      acceptedAt: link.acceptedAt ? formatDayOf(link.acceptedAt, operator.municipality.timeZone) : null,
      endReason: endReasonText(link.endReason),
      endedAt: link.endedAt ? formatDayOf(link.endedAt, operator.municipality.timeZone) : null,
      dataSentOn: link.driverDataSentOn ? formatDate(link.driverDataSentOn) : null,
    },
    dataDuty,
    application: app
      ? { number: app.number, status: APPLICATION_STATUS_LABELS[app.status as ApplicationStatus] ?? app.status }
      : null,
    evaluation,
    documents: (evaluation?.requiredDocuments ?? []).map((d) => ({
      type: d.type,
      label: d.label,
      citation: d.citation,
      status: d.status,
      submittedBy: d.submittedBy,
      fileId: collects || d.submittedBy === "OPERATOR" ? (files.get(d.type) ?? null) : null,
      upload:
        uploadOpen &&
        d.submittedBy === "OPERATOR" &&
        ["MISSING", "REJECTED", "EXPIRED", "AWAITING_REVIEW"].includes(d.status),
    })),
    collects,
    credentials: standing.credentials.map((c) => ({
      ...c,
      typeLabel: CREDENTIAL_TYPE_LABELS[c.type] ?? c.type,
      verdictLabel: VERDICT_LABELS[c.verdict].label,
    })),
    reasons: (Object.keys(UNLINK_REASONS) as UnlinkReason[]).map((r) => {
      const notice = unlinkNotice(pack, r);
      return {
        value: r,
        label: UNLINK_REASONS[r].label,
        notice: notice
          ? {
              label: notice.deadline.label,
              citation: notice.deadline.citation,
              within: notice.deadline.within ?? null,
              immediate: notice.deadline.immediate,
            }
          : null,
      };
    }),
    now: localDateTime(new Date(), operator.municipality.timeZone),
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await requireOperator(request, params.id, "create:driver-link");
  const form = await readForm(request);
  if (form.get("intent") === "dados-enviados") {
    const sent = parseForm(zDriverDataSent, form);
    if (!sent.ok) return data({ errors: sent.errors, values: sent.values }, { status: 400 });
    await declareDriverDataSent(operator, params.linkId ?? "", sent.data.sentOn, actor);
    return redirect(
      `/operadora/${operator.id}/condutores/${params.linkId}?enviado=${encodeURIComponent("Envio dos dados à prefeitura registrado.")}`,
    );
  }
  const parsed = parseForm(zUnlink, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  await unlinkDriver(operator, params.linkId ?? "", { ...parsed.data, note: parsed.data.note ?? null }, actor);
  return redirect(`/operadora/${operator.id}/comunicacoes?ok=desvinculado`);
});

const LIMITS = { ...constraintsOf(zDriverDataSent), ...constraintsOf(zUnlink) };

export default function OperatorDriver() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors: Record<string, string | undefined> = (result && "errors" in result && result.errors) || {};
  const values: Record<string, string> = (result && "values" in result && result.values) || {};
  const base = `/operadora/${d.frame.id}`;
  return (
    <OperatorFrame operator={d.frame} current="condutores" title={d.link.name}>
      <p className="dica">
        <Link to={`${base}/condutores`}>← Condutores</Link>
      </p>
      <Flash
        ok={params.get("enviado")}
        error={(result && "error" in result ? result.error : null) ?? params.get("erro")}
      />
      <section className="cartao" aria-labelledby="vinculo">
        <h2 id="vinculo">Vínculo</h2>
        <dl className="op-dados">
          <dt>CPF</dt>
          <dd>{d.link.cpf}</dd>
          <dt>Situação</dt>
          <dd>
            {d.link.statusLabel}
            {d.link.acceptedAt ? ` desde ${d.link.acceptedAt}` : ""}
            {d.link.endedAt
              ? ` — encerrado em ${d.link.endedAt}${d.link.endReason ? ` (${d.link.endReason})` : ""}`
              : ""}
          </dd>
          <dt>Requerimento</dt>
          <dd>
            {d.application
              ? `${d.application.number} — ${d.application.status}`
              : "O condutor ainda não pediu o credenciamento vinculado a esta empresa."}
          </dd>
        </dl>
      </section>
      {d.dataDuty && d.link.actions.includes("declare_data_sent") ? (
        <section className="cartao" aria-labelledby="dados-prefeitura">
          <h2 id="dados-prefeitura">Dados do motorista enviados à Prefeitura</h2>
          {d.link.dataSentOn ? (
            <p>
              <span className="selo ok">Informado</span> A empresa enviou os dados deste motorista à Prefeitura em{" "}
              {d.link.dataSentOn}. <span className="citacao">{d.dataDuty.citation}</span>
            </p>
          ) : (
            <>
              <p className="dica">
                A vistoria do veículo só é feita depois que a empresa envia à Prefeitura os dados do motorista (
                {d.dataDuty.citation}). Depois de enviar, informe aqui a data: o requerimento do motorista fica
                aguardando esta informação.
              </p>
              <Form method="post" noValidate>
                <CsrfInput />
                <input type="hidden" name="intent" value="dados-enviados" />
                <Field
                  label="Data do envio à Prefeitura"
                  name="sentOn"
                  type="date"
                  defaultValue={values.sentOn ?? d.now.slice(0, 10)}
                  max={d.now.slice(0, 10)}
                  error={errors.sentOn}
                  constraint={LIMITS.sentOn}
                />
                <SubmitButton busyText="Registrando…">Informar envio dos dados</SubmitButton>
              </Form>
            </>
          )}
        </section>
      ) : null}
      <section className="cartao" aria-labelledby="credenciais">
        <h2 id="credenciais">Credenciais</h2>
        {d.credentials.length === 0 ? (
          <p>Nenhuma credencial emitida por meio desta empresa.</p>
        ) : (
          <ul className="op-lista">
            {d.credentials.map((c) => (
              <li key={c.id}>
                <strong>{c.typeLabel}</strong> {c.serial}{" "}
                <span className={`selo ${c.verdict === "VALID" ? "ok" : "falha"}`}>{c.verdictLabel}</span>
                <span className="citacao">
                  Válida de {formatDate(c.validFrom)} a {formatDate(c.validUntil)}
                  {c.plate ? ` · placa ${c.plate}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {d.evaluation ? (
        <section className="cartao" aria-labelledby="checklist">
          <h2 id="checklist">Requisitos da lei</h2>
          <Checklist result={d.evaluation} headingLevel={3} showDocuments={false} />
          <h3>Documentos</h3>
          <p className="dica">
            {d.collects
              ? "A lei manda a empresa exigir e encaminhar os documentos do condutor: você pode abri-los."
              : "Os documentos pessoais do condutor são vistos só por ele e pela prefeitura; aqui aparece apenas a situação de cada um."}
          </p>
          <ul className="op-lista">
            {d.documents.map((doc) => (
              <li key={doc.type}>
                {doc.label}{" "}
                <span className={`selo ${documentStatusLabel(doc.status).tone}`}>
                  {documentStatusLabel(doc.status).label}
                </span>
                {doc.submittedBy === "OPERATOR" ? <strong> · entregue pela empresa</strong> : null}
                {doc.fileId ? (
                  <>
                    {" "}
                    ·{" "}
                    <Link
                      to={`${base}/condutores/${d.link.id}/documentos/${doc.fileId}`}
                      reloadDocument
                      target="_blank"
                      rel="noreferrer"
                    >
                      abrir
                    </Link>
                  </>
                ) : null}
                <span className="citacao">{doc.citation}</span>
                {doc.upload ? (
                  <DocumentUpload
                    action={`${base}/condutores/${d.link.id}/enviar`}
                    type={doc.type}
                    label={doc.label}
                    askDates
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {d.link.actions.includes("end") ? (
        <section className="cartao" aria-labelledby="desvincular">
          <h2 id="desvincular">Encerrar o vínculo</h2>
          <p className="dica">
            Encerrar o vínculo registra a data e o motivo; as credenciais emitidas por meio da empresa passam a constar
            como substituídas na verificação.
          </p>
          <ul className="dica">
            {d.reasons.map((r) => (
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
              options={d.reasons.map((r) => ({ value: r.value, label: r.label }))}
              constraint={LIMITS.reason}
            />
            <Field
              label="Data e hora do fato"
              name="eventAt"
              type="datetime-local"
              defaultValue={values.eventAt ?? d.now}
              max={d.now}
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
      ) : null}
    </OperatorFrame>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.link.name ?? "Condutor"} — Portal de Credenciamento` },
];

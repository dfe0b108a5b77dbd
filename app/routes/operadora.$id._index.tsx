import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { countVehicles } from "~/models/fleet.server";
import { countActiveDrivers } from "~/models/driver-standing.server";
import { readForm } from "~/http/csrf.server";
import { requireOperator } from "~/http/operator-guard.server";
import { frameOf } from "~/http/operator-frame.server";
import { operatorApplication } from "~/models/operator.server";
import { operatorCertificate } from "~/models/operator-approval.server";
import { operatorSchedule } from "~/models/operator-report-schedule.server";
import { listOperatorNotices } from "~/models/notice.server";
import { startOperatorRenewal } from "~/models/operator-renewal.server";
import { today } from "~/models/application.server";
import { verdictFor, type CredentialStatus } from "~/domain/credentials/status";
import { RENEWAL_WINDOW_DAYS, renewalWindow } from "~/domain/credentials/renewal-window";
import { REMINDER_OFFSETS } from "~/domain/applications/reminders";
import { daysBetween } from "~/domain/eligibility/calendar";
import {
  APPLICATION_STATUS_LABELS,
  isEditable,
  OPEN_STATUSES,
  type ApplicationStatus,
} from "~/domain/applications/status";
import { VERDICT_LABELS } from "~/domain/credentials/labels";
import { OperatorFrame, Flash } from "~/components/operator/operator-frame";
import { DueList } from "~/components/operator/due-list";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import styles from "~/components/operator/operator.css";
import { formatDate, formatDays } from "~/domain/format";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:operator");
  const now = new Date();
  const [app, certificate, { schedule }, notices, drivers, vehicles] = await Promise.all([
    operatorApplication(operator.id),
    operatorCertificate(operator.id),
    operatorSchedule(operator, now),
    listOperatorNotices(operator.id, now),
    countActiveDrivers(operator.id),
    countVehicles(operator.id),
  ]);
  const date = today(now, operator.municipality.timeZone);
  const open = app ? OPEN_STATUSES.includes(app.status as ApplicationStatus) : false;
  const verdict = certificate
    ? verdictFor(
        {
          status: certificate.status as CredentialStatus,
          validFrom: certificate.validFrom,
          validUntil: certificate.validUntil,
        },
        date,
      )
    : null;
  return {
    frame: frameOf(operator),
    application: app
      ? {
          number: app.number,
          status: app.status as ApplicationStatus,
          editable: isEditable(app.status),
          renewal: app.kind === "RENOVACAO",
          open,
        }
      : null,
    certificate:
      certificate && verdict
        ? {
            id: certificate.id,
            serial: certificate.serial,
            code: typedCodeFor(certificate.serial),
            validFrom: certificate.validFrom,
            validUntil: certificate.validUntil,
            verdict,
            daysLeft: daysBetween(date, certificate.validUntil),
            ...renewalOffer(certificate, date, open),
          }
        : null,
    due: schedule.filter((s) => s.state !== "FILED"),
    openNotices: notices.filter((n) => n.state === "OPEN" || n.state === "OVERDUE"),
    drivers,
    vehicles,
  };
});

/** "Renovar certificado" only inside the renewal window, as a driver's (ADR 028, ADR 033). */
function renewalOffer(c: { status: string; validFrom: string; validUntil: string }, date: string, open: boolean) {
  const window = renewalWindow(c, date);
  return {
    renewable: window.open && !open,
    renewalOpensOn: !window.open && window.reason === "too_early" ? window.opensOn : null,
  };
}

// "Renovar certificado": starts the renewal and sends the team to the application's documents.
export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, user, actor } = await requireOperator(request, params.id, "update:operator");
  await readForm(request);
  await startOperatorRenewal(operator.id, user, actor);
  return redirect(`/operadora/${operator.id}/documentos?ok=renovacao`);
});

const OK: Record<string, string> = { enviado: "Requerimento enviado à prefeitura para análise." };

export default function OperatorOverview() {
  const d = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [params] = useSearchParams();
  const base = `/operadora/${d.frame.id}`;
  const expiring = d.certificate?.verdict === "VALID" && d.certificate.daysLeft <= REMINDER_OFFSETS[0];
  return (
    <OperatorFrame operator={d.frame} current="" title={d.frame.name}>
      <Flash ok={OK[params.get("ok") ?? ""]} error={refused?.error} />
      <div className="op-grade">
        <section className="cartao" aria-labelledby="credenciamento">
          <h2 id="credenciamento">Credenciamento</h2>
          {d.certificate ? (
            <>
              <p>
                <span className={`selo ${d.certificate.verdict === "VALID" ? "ok" : "falha"}`}>
                  {VERDICT_LABELS[d.certificate.verdict].label}
                </span>{" "}
                Certificado {d.certificate.serial}
              </p>
              <p className="dica">
                Válido de {formatDate(d.certificate.validFrom)} a {formatDate(d.certificate.validUntil)}.
              </p>
              {expiring ? (
                <div className="aviso atencao" role="status">
                  {d.certificate.daysLeft === 0
                    ? "O certificado vence hoje."
                    : `O certificado vence em ${formatDays(d.certificate.daysLeft)}.`}{" "}
                  Renove a tempo.
                </div>
              ) : null}
              <div className="acoes">
                <a className="botao" href={`${base}/certificado`} download>
                  Baixar certificado (PDF)
                </a>
                <Link className="botao secundario" to={`/v?codigo=${d.certificate.code}`}>
                  Verificar
                </Link>
                {d.certificate.renewable ? (
                  <Form method="post">
                    <CsrfInput />
                    <SubmitButton busyText="Abrindo a renovação…" className="botao secundario">
                      Renovar certificado
                    </SubmitButton>
                  </Form>
                ) : null}
              </div>
              {d.certificate.renewalOpensOn ? (
                <p className="dica">
                  A renovação abre em {formatDate(d.certificate.renewalOpensOn)}, {RENEWAL_WINDOW_DAYS} dias antes do
                  vencimento.
                </p>
              ) : null}
              {d.application?.renewal && d.application.open ? (
                <>
                  <p>
                    Renovação — requerimento {d.application.number}:{" "}
                    <strong>{APPLICATION_STATUS_LABELS[d.application.status]}</strong>.
                  </p>
                  <p>
                    <Link className="botao" to={`${base}/documentos`}>
                      {d.application.editable ? "Documentos e envio da renovação" : "Ver documentos da renovação"}
                    </Link>
                  </p>
                </>
              ) : null}
            </>
          ) : d.application ? (
            <>
              <p>
                Requerimento {d.application.number}: <strong>{APPLICATION_STATUS_LABELS[d.application.status]}</strong>.
              </p>
              <p>
                {d.application.editable
                  ? "Envie os documentos que a lei pede e mande o requerimento para análise."
                  : "A prefeitura analisa os documentos; você recebe um e-mail com a decisão."}
              </p>
              <p>
                <Link className="botao" to={`${base}/documentos`}>
                  {d.application.editable ? "Documentos e envio" : "Ver documentos"}
                </Link>
              </p>
            </>
          ) : null}
        </section>
        <section className="cartao" aria-labelledby="resumo">
          <h2 id="resumo">Condutores e frota</h2>
          <p>
            <Link to={`${base}/condutores`}>
              {d.drivers} {d.drivers === 1 ? "condutor vinculado" : "condutores vinculados"}
            </Link>
          </p>
          <p>
            <Link to={`${base}/frota`}>
              {d.vehicles} {d.vehicles === 1 ? "veículo na frota" : "veículos na frota"}
            </Link>
          </p>
        </section>
      </div>
      <section className="cartao" aria-labelledby="obrigacoes">
        <h2 id="obrigacoes">Obrigações com a prefeitura</h2>
        {d.due.length === 0 && d.openNotices.length === 0 ? (
          <p>Nada pendente{d.certificate ? "" : " — as obrigações começam com o credenciamento"}.</p>
        ) : null}
        <DueList items={d.due} reportsUrl={`${base}/relatorios`} />
        {d.openNotices.length ? (
          <ul className="op-lista">
            {d.openNotices.map((n) => (
              <li key={n.id}>
                <strong>{n.kindLabel}</strong>
                {n.driverName ? ` — ${n.driverName}` : ""}:{" "}
                {n.state === "OVERDUE" ? (
                  <span className="selo falha">Prazo vencido há {n.left}</span>
                ) : (
                  <span className="selo pendente">Faltam {n.left}</span>
                )}
                <span className="citacao">
                  {n.label} ({n.citation}) · <Link to={`${base}/comunicacoes`}>comunicar</Link>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </OperatorFrame>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.frame.name ?? "Empresa"} — Portal de Credenciamento` },
];

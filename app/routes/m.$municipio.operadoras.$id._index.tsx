import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { typedCodeFor } from "~/models/credentials/typed-code.server";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import { zReportRequest } from "~/forms/back-office";
import { constraintsOf } from "~/forms/constraints";
import { requireStaff } from "~/http/staff-guard.server";
import { operatorForStaff } from "~/models/operator-oversight.server";
import { operatorApplication, OPERATOR_STATUS_LABELS } from "~/models/operator.server";
import { operatorCertificate } from "~/models/operator-approval.server";
import { operatorSchedule } from "~/models/operator-report-schedule.server";
import { requestReport } from "~/models/operator-report.server";
import { filedReports } from "~/http/report-file.server";
import { listOperatorNotices } from "~/models/notice.server";
import { listDriverLinks } from "~/models/driver-standing.server";
import { endReasonText, LINK_STATUS_LABELS } from "~/domain/operators/driver-link";
import { reportDuties } from "~/models/operator-policy.server";
import { today } from "~/models/application.server";
import { countVehicles } from "~/models/fleet.server";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { VERDICT_LABELS } from "~/domain/credentials/labels";
import { formatCnpj, formatCpf } from "~/domain/br";
import { DueList } from "~/components/operator/due-list";
import { NoticeClock } from "~/components/operator/notice-clock";
import { FiledReports } from "~/components/operator/filed-reports";
import { Flash } from "~/components/operator/operator-frame";
import { CsrfInput } from "~/components/csrf-input";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import styles from "~/components/back-office/back-office.css";
import { formatCount, formatDate } from "~/domain/format";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { notFound } from "~/domain/refusal";

async function load(request: Request, slug: string | undefined, id: string | undefined) {
  const staff = await requireStaff(request, slug, "read:application");
  const operator = await operatorForStaff(staff.municipality.id, id);
  if (!operator) throw notFound("Operadora não encontrada.");
  return { ...staff, operator };
}

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality, operator } = await load(request, params.municipio, params.id);
  const [app, certificate, { pack, schedule }, history, notices, links, vehicles] = await Promise.all([
    operatorApplication(operator.id),
    operatorCertificate(operator.id),
    operatorSchedule(operator),
    filedReports(operator.id),
    listOperatorNotices(operator.id),
    listDriverLinks(operator.id),
    countVehicles(operator.id),
  ]);
  return {
    municipality: { slug: municipality.slug, name: municipality.name, timeZone: municipality.timeZone },
    operator: {
      id: operator.id,
      name: operator.tradeName ?? operator.legalName,
      legalName: operator.legalName,
      cnpj: formatCnpj(operator.cnpj),
      status: OPERATOR_STATUS_LABELS[operator.status] ?? operator.status,
      address: [
        [operator.street, operator.addressNumber].filter(Boolean).join(", "),
        operator.district,
        [operator.city, operator.uf].filter(Boolean).join("/"),
      ]
        .filter(Boolean)
        .join(" – "),
      rep: [operator.legalRepName, operator.legalRepCpf ? `CPF ${formatCpf(operator.legalRepCpf)}` : null]
        .filter(Boolean)
        .join(", "),
    },
    application: app
      ? {
          id: app.id,
          number: app.number,
          status: `${APPLICATION_STATUS_LABELS[app.status as ApplicationStatus] ?? app.status}${app.kind === "RENOVACAO" ? " (renovação)" : ""}`,
          draft: app.status === "DRAFT",
        }
      : null,
    certificate: certificate
      ? { serial: certificate.serial, code: typedCodeFor(certificate.serial), validUntil: certificate.validUntil }
      : null,
    due: schedule.filter((s) => s.state !== "FILED"),
    duties: reportDuties(pack).map((r) => ({ value: r.deadline.id, label: r.deadline.label })),
    history,
    notices,
    drivers: links
      .filter((l) => l.status === "ACTIVE" || l.status === "ENDED")
      .map((l) => ({
        id: l.id,
        name: l.person?.fullName ?? "—",
        status: LINK_STATUS_LABELS[l.status],
        endReason: endReasonText(l.endReason),
        credential: l.standing.credentials[0]
          ? `${l.standing.credentials[0].serial}: ${VERDICT_LABELS[l.standing.credentials[0].verdict].label}`
          : "—",
      })),
    vehicles,
    today: today(new Date(), municipality.timeZone),
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await load(request, params.municipio, params.id);
  const parsed = parseForm(zReportRequest, await readForm(request));
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  await requestReport(operator, parsed.data.duty, parsed.data.dueOn, parsed.data.note ?? null, actor);
  return redirect(`/m/${params.municipio}/operadoras/${operator.id}?ok=solicitado`);
});

const LIMITS = constraintsOf(zReportRequest);

export default function StaffOperator() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors: Record<string, string | undefined> = (result && "errors" in result && result.errors) || {};
  const base = `/m/${d.municipality.slug}/operadoras/${d.operator.id}`;
  return (
    <>
      <p className="bo-voltar">
        <Link to={`/m/${d.municipality.slug}/operadoras`}>← Operadoras</Link>
      </p>
      <h1>{d.operator.name}</h1>
      <p className="bo-sub">
        {d.operator.legalName} · CNPJ {d.operator.cnpj} · {d.operator.status}
      </p>
      <Flash
        ok={params.get("ok") === "solicitado" ? "Relatório solicitado à empresa." : null}
        error={result && "error" in result ? result.error : null}
        errors={errors}
      />
      <section className="cartao">
        <h2>Cadastro</h2>
        <dl className="bo-dados">
          <dt>Sede</dt>
          <dd>{d.operator.address || "—"}</dd>
          <dt>Representante</dt>
          <dd>{d.operator.rep || "—"}</dd>
          <dt>Requerimento</dt>
          <dd>
            {d.application ? (
              d.application.draft ? (
                `${d.application.number} — ${d.application.status}`
              ) : (
                <Link to={`/m/${d.municipality.slug}/requerimentos/${d.application.id}`}>
                  {d.application.number} — {d.application.status}
                </Link>
              )
            ) : (
              "—"
            )}
          </dd>
          <dt>Certificado</dt>
          <dd>
            {d.certificate ? (
              <>
                {d.certificate.serial}, válido até {formatDate(d.certificate.validUntil)} (
                <Link to={`/v?codigo=${d.certificate.code}`}>verificar</Link>)
              </>
            ) : (
              "—"
            )}
          </dd>
          <dt>Frota</dt>
          <dd>{formatCount(d.vehicles, "veículo", "veículos")}</dd>
        </dl>
      </section>
      <section className="cartao">
        <h2>Relatórios devidos</h2>
        {d.due.length ? <DueList items={d.due} /> : <p>Nenhum relatório pendente.</p>}
        {d.duties.length ? (
          <Form method="post" noValidate className="bo-filtros">
            <CsrfInput />
            <SelectField
              label="Solicitar relatório"
              name="duty"
              error={errors.duty}
              options={d.duties}
              constraint={LIMITS.duty}
            />
            <Field
              label="Prazo para entrega"
              name="dueOn"
              type="date"
              min={d.today}
              error={errors.dueOn}
              constraint={LIMITS.dueOn}
            />
            <Field label="Observação (opcional)" name="note" error={errors.note} constraint={LIMITS.note} />
            <div className="bo-acoes-filtro">
              <button type="submit" className="botao">
                Solicitar
              </button>
            </div>
          </Form>
        ) : null}
      </section>
      <section className="cartao">
        <h2>Relatórios entregues</h2>
        {d.history.length === 0 ? (
          <p>Nenhum.</p>
        ) : (
          <FiledReports
            reports={d.history}
            base={`${base}/relatorios`}
            timeZone={d.municipality.timeZone}
            className="bo-tabela"
          />
        )}
      </section>
      <section className="cartao">
        <h2>Comunicações</h2>
        {d.notices.length === 0 ? (
          <p>Nenhuma.</p>
        ) : (
          <ul style={{ listStyle: "none", padding: 0 }}>
            {d.notices.map((n) => (
              <li key={n.id} className="bo-documento">
                <h3>
                  {n.kindLabel}
                  {n.driverName ? ` — ${n.driverName}` : ""}
                </h3>
                <NoticeClock notice={n} />
                {n.description ? <p>{n.description}</p> : null}
                <p className="dica">
                  {n.label} ({n.citation})
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="cartao">
        <h2>Condutores</h2>
        {d.drivers.length === 0 ? (
          <p>Nenhum.</p>
        ) : (
          <div className="tabela-rolagem">
            <table className="tabela-responsiva bo-tabela">
              <thead>
                <tr>
                  <th scope="col">Condutor</th>
                  <th scope="col">Vínculo</th>
                  <th scope="col">Credencial</th>
                </tr>
              </thead>
              <tbody>
                {d.drivers.map((l) => (
                  <tr key={l.id}>
                    <td data-label="Condutor">{l.name}</td>
                    <td data-label="Vínculo">
                      {l.status}
                      {l.endReason ? ` — ${l.endReason}` : ""}
                    </td>
                    <td data-label="Credencial">{l.credential}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.operator.name ?? "Operadora"} — Portal de Credenciamento` },
];

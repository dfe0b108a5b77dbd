// The staff's view of an operator: registration, reports owed, drivers.
import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { type DueItem, DueList } from "~/components/operator/due-list";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { formatCount, formatDate } from "~/domain/format";
import { zReportRequest } from "~/forms/back-office";
import { constraintsOf } from "~/forms/constraints";

const LIMITS = constraintsOf(zReportRequest);

type RegistrationProps = {
  operator: { address: string; rep: string };
  application: { id: string; number: string; status: string; draft: boolean } | null;
  certificate: { serial: string; code: string; validUntil: string } | null;
  vehicles: number;
  slug: string;
};

export function OperatorRegistration({ operator, application, certificate, vehicles, slug }: RegistrationProps) {
  return (
    <section className="cartao">
      <h2>Cadastro</h2>
      <dl className="bo-dados">
        <dt>Sede</dt>
        <dd>{operator.address || "—"}</dd>
        <dt>Representante</dt>
        <dd>{operator.rep || "—"}</dd>
        <dt>Requerimento</dt>
        <dd>
          {application ? (
            application.draft ? (
              `${application.number} — ${application.status}`
            ) : (
              <Link to={`/m/${slug}/requerimentos/${application.id}`}>
                {application.number} — {application.status}
              </Link>
            )
          ) : (
            "—"
          )}
        </dd>
        <dt>Certificado</dt>
        <dd>
          {certificate ? (
            <>
              {certificate.serial}, válido até {formatDate(certificate.validUntil)} (
              <Link to={`/v?codigo=${certificate.code}`}>verificar</Link>)
            </>
          ) : (
            "—"
          )}
        </dd>
        <dt>Frota</dt>
        <dd>{formatCount(vehicles, "veículo", "veículos")}</dd>
      </dl>
    </section>
  );
}

type DueProps = {
  due: DueItem[];
  duties: { value: string; label: string }[];
  errors: Record<string, string | undefined>;
  /** The municipality's today: the earliest due date. */
  today: string;
};

export function ReportsDue({ due, duties, errors, today }: DueProps) {
  return (
    <section className="cartao">
      <h2>Relatórios devidos</h2>
      {due.length ? <DueList items={due} /> : <p>Nenhum relatório pendente.</p>}
      {duties.length ? (
        <Form method="post" noValidate className="bo-filtros">
          <CsrfInput />
          <SelectField
            label="Solicitar relatório"
            name="duty"
            error={errors.duty}
            options={duties}
            constraint={LIMITS.duty}
          />
          <Field
            label="Prazo para entrega"
            name="dueOn"
            type="date"
            min={today}
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
  );
}

type Driver = { id: string; name: string; status: string; endReason: string | null; credential: string };

export function OperatorDrivers({ drivers }: { drivers: Driver[] }) {
  return (
    <section className="cartao">
      <h2>Condutores</h2>
      {drivers.length === 0 ? (
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
              {drivers.map((l) => (
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
  );
}

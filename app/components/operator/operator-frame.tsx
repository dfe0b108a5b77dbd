import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary } from "~/components/ui/error-summary";
import type { FormErrors } from "~/utils/forms";

export type FrameOperator = {
  id: string;
  name: string;
  cnpj: string;
  statusLabel: string;
  active: boolean;
  municipality: string;
  /** The municipality's IANA zone: the operator's instants are shown on its clock. */
  timeZone: string;
};

const TABS = [
  { key: "", label: "Visão geral" },
  { key: "documentos", label: "Documentos" },
  { key: "condutores", label: "Condutores" },
  { key: "frota", label: "Frota" },
  { key: "relatorios", label: "Relatórios" },
  { key: "comunicacoes", label: "Comunicações" },
  { key: "equipe", label: "Equipe" },
  { key: "api", label: "API" },
  { key: "dados", label: "Dados da empresa" },
] as const;
type OperatorTab = (typeof TABS)[number]["key"];

/** The company's name and standing, its sections as tabs, and the page. */
export function OperatorFrame({
  operator,
  current,
  title,
  children,
}: {
  operator: FrameOperator;
  current: OperatorTab;
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <div className="op-cabecalho">
        <div>
          <p className="dica">
            <Link to="/operadora">Minhas empresas</Link> · {operator.municipality}
          </p>
          <h1>{title}</h1>
          <p className="op-sub">
            {operator.name} · CNPJ {operator.cnpj} ·{" "}
            <span className={`selo ${operator.active ? "ok" : "pendente"}`}>{operator.statusLabel}</span>
          </p>
        </div>
      </div>
      <nav aria-label="Seções da empresa" className="op-abas">
        <ul>
          {TABS.map((t) => (
            <li key={t.key}>
              <Link
                to={`/operadora/${operator.id}${t.key ? `/${t.key}` : ""}`}
                aria-current={t.key === current ? "page" : undefined}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </>
  );
}

/** The `?ok=` / `?erro=` message a redirect after an action carries, and a refusal the action returned. */
export function Flash({ ok, error, errors }: { ok?: string | null; error?: string | null; errors?: FormErrors }) {
  return (
    <>
      {ok ? (
        <div className="aviso sucesso" role="status">
          {ok}
        </div>
      ) : null}
      <ErrorSummary error={error} errors={errors} />
    </>
  );
}

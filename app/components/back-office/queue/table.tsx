// The queue's table: one application a row, with who has it and the button to take it or give it back.
import { Form, Link } from "@remix-run/react";
import { Cpf } from "~/components/back-office/cpf";
import { APPLICATION_STATUS_TONE, MODE_LABELS, waitingLabel } from "~/components/back-office/labels";
import { CsrfInput } from "~/components/csrf-input";
import type { ApplicationStatus } from "~/domain/applications/status";
import { APPLICATION_STATUS_LABELS } from "~/domain/applications/status";
import type { CpfView } from "~/domain/auth/cpf-standing";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";

type Row = {
  id: string;
  number: string;
  status: ApplicationStatus;
  category: string;
  mode: string;
  kind: string;
  name: string;
  cpf: CpfView | null;
  plate: string | null;
  submittedAt: string | null;
  waitingDays: number | null;
  assignedToId: string | null;
  assignedToName: string | null;
  /** The viewer's own application (ADR 051): nothing to take. */
  own: boolean;
  notice: string | null;
};

type Props = { rows: Row[]; me: string; slug: string; order: "oldest" | "newest" };

export function QueueTable({ rows, me, slug, order }: Props) {
  return (
    <div className="tabela-rolagem">
      <table className="tabela-responsiva bo-tabela">
        <caption className="visualmente-oculto">
          Requerimentos da fila, {order === "newest" ? "mais recentes" : "mais antigos"} primeiro
        </caption>
        <thead>
          <tr>
            <th scope="col">Requerimento</th>
            <th scope="col">Condutor</th>
            <th scope="col">Categoria</th>
            <th scope="col">Placa</th>
            <th scope="col">Situação</th>
            <th scope="col" className="num">
              Na fila há
            </th>
            <th scope="col">Com</th>
            <th scope="col">
              <span className="visualmente-oculto">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className={r.assignedToId === me ? "bo-linha-minha" : undefined}>
              <td data-label="Requerimento" className="nowrap">
                <Link to={`/m/${slug}/requerimentos/${r.id}`}>
                  <strong>{r.number}</strong>
                </Link>
                {r.kind === "RENEWAL" ? <p className="dica">Renovação</p> : null}
              </td>
              <td data-label="Condutor">
                {r.name}
                <p className="dica">CPF {r.cpf ? <Cpf view={r.cpf} /> : "—"}</p>
              </td>
              <td data-label="Categoria">
                {CATEGORY_LABELS[r.category] ?? r.category}
                <p className="dica">{MODE_LABELS[r.mode] ?? r.mode}</p>
              </td>
              <td data-label="Placa">{r.plate ?? "—"}</td>
              <td data-label="Situação">
                <span className={`selo ${APPLICATION_STATUS_TONE[r.status]}`}>
                  {APPLICATION_STATUS_LABELS[r.status]}
                </span>
              </td>
              <td data-label="Na fila há" className="num">
                {r.submittedAt ? <time dateTime={r.submittedAt}>{waitingLabel(r.waitingDays)}</time> : "—"}
              </td>
              <td data-label="Com">
                {r.assignedToId === me ? (
                  <strong>Você</strong>
                ) : (
                  (r.assignedToName ?? <span className="dica">ninguém</span>)
                )}
              </td>
              <td data-label="Ações">
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="applicationId" value={r.id} />
                  {r.assignedToId === me ? (
                    <button
                      type="submit"
                      name="intent"
                      value="release"
                      className="link-botao"
                      aria-label={`Devolver ${r.number} à fila`}
                    >
                      Devolver
                    </button>
                  ) : r.own ? null : r.assignedToId ? null : (
                    <button
                      type="submit"
                      name="intent"
                      value="assign"
                      className="botao pequeno secundario nowrap"
                      aria-label={`Atribuir ${r.number} a mim`}
                    >
                      Atribuir a mim
                    </button>
                  )}
                </Form>
                {r.notice ? <p className="dica">{r.notice}</p> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// /admin/tarefas: the background jobs and their failures (instants in Brasília time). Tables are
// `tabela-responsiva`: on a phone each row is a card whose cells carry their column's name.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { formatInstant } from "~/domain/format";
import type { JobFailureView, JobKindView, MailFailureView, ReissueView } from "~/models/background-jobs.server";

// The rows are the model's own types (a type import: no server code reaches the browser).
type JobKindRow = JobKindView;
type JobFailureRow = Pick<JobFailureView, "id" | "label" | "attempt" | "final" | "error" | "failedAt" | "retriedAt">;
type MailFailureRow = MailFailureView;

const ZONE = "America/Sao_Paulo";
const when = (iso: string | null) => (iso ? formatInstant(iso, ZONE) : "—");

function every(ms: number | null): string {
  if (ms === null) return "quando pedida";
  if (ms < 60_000) return `a cada ${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `a cada ${Math.round(ms / 60_000)} min`;
  const hours = Math.round(ms / 3_600_000);
  return hours === 1 ? "a cada hora" : `a cada ${hours} h`;
}

const servers = (k: JobKindRow) => [...new Set(k.running.map((r) => r.server))].join(", ");

function lastResult(k: JobKindRow) {
  if (k.running.length > 0)
    return (
      <>
        <span className="selo pendente">Rodando</span> desde {when(k.running[0].since)} ({servers(k)})
      </>
    );
  if (k.lastStartedAt === null) return <span className="selo pendente">Ainda não rodou</span>;
  if (k.lastOk === null) return <span className="selo pendente">Rodando</span>;
  return k.lastOk ? <span className="selo ok">Concluída</span> : <span className="selo falha">Falhou</span>;
}

export function JobKindsTable({ kinds }: { kinds: JobKindRow[] }) {
  return (
    <div className="tabela-rolagem">
      <table className="tabela-responsiva">
        <caption className="visualmente-oculto">Tarefas em segundo plano: última e próxima execução</caption>
        <thead>
          <tr>
            <th scope="col">Tarefa</th>
            <th scope="col">Frequência</th>
            <th scope="col">Última execução</th>
            <th scope="col">Resultado</th>
            <th scope="col">Próxima execução</th>
            <th scope="col">Execuções / falhas</th>
          </tr>
        </thead>
        <tbody>
          {kinds.map((k) => (
            <tr key={k.name} data-tarefa={k.name}>
              <td data-label="Tarefa">{k.label}</td>
              <td data-label="Frequência">{every(k.everyMs)}</td>
              <td data-label="Última execução">{when(k.lastStartedAt)}</td>
              <td data-label="Resultado">{lastResult(k)}</td>
              <td data-label="Próxima execução">{k.everyMs === null ? "quando pedida" : when(k.nextRunAt)}</td>
              <td data-label="Execuções / falhas">
                {k.runs} / {k.failures}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function JobFailuresTable({ failures }: { failures: JobFailureRow[] }) {
  if (failures.length === 0) return <p>Nenhuma falha registrada.</p>;
  return (
    <div className="tabela-rolagem">
      <table className="tabela-responsiva">
        <caption className="visualmente-oculto">Falhas das tarefas, da mais recente à mais antiga</caption>
        <thead>
          <tr>
            <th scope="col">Quando</th>
            <th scope="col">Tarefa</th>
            <th scope="col">Tentativa</th>
            <th scope="col">Erro</th>
            <th scope="col">Ação</th>
          </tr>
        </thead>
        <tbody>
          {failures.map((f) => (
            <tr key={f.id}>
              <td data-label="Quando">{when(f.failedAt)}</td>
              <td data-label="Tarefa">{f.label}</td>
              <td data-label="Tentativa">
                {f.attempt}
                {f.final ? " (última)" : " (será tentada de novo)"}
              </td>
              <td data-label="Erro">
                <code>{f.error}</code>
              </td>
              <td data-label="Ação">
                {f.retriedAt ? (
                  `Reenviada em ${when(f.retriedAt)}`
                ) : f.final ? (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="retry" />
                    <input type="hidden" name="failureId" value={f.id} />
                    <button type="submit" className="botao secundario">
                      Executar de novo
                      <span className="visualmente-oculto">
                        : {f.label}, {when(f.failedAt)}
                      </span>
                    </button>
                  </Form>
                ) : (
                  "—"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MailFailuresTable({ messages }: { messages: MailFailureRow[] }) {
  if (messages.length === 0) return <p>Nenhum e-mail com falha de envio.</p>;
  return (
    <div className="tabela-rolagem">
      <table className="tabela-responsiva">
        <caption className="visualmente-oculto">E-mails que o servidor de e-mail recusou ou não recebeu</caption>
        <thead>
          <tr>
            <th scope="col">Para</th>
            <th scope="col">Tentativas</th>
            <th scope="col">Erro</th>
            <th scope="col">Situação</th>
          </tr>
        </thead>
        <tbody>
          {messages.map((m) => (
            <tr key={m.id}>
              <td data-label="Para">{m.to}</td>
              <td data-label="Tentativas">{m.attempts}</td>
              <td data-label="Erro">
                <code>{m.error}</code>
              </td>
              <td data-label="Situação">
                {m.status === "PENDING" ? (
                  `Nova tentativa em ${when(m.nextAttemptAt)}`
                ) : (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="retry-mail" />
                    <input type="hidden" name="messageId" value={m.id} />
                    <span className="selo falha">Desistiu</span>{" "}
                    <button type="submit" className="botao secundario">
                      Tentar de novo<span className="visualmente-oculto">: e-mail para {m.to}</span>
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Credentials in force still on a revoked key (NÃO RECONHECIDO until re-signed), and the job's progress. */
export function ReissueStatus({ reissue, kind }: { reissue: ReissueView; kind: JobKindRow | undefined }) {
  if (reissue.awaiting === 0) return <p>Nenhuma credencial em vigor está assinada por uma chave revogada.</p>;
  const one = reissue.awaiting === 1;
  const running = kind !== undefined && kind.running.length > 0;
  const waiting = one
    ? "1 credencial em vigor ainda está assinada por uma chave revogada e aparece como NÃO RECONHECIDA na verificação até ser reemitida."
    : `${reissue.awaiting} credenciais em vigor ainda estão assinadas por uma chave revogada e aparecem como NÃO RECONHECIDAS na verificação até serem reemitidas.`;
  const state = running
    ? `A reemissão está rodando desde ${when(kind.running[0].since)} (${servers(kind)}).`
    : kind?.lastOk === false
      ? "A última reemissão não terminou (veja as falhas abaixo); ela roda de novo a cada partida do servidor e de hora em hora."
      : "A reemissão roda ao revogar a chave, a cada partida do servidor e de hora em hora; uma execução interrompida é retomada em seguida.";
  return (
    <>
      <div className="aviso atencao" role="status">
        {waiting} {state}
      </div>
      <table className="tabela-responsiva">
        <caption className="visualmente-oculto">Credenciais em chave revogada, por município</caption>
        <thead>
          <tr>
            <th scope="col">Município</th>
            <th scope="col">Credenciais a reemitir</th>
          </tr>
        </thead>
        <tbody>
          {reissue.byMunicipality.map((m) => (
            <tr key={m.municipality}>
              <td data-label="Município">{m.municipality}</td>
              <td data-label="Credenciais a reemitir">{m.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

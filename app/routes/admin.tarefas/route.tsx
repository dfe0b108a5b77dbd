import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { JobFailuresTable, JobKindsTable, MailFailuresTable, ReissueStatus } from "~/components/admin/jobs-overview";
import type { PageHandle } from "~/components/page-title";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function BackgroundJobs() {
  const { engine, kinds, failures, mail, reissue } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const error = result && "error" in result ? result.error : null;
  return (
    <>
      <h1>Tarefas em segundo plano</h1>
      <p>
        Cada tarefa roda uma vez por período, em um só servidor, com novas tentativas automáticas quando falha
        {engine === "pg-boss" ? " (fila no PostgreSQL)" : " (fila local, SQLite)"}. Horários de Brasília. Erros são
        mostrados sem endereços de e-mail nem CPFs. Uma tarefa interrompida pela queda do servidor que a executava é
        retomada em seguida, sem esperar o prazo de posse.
      </p>
      {params.get("ok") === "reenviada" ? (
        <div className="aviso sucesso" role="status">
          Tarefa enviada para nova execução. O resultado aparece aqui quando ela terminar.
        </div>
      ) : null}
      {params.get("ok") === "email" ? (
        <div className="aviso sucesso" role="status">
          E-mail devolvido à fila: ele será tentado de novo em segundos.
        </div>
      ) : null}
      {error ? (
        <div className="aviso erro" role="alert">
          {error}
        </div>
      ) : null}
      <section aria-labelledby="tarefas-tipos">
        <h2 id="tarefas-tipos">Tarefas</h2>
        <JobKindsTable kinds={kinds} />
      </section>
      <section aria-labelledby="tarefas-reemissao">
        <h2 id="tarefas-reemissao">Credenciais em chave revogada</h2>
        <ReissueStatus reissue={reissue} kind={kinds.find((k) => k.name === "reissue")} />
      </section>
      <section aria-labelledby="tarefas-falhas">
        <h2 id="tarefas-falhas">Falhas recentes</h2>
        <JobFailuresTable failures={failures} />
      </section>
      <section aria-labelledby="tarefas-emails">
        <h2 id="tarefas-emails">E-mails não entregues</h2>
        <MailFailuresTable messages={mail} />
      </section>
    </>
  );
}

export const handle: PageHandle = { title: "Tarefas em segundo plano" };

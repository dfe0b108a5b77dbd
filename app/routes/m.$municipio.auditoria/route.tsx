import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/page-title";
import { formatInstant } from "~/domain/format";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function AuditTrail() {
  const { municipality, events } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Auditoria — {municipality.name}</h1>
      <p>
        Os 100 eventos mais recentes. Cada evento guarda o resumo do hash do anterior: qualquer alteração é detectada
        pela verificação da cadeia.
      </p>
      <div className="tabela-rolagem">
        <table className="tabela-responsiva">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Quando</th>
              <th scope="col">Quem</th>
              <th scope="col">Ação</th>
              <th scope="col">Objeto</th>
              <th scope="col">Hash</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.seq}>
                <td data-label="#">{e.seq}</td>
                <td data-label="Quando">
                  <time dateTime={e.at}>{formatInstant(e.at, municipality.timeZone)}</time>
                </td>
                <td data-label="Quem">
                  {e.actor}
                  {e.role ? ` (${e.role})` : ""}
                </td>
                <td data-label="Ação">
                  <code>{e.action}</code>
                </td>
                <td data-label="Objeto">{e.subject}</td>
                <td data-label="Hash">
                  <code>{e.hash}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export const handle: PageHandle = { title: "Auditoria" };

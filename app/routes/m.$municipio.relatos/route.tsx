import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/page-title";
import { formatInstant } from "~/domain/format";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function PassengerReports() {
  const { municipality, reports } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>
        Relatos de passageiros — {municipality.name} ({municipality.uf})
      </h1>
      <p className="dica">
        Relatos enviados pela página pública de verificação. O contato, quando deixado, serve só para apurar o relato.
      </p>
      {reports.length === 0 ? (
        <p className="cartao">Nenhum relato recebido.</p>
      ) : (
        <div className="tabela-rolagem">
          <table className="tabela-responsiva">
            <caption className="visualmente-oculto">Relatos recebidos, do mais recente ao mais antigo</caption>
            <thead>
              <tr>
                <th scope="col">Recebido em</th>
                <th scope="col">O que aconteceu</th>
                <th scope="col">Credencial</th>
                <th scope="col">Relato</th>
                <th scope="col">Contato</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((r) => (
                <tr key={r.id}>
                  <td data-label="Recebido em">{formatInstant(r.createdAt, municipality.timeZone)}</td>
                  <td data-label="O que aconteceu">{r.kind}</td>
                  <td data-label="Credencial">
                    {r.credential ? (
                      <>
                        <strong>{r.credential.serial}</strong>
                        <br />
                        {r.credential.holder} · {r.credential.category}
                        {r.credential.plate ? ` · ${r.credential.plate}` : ""}
                        <br />
                        <span className={`selo ${r.credential.status === "Ativa" ? "ok" : "falha"}`}>
                          {r.credential.status}
                        </span>
                      </>
                    ) : (
                      (r.serial ?? "—")
                    )}
                  </td>
                  <td data-label="Relato">{r.message || <span className="dica">(sem texto)</span>}</td>
                  <td data-label="Contato">{r.contact ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

export const handle: PageHandle = { title: "Relatos de passageiros" };

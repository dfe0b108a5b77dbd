import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/http/permissions.server";
import { requireMunicipality } from "~/models/municipality.server";
import { listPassengerReports, REPORT_KIND_LABELS, type ReportKind } from "~/models/passenger-report.server";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { CREDENTIAL_STATUS_LABELS } from "~/domain/credentials/labels";
import { formatInstant } from "~/domain/format";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const municipality = await requireMunicipality(params.municipio);
  await requirePermission(request, "read:passenger-report", { municipalityId: municipality.id });
  const reports = await listPassengerReports(municipality.id);
  return {
    municipality: { name: municipality.name, uf: municipality.uf, timeZone: municipality.timeZone },
    reports: reports.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      kind: REPORT_KIND_LABELS[r.kind as ReportKind] ?? r.kind,
      message: r.message,
      contact: r.contact,
      status: r.status,
      serial: r.serial,
      credential: r.credential
        ? {
            serial: r.credential.serial,
            holder: r.credential.holderDisplayName,
            plate: r.credential.plate,
            category: CATEGORY_LABELS[r.credential.category] ?? r.credential.category,
            status: CREDENTIAL_STATUS_LABELS[r.credential.status] ?? r.credential.status,
          }
        : null,
    })),
  };
});

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

export const meta: MetaFunction = () => [{ title: "Relatos de passageiros — Portal de Credenciamento" }];

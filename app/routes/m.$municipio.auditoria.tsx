import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requirePermission } from "~/http/permissions.server";
import { requireMunicipality } from "~/models/municipality.server";
import { listAuditEvents } from "~/models/audit-log.server";
import { formatInstant } from "~/domain/format";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const municipality = await requireMunicipality(params.municipio);
  await requirePermission(request, "read:audit", { municipalityId: municipality.id });
  const events = await listAuditEvents({ municipalityId: municipality.id });
  return {
    municipality: { name: municipality.name, timeZone: municipality.timeZone },
    events: events.map((e) => ({
      seq: e.seq,
      at: e.at.toISOString(),
      actor: e.actorName,
      role: e.actorRole,
      action: e.action,
      subject: `${e.subjectType} ${e.subjectId.slice(-8)}`,
      hash: e.hash.slice(0, 12),
    })),
  };
});

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

export const meta: MetaFunction = () => [{ title: "Auditoria — Portal de Credenciamento" }];

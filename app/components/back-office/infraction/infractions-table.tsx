// The municipality's autos de infração, one a row.
import { Link } from "@remix-run/react";
import { formatInstant } from "~/domain/format";
import { INFRACTION_STATUS_LABELS, INFRACTION_STATUS_TONES } from "~/domain/infractions/labels";

type Row = {
  id: string;
  number: string;
  occurredAt: string;
  status: string;
  description: string;
  citation: string;
  classLabel: string;
  escalatedTo: string | null;
  credential: { id: string; serial: string; holder: string } | null;
  decision: string | null;
  deadline: { label: string; late: boolean } | null;
};

/** `base`: the list's URL, /m/<slug>/autos; each auto is below it. */
export function InfractionsTable({ rows, base, timeZone }: { rows: Row[]; base: string; timeZone: string }) {
  return (
    <div className="tabela-rolagem">
      <table className="tabela-responsiva bo-tabela">
        <caption className="visualmente-oculto">Autos de infração, dos mais recentes aos mais antigos</caption>
        <thead>
          <tr>
            <th scope="col">Auto</th>
            <th scope="col">Credencial</th>
            <th scope="col">Infração</th>
            <th scope="col">Classe</th>
            <th scope="col">Situação</th>
            <th scope="col">Prazo</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((i) => (
            <tr key={i.id}>
              <td data-label="Auto">
                <Link to={`${base}/${i.id}`}>
                  <strong>{i.number}</strong>
                </Link>
                <p className="dica">{formatInstant(i.occurredAt, timeZone)}</p>
              </td>
              <td data-label="Credencial">
                {i.credential ? (
                  <>
                    {i.credential.serial}
                    <p className="dica">{i.credential.holder}</p>
                  </>
                ) : (
                  "—"
                )}
              </td>
              <td data-label="Infração">
                {i.description}
                <p className="dica">{i.citation}</p>
              </td>
              <td data-label="Classe">
                {i.classLabel}
                {i.escalatedTo ? (
                  <p className="dica">
                    <strong>Reincidência:</strong> como {i.escalatedTo}
                  </p>
                ) : null}
              </td>
              <td data-label="Situação">
                <span className={`selo ${INFRACTION_STATUS_TONES[i.status] ?? "pendente"}`}>
                  {INFRACTION_STATUS_LABELS[i.status] ?? i.status}
                </span>
                {i.decision ? <p className="dica">{i.decision}</p> : null}
              </td>
              <td data-label="Prazo">
                {i.deadline ? i.deadline.late ? <strong>{i.deadline.label}</strong> : i.deadline.label : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

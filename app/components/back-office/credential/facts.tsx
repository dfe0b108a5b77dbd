// What a credential is: holder, vehicle, validity, why its status, its key, its siblings.
import { Link } from "@remix-run/react";
import { Cpf } from "~/components/back-office/cpf";
import { FactList } from "~/components/fact-list";
import type { CpfView } from "~/domain/auth/cpf-standing";
import { reasonText, validityText } from "~/domain/credentials/facts";
import { CREDENTIAL_STATUS_LABELS } from "~/domain/credentials/labels";
import { formatInstant } from "~/domain/format";

type Props = {
  c: {
    id: string;
    serial: string;
    holder: string;
    holderDoc: string | null;
    cpf: CpfView | null;
    category: string;
    plate: string | null;
    vehicle: string | null;
    operatorName: string | null;
    validFrom: string;
    validUntil: string;
    issuedAt: string;
    statusReason: string | null;
    statusCitation: string | null;
    supersededBy: { id: string; serial: string } | null;
    kid: string;
    application: { id: string; number: string } | null;
    siblings: { id: string; type: string; serial: string; status: string }[];
  };
  /** The staff URL prefix, /m/<slug>. */
  base: string;
  can: { application: boolean; infractions: boolean };
  timeZone: string;
};

export function CredentialFacts({ c, base, can, timeZone }: Props) {
  return (
    <section className="cartao" aria-labelledby="dados-credencial">
      <h2 id="dados-credencial">Dados</h2>
      <FactList
        className="bo-dados"
        facts={[
          {
            term: "Titular",
            detail: (
              <>
                {c.holderDoc ? `${c.holder} — ${c.holderDoc}` : c.holder}
                {c.cpf ? (
                  <>
                    {" — CPF "}
                    <Cpf view={c.cpf} timeZone={timeZone} />
                  </>
                ) : null}
              </>
            ),
          },
          { term: "Categoria", detail: c.category },
          { term: "Placa", detail: `${c.plate ?? "—"}${c.vehicle ? ` — ${c.vehicle}` : ""}` },
          c.operatorName ? { term: "Operadora", detail: c.operatorName } : null,
          { term: "Validade", detail: validityText(c.validFrom, c.validUntil) },
          { term: "Emitida em", detail: formatInstant(c.issuedAt, timeZone) },
          c.statusReason ? { term: "Motivo da situação", detail: reasonText(c.statusReason, c.statusCitation) } : null,
          c.supersededBy
            ? {
                term: "Substituída por",
                detail: <Link to={`${base}/credenciais/${c.supersededBy.id}`}>{c.supersededBy.serial}</Link>,
              }
            : null,
          { term: "Chave de assinatura", detail: <code className="kid">{c.kid}</code> },
        ]}
      />
      <p className="bo-botoes">
        <a className="botao pequeno secundario" href={`${base}/credenciais/${c.id}/pdf`}>
          Abrir o PDF<span className="visualmente-oculto"> de {c.serial}</span>
        </a>
        {c.application && can.application ? (
          <Link to={`${base}/requerimentos/${c.application.id}`}>Requerimento {c.application.number}</Link>
        ) : null}
        {can.infractions ? <Link to={`${base}/autos?q=${encodeURIComponent(c.serial)}`}>Autos de infração</Link> : null}
      </p>
      {c.siblings.length ? (
        <>
          <h3>Emitidas com ela</h3>
          <ul>
            {c.siblings.map((s) => (
              <li key={s.id}>
                <Link to={`${base}/credenciais/${s.id}`}>
                  {s.type} {s.serial}
                </Link>{" "}
                — {CREDENTIAL_STATUS_LABELS[s.status] ?? s.status}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

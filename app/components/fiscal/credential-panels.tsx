// The fiscal view of one credential (/fiscal/credencial/<serial>), panel by panel.
import { Link } from "@remix-run/react";
import { FactList } from "~/components/fact-list";
import { credentialFacts, statusText } from "~/domain/credentials/facts";
import { formatDate, formatInstant } from "~/domain/format";
import type { VerdictBody } from "~/models/verification.server";

type Credential = NonNullable<VerdictBody["credential"]>;

/** What only a fiscal of the credential's municipality sees, as the loader sends it. */
type FiscalDetail = {
  statusLabel: string;
  statusReason: string | null;
  statusCitation: string | null;
  suspendedUntil: string | null;
  vehicle: {
    plate: string;
    make: string | null;
    model: string | null;
    colour: string | null;
    controlNumber: string | null;
  } | null;
  operator: { name: string; cnpj: string | null } | null;
  history: {
    id: string;
    at: string;
    from: string;
    to: string;
    until: string | null;
    reason: string | null;
    citation: string | null;
  }[];
  infractions: {
    id: string;
    number: string;
    code: string;
    citation: string;
    occurredAt: string;
    place: string | null;
  }[];
};

export function NotRecognised({ scanned, serial }: { scanned: boolean; serial: string }) {
  return (
    <section className="cartao">
      <p>
        {scanned
          ? "O QR code lido ou o código digitado não é autêntico ou não corresponde a esta credencial."
          : "Este código não corresponde a uma credencial em vigor."}
      </p>
      {scanned ? (
        <p>
          <Link to={`/fiscal/credencial/${serial}`}>Consultar o cadastro pelo código {serial}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** The holder (photo only when reached with the badge in hand: its signed QR or whole code) and the credential's situation. */
export function HolderPanel({ c, d, scanned }: { c: Credential; d: FiscalDetail | null; scanned: boolean }) {
  return (
    <section className="cartao" aria-labelledby="titular">
      <h2 id="titular">Titular</h2>
      {c.photoUrl ? (
        <img className="foto-fiscal" src={c.photoUrl} alt={`Foto de ${c.holderName}`} width={150} height={200} />
      ) : null}
      <FactList
        className="dados"
        facts={[
          ...credentialFacts(c, ["holder", "registration", "category", "document", "municipality", "validity"]),
          d && {
            term: "Situação",
            detail:
              statusText(d.statusLabel, d.suspendedUntil) +
              (d.statusReason ? ` — ${d.statusReason}` : "") +
              (d.statusCitation ? ` (${d.statusCitation})` : ""),
          },
        ]}
      />
      {!c.photoUrl ? (
        <p className="dica">
          {scanned
            ? "Sem foto aceita no cadastro."
            : "Consulta pelo número: a foto aparece lendo o QR code ou digitando o código inteiro impresso na credencial."}
        </p>
      ) : null}
    </section>
  );
}

export function VehicleAndOperator({ c, d }: { c: Credential; d: FiscalDetail | null }) {
  return (
    <div className="grade">
      <section className="cartao" aria-labelledby="veiculo">
        <h2 id="veiculo">Veículo</h2>
        {d?.vehicle ? (
          <FactList
            className="dados"
            facts={[
              { term: "Placa", detail: d.vehicle.plate },
              {
                term: "Marca/modelo",
                detail: [d.vehicle.make, d.vehicle.model].filter(Boolean).join(" ") || "—",
              },
              { term: "Cor", detail: d.vehicle.colour ?? "—" },
              d.vehicle.controlNumber ? { term: "Nº de controle", detail: d.vehicle.controlNumber } : null,
            ]}
          />
        ) : (
          <p>{c.plate ? `Placa ${c.plate} (sem cadastro de veículo vinculado).` : "Nenhum veículo vinculado."}</p>
        )}
      </section>
      <section className="cartao" aria-labelledby="operadora">
        <h2 id="operadora">Operadora</h2>
        {d?.operator ? (
          <FactList
            className="dados"
            facts={[
              { term: "Nome", detail: d.operator.name },
              d.operator.cnpj ? { term: "CNPJ", detail: d.operator.cnpj } : null,
            ]}
          />
        ) : (
          <p>Autônomo: sem operadora vinculada.</p>
        )}
      </section>
    </div>
  );
}

export function OpenAutos(props: {
  infractions: FiscalDetail["infractions"];
  names: ReadonlyMap<string, string>;
  timeZone: string;
}) {
  const { infractions, names } = props;
  return (
    <section className="cartao" aria-labelledby="autos-abertos">
      <h2 id="autos-abertos">Autos de infração em aberto</h2>
      {infractions.length ? (
        <ul className="lista-simples">
          {infractions.map((i) => (
            <li key={i.id}>
              <strong>{i.number}</strong> · {formatInstant(i.occurredAt, props.timeZone)} ·{" "}
              {names.get(i.code) ?? `${i.citation} — ${i.code}`}
              {i.place ? (
                <>
                  <br />
                  <span className="dica">{i.place}</span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>Nenhum auto em aberto.</p>
      )}
    </section>
  );
}

export function StatusHistory({ history, timeZone }: { history: FiscalDetail["history"]; timeZone: string }) {
  return (
    <section className="cartao" aria-labelledby="historico">
      <h2 id="historico">Histórico da situação</h2>
      {history.length ? (
        <ul className="lista-simples">
          {history.map((h) => (
            <li key={h.id}>
              {formatInstant(h.at, timeZone)}: {h.from} → <strong>{h.to}</strong>
              {h.until ? ` até ${formatDate(h.until)}` : ""}
              {h.reason ? (
                <>
                  <br />
                  <span className="dica">
                    {h.reason}
                    {h.citation ? ` (${h.citation})` : ""}
                  </span>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>Sem mudanças de situação desde a emissão.</p>
      )}
    </section>
  );
}

/** After the form without JavaScript: a photo for the auto just written. */
export function InfractionPhotoForm(props: { infractionNumber: string; csrf: string; photoRef: string }) {
  const { infractionNumber, csrf } = props;
  return (
    <section className="cartao" aria-labelledby="foto-auto">
      <h2 id="foto-auto">Anexar foto ao auto nº {infractionNumber}</h2>
      <form method="post" action={`/fiscal/autos/${infractionNumber}/fotos`} encType="multipart/form-data">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="photoRef" value={props.photoRef} />
        <div className="campo">
          <label htmlFor="foto-avulsa">Foto (JPEG ou PNG)</label>
          <input
            id="foto-avulsa"
            name="foto"
            type="file"
            accept="image/jpeg,image/png"
            capture="environment"
            required
          />
        </div>
        <button type="submit" className="botao secundario">
          Enviar foto
        </button>
      </form>
    </section>
  );
}

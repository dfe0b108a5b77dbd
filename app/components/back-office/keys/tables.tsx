// The municipality's signing keys, and who created, rotated, retired or revoked which.
import { formatDate, formatInstant } from "~/domain/format";

const STATUS: Record<string, { label: string; tone: string }> = {
  ACTIVE: { label: "Ativa (assina)", tone: "ok" },
  RETIRED: { label: "Substituída (só verifica)", tone: "pendente" },
  REVOKED: { label: "Revogada", tone: "falha" },
};

type Key = {
  kid: string;
  status: string;
  createdAt: string;
  retiredAt: string | null;
  revokedAt: string | null;
  revokedReason: string | null;
  lastExpiry: string | null;
  inForce: number;
};

export function KeyTable({ keys, timeZone }: { keys: Key[]; timeZone: string }) {
  return (
    <div className="tabela-rolagem">
      <table className="tabela-responsiva bo-tabela">
        <caption className="visualmente-oculto">Chaves de assinatura do município, da mais nova à mais antiga</caption>
        <thead>
          <tr>
            <th scope="col">Identificador</th>
            <th scope="col">Situação</th>
            <th scope="col">Criada</th>
            <th scope="col">Fora de uso desde</th>
            <th scope="col" className="num">
              Credenciais em vigor
            </th>
            <th scope="col">Publicada até</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.kid}>
              <td data-label="Identificador">
                <code className="kid">{k.kid}</code>
              </td>
              <td data-label="Situação">
                <span className={`selo ${STATUS[k.status]?.tone ?? "pendente"}`}>
                  {STATUS[k.status]?.label ?? k.status}
                </span>
              </td>
              <td data-label="Criada">{formatInstant(k.createdAt, timeZone)}</td>
              <td data-label="Fora de uso desde">
                {k.revokedAt ? (
                  <>
                    {formatInstant(k.revokedAt, timeZone)}
                    <p className="dica">{k.revokedReason}</p>
                  </>
                ) : k.retiredAt ? (
                  formatInstant(k.retiredAt, timeZone)
                ) : (
                  "—"
                )}
              </td>
              <td data-label="Credenciais em vigor" className="num">
                {k.inForce}
              </td>
              <td data-label="Publicada até">
                {k.status === "REVOKED" ? "não publicada" : k.lastExpiry ? formatDate(k.lastExpiry) : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type KeyEvent = { seq: number; at: string; who: string; action: string; kid: string };

export function KeyEvents({ events, timeZone }: { events: KeyEvent[]; timeZone: string }) {
  return (
    <section aria-labelledby="chaves-eventos">
      <h2 id="chaves-eventos">Quem fez o quê</h2>
      <div className="tabela-rolagem">
        <table className="tabela-responsiva bo-tabela">
          <thead>
            <tr>
              <th scope="col">Quando</th>
              <th scope="col">Quem</th>
              <th scope="col">O quê</th>
              <th scope="col">Chave</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={e.seq}>
                <td data-label="Quando">{formatInstant(e.at, timeZone)}</td>
                <td data-label="Quem">{e.who}</td>
                <td data-label="O quê">{e.action}</td>
                <td data-label="Chave">
                  <code className="kid">…{e.kid.slice(-6)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

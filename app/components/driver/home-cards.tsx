// The cards at the top of the home page (/painel) that are the person's own work: the badge one
// tap away, a company's invitation waiting for an answer, the companies they act for (issue #34).
import { Link } from "@remix-run/react";
import { walletPath } from "~/components/wallet/use-wallet-offline";

type Badge = { id: string; label: string; valid: boolean };
type Company = { id: string; name: string; municipality: string; active: boolean };

/** "Meu crachá": a button per badge, to its phone page (which opens also with no signal). */
export function BadgeCard({ badges }: { badges: Badge[] }) {
  if (!badges.length) return null;
  return (
    <section className="cartao" aria-labelledby="meu-cracha">
      <h2 id="meu-cracha">Meu crachá</h2>
      <p>Mostre o crachá no celular, com o QR code para conferência — também sem conexão.</p>
      <div className="acoes">
        {/* A whole page load, not a client-side one: the badge's own service worker must control
            the page to keep it for use with no signal (as "Abrir no celular" does). */}
        {badges.map((b) => (
          <a key={b.id} className={b.valid ? "botao" : "botao secundario"} href={walletPath(b.id)}>
            {badges.length === 1 ? "Abrir meu crachá" : `Abrir: ${b.label}`}
          </a>
        ))}
      </div>
    </section>
  );
}

/** The companies whose invitation waits for this driver's answer, by name. */
export function InvitationCard({ companies }: { companies: string[] }) {
  if (!companies.length) return null;
  return (
    <section className="cartao passo-atencao" aria-labelledby="convites">
      <h2 id="convites">{companies.length === 1 ? "Convite de empresa" : "Convites de empresas"}</h2>
      <p>
        {companies.length === 1
          ? `${companies[0]} convidou você para se vincular como condutor.`
          : `Convidaram você para se vincular como condutor: ${companies.join(", ")}.`}{" "}
        Sem o seu aceite não há vínculo.
      </p>
      <Link className="botao" to="/vinculos">
        {companies.length === 1 ? "Responder ao convite" : "Responder aos convites"}
      </Link>
    </section>
  );
}

/** A card per company the person acts for: open it, and invite a driver once it is credentialed. */
export function CompanyCards({ companies }: { companies: Company[] }) {
  return (
    <>
      {companies.map((c) => (
        <section className="cartao" key={c.id}>
          <h2>
            {c.name} — {c.municipality}
          </h2>
          <div className="acoes">
            <Link className="botao" to={`/operadora/${c.id}`}>
              Abrir a empresa
            </Link>
            {c.active ? (
              <Link className="botao secundario" to={`/operadora/${c.id}/condutores#convidar`}>
                Convidar condutor
              </Link>
            ) : null}
          </div>
        </section>
      ))}
    </>
  );
}

// The card of "Meu crachá": the verdict as the verification page words it, the photo, and the QR.
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS, verdictLabel } from "~/domain/credentials/labels";
import type { Verdict } from "~/domain/credentials/status";
import { formatDate, formatPlate } from "~/domain/format";
import { walletPhotoPath } from "./use-wallet-offline";

type WalletCardData = {
  id: string;
  code: string;
  type: string;
  category: string;
  holderName: string;
  plate: string | null;
  operatorName: string | null;
  municipality: { name: string; uf: string };
  validFrom: string;
  validUntil: string;
  suspendedUntil: string | null;
  verdict: Verdict;
  reason: string | null;
  hasPhoto: boolean;
};

const TONE: Record<Verdict, "ok" | "alerta" | "falha"> = {
  VALID: "ok",
  EXPIRED: "alerta",
  SUSPENDED: "alerta",
  SUPERSEDED: "alerta",
  REVOKED: "falha",
  INVALID: "falha",
};

/** What the verdict means to the holder (the verification page speaks to the passenger). */
function forTheHolder(c: WalletCardData): string {
  switch (c.verdict) {
    case "VALID":
      return `Em vigor até ${formatDate(c.validUntil)}.`;
    case "EXPIRED":
      return `Venceu em ${formatDate(c.validUntil)}: renove em “Minhas credenciais”.`;
    case "SUSPENDED":
      return c.suspendedUntil
        ? `Suspensa pela prefeitura até ${formatDate(c.suspendedUntil)}: você não pode prestar o serviço.`
        : "Suspensa pela prefeitura: você não pode prestar o serviço.";
    case "REVOKED":
      return "Cassada pela prefeitura: a cassação é definitiva, não vale mais.";
    case "SUPERSEDED":
      return "Substituída por uma credencial mais nova: mostre a atual.";
    case "INVALID":
      return `A validade começa em ${formatDate(c.validFrom)}.`;
  }
}

export function WalletCard({ c }: { c: WalletCardData }) {
  const verdict = verdictLabel(c.verdict, c.reason);
  return (
    <section className={`carteira-cartao carteira-${TONE[c.verdict]}`} aria-labelledby="carteira-veredito">
      <p className="carteira-veredito" id="carteira-veredito">
        <span aria-hidden="true">{verdict.icon}</span> {verdict.label}
      </p>
      <p className="carteira-explicacao">{forTheHolder(c)}</p>
      <div className="carteira-pessoa">
        {c.hasPhoto ? (
          <img src={walletPhotoPath(c.id)} alt={`Foto de ${c.holderName}`} width={96} height={128} />
        ) : (
          <p className="carteira-sem-foto">Sem foto</p>
        )}
        <dl>
          <dt>Nome</dt>
          <dd>{c.holderName}</dd>
          <dt>{CREDENTIAL_TYPE_LABELS[c.type] ?? c.type}</dt>
          <dd>{CATEGORY_LABELS[c.category] ?? c.category}</dd>
          <dt>Município</dt>
          <dd>
            {c.municipality.name} ({c.municipality.uf})
          </dd>
        </dl>
      </div>
      <dl className="carteira-dados">
        <dt>Validade</dt>
        <dd>
          {formatDate(c.validFrom)} a {formatDate(c.validUntil)}
        </dd>
        {c.plate ? (
          <>
            <dt>Placa</dt>
            <dd>{formatPlate(c.plate)}</dd>
          </>
        ) : null}
        {c.operatorName ? (
          <>
            <dt>Operadora</dt>
            <dd>{c.operatorName}</dd>
          </>
        ) : null}
        <dt>Código</dt>
        <dd className="carteira-codigo">{c.code}</dd>
      </dl>
    </section>
  );
}

/** The QR as crisp vector art, quiet zone included, as wide as the screen allows. */
export function WalletQr({ side, path, code }: { side: number; path: string; code: string }) {
  return (
    <svg
      className="carteira-qr-codigo"
      viewBox={`0 0 ${side} ${side}`}
      role="img"
      aria-label={`QR code para conferir a credencial ${code}`}
      shapeRendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

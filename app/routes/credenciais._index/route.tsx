import type { LinksFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/page-title";
import { CredentialBatch } from "~/components/wallet/credential-batch";
import { useOfflineHome } from "~/components/wallet/use-offline-home";
import styles from "~/components/wallet/wallet.css";
import { CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { formatDate, formatDays } from "~/domain/format";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function MyCredentials() {
  const { batches } = useLoaderData<typeof loader>();
  useOfflineHome("/credenciais");
  const expiring = batches.flatMap((b) => b.items).filter((c) => c.verdict === "VALID" && c.daysLeft <= 60);
  return (
    <>
      <h1>Minhas credenciais</h1>
      {expiring.map((c) => (
        <div key={c.id} className="aviso atencao" role="status">
          {CREDENTIAL_TYPE_LABELS[c.type]} {c.serial} vence em {formatDate(c.validUntil)} (
          {c.daysLeft === 0 ? "hoje" : `daqui a ${formatDays(c.daysLeft)}`}). Renove a tempo.
        </div>
      ))}
      {batches.length === 0 ? (
        <p>
          Nenhuma credencial emitida ainda. Acompanhe seus <Link to="/requerimentos">requerimentos</Link>.
        </p>
      ) : null}
      {batches.length ? (
        <p>
          Indicou um preposto? Os documentos que a lei pede ao titular são enviados em{" "}
          <Link to="/prepostos">Prepostos</Link>.
        </p>
      ) : null}
      <div className="grade">
        {batches.map((b) => (
          <CredentialBatch key={b.key} batch={b} />
        ))}
      </div>
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle: PageHandle = { title: "Minhas credenciais" };

import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { type PageHandle } from "~/components/page-title";
import { PenaltyNotice } from "~/components/wallet/penalty-notice";
import { useWalletOffline, walletPath } from "~/components/wallet/use-wallet-offline";
import styles from "~/components/wallet/wallet.css";
import { WalletCard, WalletQr } from "~/components/wallet/wallet-card";
import { CATEGORY_LABELS, CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { formatInstant } from "~/domain/format";
import type { loader } from "./route.server";

export { headers, loader } from "./route.server";

export default function Wallet() {
  const c = useLoaderData<typeof loader>();
  const { online, offline, remove } = useWalletOffline(c.id, c.hasPhoto);
  const updated = formatInstant(c.checkedAt, c.municipality.timeZone);
  return (
    // data-rotulo names the badge on the offline home (public/painel/sw.js) that leads here.
    <div
      className="carteira"
      data-rotulo={`${CREDENTIAL_TYPE_LABELS[c.type] ?? c.type} — ${CATEGORY_LABELS[c.category] ?? c.category}, ${c.municipality.name} (${c.municipality.uf})`}
    >
      <h1>Meu crachá</h1>
      <div role="status" className="carteira-conexao">
        {online ? null : (
          <p className="aviso atencao">Sem conexão: esta é a cópia guardada neste celular, atualizada em {updated}.</p>
        )}
      </div>
      <WalletCard c={c} />
      {c.notice ? <PenaltyNotice notice={c.notice} id="carteira-situacao" /> : null}
      {c.replacementId ? (
        <p>
          <a href={walletPath(c.replacementId)}>Abrir a credencial atual</a>
        </p>
      ) : null}
      <section className="carteira-qr" aria-labelledby="carteira-qr-titulo">
        <h2 id="carteira-qr-titulo">QR code para conferência</h2>
        <WalletQr side={c.qr.side} path={c.qr.path} code={c.code} />
        <p className="dica">
          Aumente o brilho da tela ao máximo e segure o celular parado, a um palmo da câmera de quem vai conferir.
        </p>
      </section>
      <p className="carteira-atualizado">Atualizado em {updated}.</p>
      <p className="dica">
        Sem internet, esta página mostra a situação da última atualização, que pode estar desatualizada. O QR code é o
        que vale: quem confere lê o QR e vê na hora a situação atual.
      </p>
      <section className="carteira-aparelho" aria-labelledby="carteira-aparelho-titulo">
        <h2 id="carteira-aparelho-titulo">Neste celular</h2>
        <p>
          {offline === "ready"
            ? "Pronto para abrir sem conexão neste celular."
            : offline === "removed"
              ? "A cópia deste celular foi apagada."
              : offline === "checking"
                ? "Preparando a cópia para uso sem conexão…"
                : "Este navegador não guardou a página para uso sem conexão."}
        </p>
        <p className="dica">
          Para abrir mais rápido, use “Adicionar à tela inicial” no menu do navegador. Se o celular é compartilhado,
          apague a cópia ao terminar: ela também some quando você sai da conta e abre esta página com internet.
        </p>
        {offline === "ready" ? (
          <button type="button" className="botao secundario" onClick={() => void remove()}>
            Apagar a cópia deste celular
          </button>
        ) : null}
      </section>
      <p>
        <Link to="/credenciais">Minhas credenciais</Link>
      </p>
    </div>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const handle: PageHandle = { title: "Meu crachá" };

export const meta: MetaFunction<typeof loader> = ({ params }) => [
  { name: "theme-color", content: "#1351b4" },
  { tagName: "link", rel: "manifest", href: `/credenciais/${params.id}/carteira/manifest.webmanifest` },
];

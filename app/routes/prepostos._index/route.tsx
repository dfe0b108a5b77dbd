import type { LinksFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { DocumentUpload } from "~/components/driver/document-upload";
import styles from "~/components/driver/documents.css";
import { Flash } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import { govbrSheet } from "~/styles/govbr";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function Prepostos() {
  const { prepostos } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <h1>Prepostos</h1>
      <p>
        Quando a lei do município permite que o titular indique um preposto (condutor auxiliar), o requerimento do
        preposto informa o seu CPF e aparece aqui. Os documentos que a lei pede ao titular — como a indicação por
        escrito — são enviados por você nesta página; o preposto vê que aguardam o titular até você enviar.
      </p>
      <Flash ok={params.get("enviado")} error={params.get("erro")} />
      {prepostos.length === 0 ? (
        <p>
          Nenhum requerimento de preposto indica você como titular. Veja também{" "}
          <Link to="/credenciais">Minhas credenciais</Link>.
        </p>
      ) : null}
      {prepostos.map((p) => (
        <section key={p.id} className="cartao" aria-labelledby={`preposto-${p.id}`}>
          <h2 id={`preposto-${p.id}`}>
            {p.preposto} — {p.categoryLabel}
          </h2>
          <dl>
            <dt>Requerimento</dt>
            <dd>
              {p.number} · {p.town}
            </dd>
            <dt>Situação</dt>
            <dd>{p.statusLabel}</dd>
          </dl>
          {!p.inForce ? (
            <div className="aviso atencao" role="status">
              Você não tem credencial de {p.categoryLabel.toLowerCase()} em vigor neste município: só o permissionário
              ou autorizatário com credencial em vigor pode indicar um preposto.
            </div>
          ) : !p.open ? (
            <p className="dica">Este requerimento já foi decidido: não recebe mais documentos.</p>
          ) : null}
          <h3>O que a lei pede a você, titular</h3>
          <ul className="doc-lista">
            {p.documents.map((d) => (
              <li key={d.type}>
                <strong>{d.label}</strong> <span className={`selo ${d.statusLabel.tone}`}>{d.statusLabel.label}</span>
                {d.reason ? <span> — {d.reason}</span> : null}
                <span className="citacao"> {d.citation}</span>
                {d.canSend ? (
                  <DocumentUpload action={`/prepostos/${p.id}/enviar`} type={d.type} label={d.label} askDates={false} />
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

export const links: LinksFunction = () => [govbrSheet("upload"), { rel: "stylesheet", href: styles }];

export const handle: PageHandle = { title: "Prepostos" };

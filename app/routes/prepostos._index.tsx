import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireUser } from "~/http/auth.server";
import { prepostosOf } from "~/models/preposto.server";
import { APPLICATION_STATUS_LABELS } from "~/domain/applications/status";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { documentStatusLabel } from "~/domain/eligibility/labels";
import { Flash } from "~/components/operator/operator-frame";
import { DocumentUpload } from "~/components/driver/document-upload";
import { withRefusals } from "~/http/refusal.server";
import { govbrSheet } from "~/styles/govbr";
import styles from "~/components/driver/documents.css";

// The titular's page for their prepostos (Patrocínio, Lei 4.883/2017, art. 14): each preposto
// application that names the signed-in person as titular, its status, and the papers the law makes
// the titular hand in for it (the pack's submittedBy HOLDER), sent with the drivers' upload.
export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const list = await prepostosOf(user);
  return {
    prepostos: list.map((p) => ({
      ...p,
      statusLabel: APPLICATION_STATUS_LABELS[p.status] ?? p.status,
      categoryLabel: CATEGORY_LABELS[p.category] ?? p.category,
      documents: p.documents.map((d) => ({ ...d, statusLabel: documentStatusLabel(d.status, true) })),
    })),
  };
});

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

export const meta: MetaFunction = () => [{ title: "Prepostos — Portal de Credenciamento" }];

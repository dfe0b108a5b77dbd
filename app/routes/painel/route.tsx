import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { BadgeCard, CompanyCards, InvitationCard } from "~/components/driver/home-cards";
import type { PageHandle } from "~/components/page-title";
import { useOfflineHome } from "~/components/wallet/use-offline-home";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function Dashboard() {
  const { name, emailVerified, isAdmin, staffRoles, companies, invitations, badges, next, prepostos } =
    useLoaderData<typeof loader>();
  useOfflineHome("/painel");
  const [params] = useSearchParams();
  const welcome = Boolean(params.get("bemvindo"));
  return (
    <>
      <h1>Olá, {name.split(" ")[0]}</h1>
      {/* One notice about the e-mail: the welcome one says it all right after sign-up. */}
      {welcome ? (
        <div className="aviso sucesso" role="status">
          Conta criada. Enviamos um link para confirmar seu e-mail: procure a mensagem na sua caixa de entrada.
        </div>
      ) : !emailVerified ? (
        <div className="aviso atencao">Seu e-mail ainda não foi confirmado. Procure a mensagem que enviamos.</div>
      ) : null}
      <BadgeCard badges={badges} />
      <InvitationCard companies={invitations} />
      {next.length ? (
        <section aria-labelledby="proximo-passo" className="proximos-passos">
          <h2 id="proximo-passo">{next.length === 1 ? "Seu próximo passo" : "Seus próximos passos"}</h2>
          {next.map((n) => (
            <article key={n.key} className={`cartao passo-${n.tone}`}>
              <h3>{n.title}</h3>
              <p>{n.text}</p>
              {n.href.endsWith("/pdf") ? (
                <a className="botao" href={n.href} download>
                  {n.action}
                </a>
              ) : (
                <Link className="botao" to={n.href}>
                  {n.action}
                </Link>
              )}
            </article>
          ))}
        </section>
      ) : null}
      {prepostos > 0 ? (
        <section className="cartao passo-atencao" aria-labelledby="prepostos">
          <h2 id="prepostos">Prepostos</h2>
          <p>
            {prepostos === 1
              ? "Um requerimento de preposto indica você como titular."
              : `${prepostos} requerimentos de preposto indicam você como titular.`}{" "}
            Envie os documentos que a lei pede ao titular.
          </p>
          <Link className="botao" to="/prepostos">
            Ver prepostos
          </Link>
        </section>
      ) : null}
      <div className="grade">
        <CompanyCards companies={companies} />
        {staffRoles.map((s) => (
          <section className="cartao" key={s.municipality.id + s.role}>
            <h2>
              {s.role} — {s.municipality.name} ({s.municipality.uf})
            </h2>
            <p>
              <Link className="botao" to={`/m/${s.municipality.slug}`}>
                Abrir painel do município
              </Link>
            </p>
          </section>
        ))}
        {isAdmin ? (
          <section className="cartao">
            <h2>Administração da plataforma</h2>
            <p>
              <Link className="botao" to="/admin/municipios">
                Municípios
              </Link>
            </p>
          </section>
        ) : null}
        <section className="cartao">
          <h2>Meu credenciamento</h2>
          <p>Peça seu credenciamento como condutor, acompanhe a análise e baixe seus crachás.</p>
          <div className="acoes">
            <Link className="botao" to="/requerimentos">
              Meus requerimentos
            </Link>
            <Link className="botao secundario" to="/credenciais">
              Minhas credenciais
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}

export const handle: PageHandle = { title: "Painel" };

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { requirePermission } from "~/http/permissions.server";
import { municipalitiesByIds } from "~/models/municipality.server";
import { ROLE_LABELS } from "~/domain/auth/permissions";
import { withRefusals } from "~/http/refusal.server";
import { driverHome } from "~/models/driver-wizard.server";
import { nextSteps } from "~/domain/applications/next-step";
import { openPrepostoCount } from "~/models/preposto.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "read:profile");
  const staffIds = user.grants.map((g) => g.municipalityId).filter((x): x is string => Boolean(x));
  const municipalities = await municipalitiesByIds(staffIds);
  const byId = new Map(municipalities.map((m) => [m.id, m]));
  const staffRoles = user.grants
    .filter((g) => g.municipalityId && byId.has(g.municipalityId))
    .map((g) => ({ role: ROLE_LABELS[g.role], municipality: byId.get(g.municipalityId!)! }));
  // A staff member without applications or crachás sees their cards, not "Pedir credenciamento".
  const home = await driverHome(user.id, new Date());
  const driver = staffRoles.length === 0 || home.applications.length > 0 || home.credentials.length > 0;
  return {
    name: user.name,
    emailVerified: user.emailVerified,
    isAdmin: user.isPlatformAdmin,
    staffRoles,
    next: driver ? nextSteps(home.applications, home.credentials) : [],
    // Preposto applications naming this person as titular (Lei 4.883/2017, art. 14): /prepostos.
    prepostos: await openPrepostoCount(user),
  };
});

export default function Dashboard() {
  const { name, emailVerified, isAdmin, staffRoles, next, prepostos } = useLoaderData<typeof loader>();
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

export const meta: MetaFunction = () => [{ title: "Painel — Portal de Credenciamento" }];

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { requirePermission } from "~/http/permissions.server";
import { municipalitiesByIds } from "~/models/municipality.server";
import { ROLE_LABELS } from "~/domain/auth/permissions";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "read:profile");
  const staffIds = user.grants.map((g) => g.municipalityId).filter((x): x is string => Boolean(x));
  const municipalities = await municipalitiesByIds(staffIds);
  const byId = new Map(municipalities.map((m) => [m.id, m]));
  const staffRoles = user.grants
    .filter((g) => g.municipalityId && byId.has(g.municipalityId))
    .map((g) => ({ role: ROLE_LABELS[g.role], municipality: byId.get(g.municipalityId!)! }));
  return { name: user.name, emailVerified: user.emailVerified, isAdmin: user.isPlatformAdmin, staffRoles };
});

export default function Dashboard() {
  const { name, emailVerified, isAdmin, staffRoles } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <>
      <h1>Olá, {name.split(" ")[0]}</h1>
      {params.get("bemvindo") ? (
        <div className="aviso sucesso" role="status">
          Conta criada. Enviamos um link para confirmar seu e-mail.
        </div>
      ) : null}
      {!emailVerified ? (
        <div className="aviso atencao">Seu e-mail ainda não foi confirmado. Procure a mensagem que enviamos.</div>
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

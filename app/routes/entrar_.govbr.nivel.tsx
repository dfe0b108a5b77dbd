import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser, safeRedirect } from "~/http/auth.server";
import { withRefusals } from "~/http/refusal.server";
import { parseTrustLevel, TRUST_LEVEL_LABEL } from "~/domain/auth/trust-level";
import { GovbrButton } from "~/components/govbr";

// The stop before an action a municipality protects with a gov.br level (ADR 038): which level
// it asks, which this sign-in has, and the button that signs in again with gov.br and comes back.
export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const required = parseTrustLevel(url.searchParams.get("exigido")) ?? "prata";
  const obtained = parseTrustLevel(url.searchParams.get("obtido"));
  return {
    required: TRUST_LEVEL_LABEL[required],
    requiredLevel: required,
    have: user.govbrLevel ? TRUST_LEVEL_LABEL[user.govbrLevel] : null,
    stillBelow: obtained !== null,
    voltar: safeRedirect(url.searchParams.get("voltar"), "/painel"),
  };
});

export default function GovbrLevel() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="cartao estreito">
      <h1>Confirme sua identidade com gov.br</h1>
      {d.stillBelow ? (
        <div className="aviso erro" role="alert">
          Sua conta gov.br está no nível {d.have}. Esta ação exige nível {d.required} ou superior. Eleve o nível da sua
          conta no aplicativo gov.br (validação facial, banco credenciado ou certificado digital) e entre de novo.
        </div>
      ) : (
        <div className="aviso atencao" role="status">
          A prefeitura exige conta gov.br nível {d.required} ou superior para esta ação.{" "}
          {d.have ? `Sua entrada atual é nível ${d.have}.` : "Você entrou com senha."}
        </div>
      )}
      <p>Entre com gov.br; depois você volta para a mesma página para concluir a ação.</p>
      <p>
        <GovbrButton voltar={d.voltar} nivel={d.requiredLevel} />
      </p>
      <p>
        <Link to={d.voltar}>Voltar sem concluir</Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Confirme sua identidade com gov.br — Portal de Credenciamento" }];

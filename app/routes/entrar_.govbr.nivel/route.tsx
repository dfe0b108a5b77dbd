import { Link, useLoaderData } from "@remix-run/react";
import { GovbrButton } from "~/components/govbr";
import type { PageHandle } from "~/components/page-title";
import type { loader } from "./route.server";

export { loader } from "./route.server";

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

export const handle: PageHandle = { title: "Confirme sua identidade com gov.br" };

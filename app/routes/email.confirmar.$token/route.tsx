import { Link, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/page-title";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function ConfirmEmail() {
  const { ok } = useLoaderData<typeof loader>();
  return (
    <div className="cartao estreito" role={ok ? "status" : "alert"}>
      <h1>{ok ? "E-mail confirmado" : "Link inválido ou expirado"}</h1>
      <p>
        {ok ? "Obrigado! Seu e-mail foi confirmado." : "Entre na sua conta para pedir um novo link de confirmação."}
      </p>
      <p>
        <Link to="/painel">Ir para o painel</Link>
      </p>
    </div>
  );
}

export const handle: PageHandle = { title: "Confirmação de e-mail" };

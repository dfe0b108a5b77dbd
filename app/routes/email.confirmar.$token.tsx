import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { actorOf } from "~/http/permissions.server";
import { confirmEmail } from "~/models/user.server";
import { withRefusals } from "~/http/refusal.server";

// A GET that changes state is acceptable here: the token itself is the proof, it is single-use,
// and confirming an address has no effect an attacker could want.
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params, context }: LoaderFunctionArgs) => {
  const ok = await confirmEmail(params.token ?? "", {
    ...actorOf(null, request),
    requestId: context.requestId ?? null,
  });
  return { ok };
});

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

export const meta: MetaFunction = () => [{ title: "Confirmação de e-mail — Portal de Credenciamento" }];

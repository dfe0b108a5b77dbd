import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import type { PageHandle } from "~/components/page-title";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function TeamInvitation() {
  const { state, company, name } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (result && "declined" in result) {
    return (
      <div className="cartao estreito" role="status">
        <h1>Convite recusado</h1>
        <p>Você não faz parte desta equipe. Nada mudou na sua conta.</p>
        <p>
          <Link to="/painel">Ir para o painel</Link>
        </p>
      </div>
    );
  }
  if (state !== "open") {
    return (
      <div className="cartao estreito" role="alert">
        <h1>{state === "invalid" ? "Convite expirado ou já respondido" : "Este convite não é para esta conta"}</h1>
        <p>
          {state === "invalid"
            ? "Este link de convite não vale mais. Se ainda quiser entrar na equipe, peça um novo convite à empresa."
            : "O convite só pode ser aceito pela conta do CPF e do e-mail para os quais foi enviado. Entre com essa conta, ou peça à empresa um convite para o CPF e o e-mail desta."}
        </p>
        <p>
          <Link to="/painel">Ir para o painel</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="cartao estreito">
      <h1>Convite para a equipe de {company}</h1>
      <p>
        Olá, {name}. {company} convidou você para agir pela empresa no portal: ver e atualizar os dados dela, a frota,
        os condutores e os relatórios. Você só entra na equipe se aceitar.
      </p>
      <Form method="post">
        <CsrfInput />
        <button type="submit" name="intent" value="aceitar" className="botao">
          Aceitar o convite
        </button>{" "}
        <button type="submit" name="intent" value="recusar" className="botao secundario">
          Recusar
        </button>
      </Form>
    </div>
  );
}

export const handle: PageHandle = { title: "Convite para a equipe" };

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/http/auth.server";
import { readForm } from "~/http/csrf.server";
import { actorOf } from "~/http/permissions.server";
import { acceptTeamInvitation, declineTeamInvitation, teamInvitation } from "~/models/operator-team.server";
import { CsrfInput } from "~/components/csrf-input";
import { withRefusals } from "~/http/refusal.server";

// /equipe/convite/<token> — a company's invitation to its team (issue #35: no one joins a team
// without accepting). The link comes by e-mail; the signed-in account answers it only when it has
// the invited CPF and the invited e-mail. Signing in first is required (requireUser sends back here).
export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const found = await teamInvitation(params.token ?? "", user);
  if (!found) return { state: "invalid" as const, company: null, name: user.name };
  if (!found.forThisAccount) return { state: "other-account" as const, company: null, name: user.name };
  return { state: "open" as const, company: found.company, name: user.name };
});

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request);
  const form = await readForm(request);
  const token = params.token ?? "";
  if (form.get("intent") === "aceitar") {
    const { operatorId } = await acceptTeamInvitation(token, user, actorOf(user, request));
    return redirect(`/operadora/${operatorId}`);
  }
  await declineTeamInvitation(token, user, actorOf(user, request));
  return data({ declined: true });
});

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

export const meta: MetaFunction = () => [{ title: "Convite para a equipe — Portal de Credenciamento" }];

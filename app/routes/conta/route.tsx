import { useLoaderData } from "@remix-run/react";
import { GovbrButton } from "~/components/govbr";
import type { PageHandle } from "~/components/page-title";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function Account() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="cartao estreito">
      <h1>Minha conta</h1>
      <dl>
        <dt>Nome</dt>
        <dd>{d.name}</dd>
        <dt>E-mail</dt>
        <dd>
          {d.email} {d.emailVerified ? "(confirmado)" : "(não confirmado)"}
        </dd>
        <dt>CPF</dt>
        <dd>
          {d.cpf} {d.confirmedOn ? `— confirmado pelo gov.br em ${d.confirmedOn}` : "— não confirmado pelo gov.br"}
        </dd>
        <dt>Esta entrada</dt>
        <dd>{d.level ? `Com gov.br, conta nível ${d.level}` : "Com CPF/e-mail e senha"}</dd>
      </dl>
      {!d.confirmedOn && d.govbr ? (
        <p>
          Entre com gov.br para confirmar o CPF: <GovbrButton voltar="/conta" />
        </p>
      ) : null}
    </div>
  );
}

export const handle: PageHandle = { title: "Minha conta" };

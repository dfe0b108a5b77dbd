import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/http/auth.server";
import { withRefusals } from "~/http/refusal.server";
import { govbrEnabled } from "~/utils/oidc.server";
import { formatCpf } from "~/domain/br";
import { formatDayOf } from "~/domain/format";
import { TRUST_LEVEL_LABEL } from "~/domain/auth/trust-level";
import { GovbrButton } from "~/components/govbr";

// "Minha conta" (ADR 038): the account's own identity, and whether gov.br confirmed its CPF.
export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  return {
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    cpf: formatCpf(user.cpf),
    confirmedOn: user.cpfConfirmedAt ? formatDayOf(user.cpfConfirmedAt, "America/Sao_Paulo") : null,
    level: user.govbrLevel ? TRUST_LEVEL_LABEL[user.govbrLevel] : null,
    govbr: govbrEnabled(),
  };
});

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

export const meta: MetaFunction = () => [{ title: "Minha conta — Portal de Credenciamento" }];

import { Form, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Flash, OperatorFrame } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import { TeamPersonForm, TeamTable } from "~/components/team/team";
import { useFormResult } from "~/components/ui/form-result";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

const OK: Record<string, string> = {
  convidado:
    "Convite enviado para o e-mail informado. A pessoa entra na equipe quando aceitar, com a conta deste CPF e deste e-mail.",
  "convite-cancelado": "Convite cancelado.",
  removido: "Acesso removido.",
};

export default function OperatorTeam() {
  const d = useLoaderData<typeof loader>();
  const { errors, values, flash } = useFormResult(OK);
  return (
    <OperatorFrame operator={d.frame} current="equipe" title="Equipe da empresa">
      <Flash {...flash} />
      <section className="cartao" aria-labelledby="membros">
        <h2 id="membros">Quem age pela empresa</h2>
        <TeamTable
          rows={d.members}
          caption="Pessoas da equipe"
          removeIntent="remover"
          removeText="Remover"
          removeLabel={(m) => `Remover ${m.name} da equipe`}
          inactiveText="Removido"
          className="op-tabela"
        />
      </section>
      {d.invitations.length ? <Invitations invitations={d.invitations} owner={d.owner} /> : null}
      {d.owner ? (
        <section className="cartao" aria-labelledby="convidar">
          <h2 id="convidar">Convidar pessoa para a equipe</h2>
          <p className="dica">
            A pessoa recebe um convite no e-mail informado e só entra na equipe se aceitar, com a conta deste CPF e
            deste e-mail (quem ainda não tem conta cria uma).
          </p>
          <TeamPersonForm errors={errors} values={values} submitText="Convidar para a equipe" busyText="Convidando…" />
        </section>
      ) : (
        <p className="dica">Só o responsável pela empresa inclui e remove pessoas da equipe.</p>
      )}
    </OperatorFrame>
  );
}

type Invitation = { id: string; name: string; email: string; cpf: string; invitedAt: string; expiresAt: string };

function Invitations({ invitations, owner }: { invitations: Invitation[]; owner: boolean }) {
  return (
    <section className="cartao" aria-labelledby="convites">
      <h2 id="convites">Convites aguardando resposta</h2>
      <div className="tabela-rolagem">
        <table className="tabela-responsiva op-tabela">
          <thead>
            <tr>
              <th scope="col">Nome</th>
              <th scope="col">E-mail</th>
              <th scope="col">CPF</th>
              <th scope="col">Enviado em</th>
              <th scope="col">Vale até</th>
              <th scope="col">
                <span className="visualmente-oculto">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invitations.map((i) => (
              <tr key={i.id}>
                <td data-label="Nome">{i.name}</td>
                <td data-label="E-mail">{i.email}</td>
                <td data-label="CPF">{i.cpf}</td>
                <td data-label="Enviado em">{i.invitedAt}</td>
                <td data-label="Vale até">{i.expiresAt}</td>
                <td>
                  {owner ? (
                    <Form method="post">
                      <CsrfInput />
                      <input type="hidden" name="invitationId" value={i.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="cancelar-convite"
                        className="link-botao"
                        aria-label={`Cancelar o convite de ${i.name}`}
                      >
                        Cancelar convite
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export const handle: PageHandle = { title: "Equipe da empresa" };

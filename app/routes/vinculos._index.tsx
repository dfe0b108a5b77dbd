import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { requireUser } from "~/utils/auth.server";
import { actorOf } from "~/utils/permissions.server";
import { readForm } from "~/utils/csrf.server";
import { acceptLink, declineLink, linksOfUser } from "~/models/driver-invitation.server";
import { endReasonText, LINK_STATUS_LABELS, linkTransition } from "~/domain/operators/driver-link";
import { refusal } from "~/components/operator/guard.server";
import { Flash } from "~/components/operator/operator-frame";
import { dateBr } from "~/domain/credentials/labels";
import { formatCnpj } from "~/domain/br";
import { CsrfInput } from "~/components/csrf-input";

// The driver's side of a bond with an operator: invitations to accept or decline (no bond exists
// without this consent), the bonds in force and the ones that ended.
const day = (d: Date | null) => (d ? dateBr(d.toISOString().slice(0, 10)) : null);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const links = await linksOfUser(user);
  return {
    links: links.map((l) => ({
      id: l.id,
      status: l.status,
      statusLabel: LINK_STATUS_LABELS[l.status] ?? l.status,
      /** An invitation the driver may still answer. */
      answerable: linkTransition(l.status, "accept") !== null,
      company: l.operator.tradeName ?? l.operator.legalName,
      legalName: l.operator.legalName,
      cnpj: formatCnpj(l.operator.cnpj),
      municipality: `${l.operator.municipality.name} (${l.operator.municipality.uf})`,
      invitedAt: day(l.invitedAt),
      acceptedAt: day(l.acceptedAt),
      endedAt: day(l.endedAt),
      endReason: endReasonText(l.endReason),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const linkId = String(form.get("linkId") ?? "");
  try {
    if (form.get("intent") === "aceitar") {
      await acceptLink(linkId, user, actorOf(user, request));
      return redirect("/vinculos?ok=aceito");
    }
    await declineLink(linkId, user, actorOf(user, request));
    return redirect("/vinculos?ok=recusado");
  } catch (e) {
    return refusal(e);
  }
}

const OK: Record<string, string> = {
  aceito: "Vínculo aceito. Para trabalhar pela empresa, peça o credenciamento vinculado a ela em Requerimentos.",
  recusado: "Convite recusado. A empresa foi informada de que não há vínculo.",
};

export default function MyLinks() {
  const { links } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [params] = useSearchParams();
  const invites = links.filter((l) => l.answerable);
  const others = links.filter((l) => !l.answerable);
  return (
    <>
      <h1>Vínculos com empresas</h1>
      <Flash ok={OK[params.get("ok") ?? ""]} error={refused?.error} />
      <p className="dica">
        Comunicações que a lei pede ao titular (acidente com o veículo, baixa de condutor auxiliar):{" "}
        <Link to="/vinculos/comunicacoes">Minhas comunicações à prefeitura</Link>.
      </p>
      <p>
        Uma empresa, concessionária ou plataforma só vincula você com o seu aceite. Aceitar permite que ela veja a
        situação do seu credenciamento (não os seus documentos pessoais, salvo onde a lei manda a empresa colhê-los).
      </p>
      <section className="cartao" aria-labelledby="convites">
        <h2 id="convites">Convites</h2>
        {invites.length === 0 ? (
          <p>Nenhum convite esperando resposta.</p>
        ) : (
          <ul style={{ listStyle: "none", padding: 0 }}>
            {invites.map((l) => (
              <li key={l.id} className="documento">
                <h3 style={{ margin: 0, fontSize: "1.1rem" }}>{l.company}</h3>
                <p className="dica">
                  {l.legalName} · CNPJ {l.cnpj} · {l.municipality} · convite de {l.invitedAt}
                </p>
                <Form method="post" className="acoes">
                  <CsrfInput />
                  <input type="hidden" name="linkId" value={l.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="aceitar"
                    className="botao"
                    aria-label={`Aceitar o vínculo com ${l.company}`}
                  >
                    Aceitar
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="recusar"
                    className="botao secundario"
                    aria-label={`Recusar o vínculo com ${l.company}`}
                  >
                    Recusar
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="cartao" aria-labelledby="vinculos">
        <h2 id="vinculos">Meus vínculos</h2>
        {others.length === 0 ? (
          <p>Nenhum vínculo.</p>
        ) : (
          <div className="tabela-rolagem">
            <table>
              <thead>
                <tr>
                  <th scope="col">Empresa</th>
                  <th scope="col">Município</th>
                  <th scope="col">Situação</th>
                </tr>
              </thead>
              <tbody>
                {others.map((l) => (
                  <tr key={l.id}>
                    <td>
                      {l.company}
                      <br />
                      <span className="dica">CNPJ {l.cnpj}</span>
                    </td>
                    <td>{l.municipality}</td>
                    <td>
                      <span className={`selo ${l.status === "ACTIVE" ? "ok" : "falha"}`}>{l.statusLabel}</span>{" "}
                      {l.status === "ACTIVE" ? `desde ${l.acceptedAt}` : l.endedAt ? `em ${l.endedAt}` : ""}
                      {l.endReason ? ` — ${l.endReason}` : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Vínculos com empresas — Portal de Credenciamento" }];

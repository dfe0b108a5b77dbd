import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Flash, OperatorFrame } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { formatInstant } from "~/domain/format";
import { constraintsOf } from "~/forms/constraints";
import { zApiKeyName } from "~/forms/operator";
import type { action, loader } from "./route.server";

export { action, headers, loader } from "./route.server";

const LIMITS = constraintsOf(zApiKeyName);

export default function OperatorApi() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors: Record<string, string | undefined> = (result && "errors" in result && result.errors) || {};
  return (
    <OperatorFrame operator={d.frame} current="api" title="API para sistemas da empresa">
      <Flash
        ok={params.get("ok") === "revogada" ? "Chave revogada: ela deixa de funcionar agora." : null}
        error={result && "error" in result ? result.error : null}
      />
      {result && "created" in result && result.created ? (
        <section className="aviso sucesso" role="status" aria-labelledby="nova-chave">
          <h2 id="nova-chave">Chave “{result.created.name}” criada</h2>
          <p>Copie agora: ela não será mostrada de novo. Guarde-a como uma senha.</p>
          <p className="op-segredo" data-testid="segredo">
            {result.created.secret}
          </p>
        </section>
      ) : null}
      <section className="cartao" aria-labelledby="como">
        <h2 id="como">Como usar</h2>
        <p>Antes de despachar uma corrida ou entrega, consulte se a credencial do condutor vinculado está em vigor:</p>
        <pre
          style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
        >{`GET ${d.base}/operators/me/drivers/<CPF>/status\nAuthorization: Bearer <chave>`}</pre>
        <p className="dica">
          A resposta traz <code>credentialInForce</code> (verdadeiro quando há credencial VÁLIDA emitida por meio da
          empresa) e cada credencial com seu veredito. Só os condutores vinculados à empresa são encontrados; qualquer
          outro CPF responde 404. Também disponível: <code>POST {d.base}/eligibility</code> (público).
        </p>
      </section>
      <section className="cartao" aria-labelledby="chaves">
        <h2 id="chaves">Chaves</h2>
        {d.keys.length === 0 ? (
          <p>Nenhuma chave criada.</p>
        ) : (
          <div className="tabela-rolagem">
            <table className="op-tabela tabela-responsiva">
              <thead>
                <tr>
                  <th scope="col">Nome</th>
                  <th scope="col">Início da chave</th>
                  <th scope="col">Criada</th>
                  <th scope="col">Último uso</th>
                  <th scope="col">Situação</th>
                </tr>
              </thead>
              <tbody>
                {d.keys.map((k) => (
                  <tr key={k.id}>
                    <td className="tabela-titulo">{k.name}</td>
                    <td data-label="Início da chave">
                      <code>{k.prefix}_…</code>
                    </td>
                    <td data-label="Criada">{formatInstant(k.createdAt, d.frame.timeZone)}</td>
                    <td data-label="Último uso">
                      {k.lastUsedAt ? formatInstant(k.lastUsedAt, d.frame.timeZone) : "—"}
                    </td>
                    <td data-label="Situação">
                      {k.revokedAt ? (
                        <span className="selo falha">Revogada em {formatInstant(k.revokedAt, d.frame.timeZone)}</span>
                      ) : (
                        <Form method="post">
                          <CsrfInput />
                          <input type="hidden" name="keyId" value={k.id} />
                          <span className="selo ok">Ativa</span>{" "}
                          <button
                            type="submit"
                            name="intent"
                            value="revogar"
                            className="botao secundario perigo pequeno"
                            aria-label={`Revogar a chave ${k.name}`}
                          >
                            Revogar
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {d.active ? (
          <Form method="post" noValidate>
            <CsrfInput />
            <Field
              label="Nome da nova chave"
              name="name"
              error={errors.name}
              hint="Para saber onde ela é usada, como “servidor de despacho”."
              constraint={LIMITS.name}
            />
            <SubmitButton busyText="Criando…">Criar chave</SubmitButton>
          </Form>
        ) : (
          <p className="dica">A empresa precisa estar credenciada para criar chaves.</p>
        )}
      </section>
    </OperatorFrame>
  );
}

export const handle: PageHandle = { title: "API" };

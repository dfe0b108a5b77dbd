import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { RevokeKeyForm, RotateKeyForm } from "~/components/back-office/keys/forms";
import { KeyEvents, KeyTable } from "~/components/back-office/keys/tables";
import type { PageHandle } from "~/components/page-title";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function Keys() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const ok = params.get("ok");
  const errFor = (intent: string, kid: string | null, name: string) =>
    result?.intent === intent && (kid === null || result.kid === kid) ? result.errors?.[name] : undefined;
  return (
    <>
      <h1>Chaves de assinatura — {d.municipality.name}</h1>
      <p className="bo-sub">
        A chave ativa assina as credenciais emitidas. Numa troca, a chave antiga deixa de assinar, mas continua
        publicada até vencer a última credencial que assinou. Revogar é para chave comprometida: tudo o que ela assinou
        passa a ser recusado na verificação, na hora.
      </p>
      {ok === "rotacao" ? (
        <div className="aviso sucesso" role="status">
          Chave nova gerada. As próximas credenciais serão assinadas por ela.
        </div>
      ) : null}
      {ok === "revogada" ? (
        <div className="aviso sucesso" role="status">
          Chave revogada. As credenciais que ela assinou já não são reconhecidas.
        </div>
      ) : null}

      <KeyTable keys={d.keys} timeZone={d.municipality.timeZone} />
      {d.keys.length === 0 ? (
        <p className="bo-vazio">Nenhuma chave ainda: a primeira é criada na primeira emissão.</p>
      ) : null}

      <div className="bo-grade">
        <RotateKeyForm errorOf={(name) => errFor("rotate", null, name)} />

        {d.keys
          .filter((k) => k.status !== "REVOKED")
          .map((k) => {
            const refused = result?.intent === "revoke" && result.kid === k.kid;
            return (
              <RevokeKeyForm
                key={k.kid}
                k={k}
                open={refused}
                error={refused && "error" in result && typeof result.error === "string" ? result.error : null}
                errorOf={(name) => errFor("revoke", k.kid, name)}
              />
            );
          })}
      </div>

      {d.events.length ? <KeyEvents events={d.events} timeZone={d.municipality.timeZone} /> : null}
    </>
  );
}

export const handle: PageHandle = { title: "Chaves de assinatura" };

import { Link, useLoaderData } from "@remix-run/react";
import { NewNoticeForm, NoticeList, termText } from "~/components/operator/notices";
import { Flash, OperatorFrame } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import { useFormResult } from "~/components/ui/form-result";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

const OK: Record<string, string> = {
  comunicado: "Comunicação feita à prefeitura.",
  registrado: "Fato registrado. Comunique à prefeitura dentro do prazo.",
  desvinculado: "Vínculo encerrado. Veja abaixo a comunicação à prefeitura e o prazo da lei.",
};

/** Some laws' labels already say "(a lei não fixa prazo)": said once, by the term after the colon. */
const withoutSilence = (label: string) => label.replace(/\s*\(a lei não fixa prazo\)\s*$/, "");

const term = (within: string | null, immediate: boolean) =>
  immediate ? "imediatamente" : within ? `em até ${termText(within)}` : "sem prazo fixado";

export default function OperatorNotices() {
  const d = useLoaderData<typeof loader>();
  const { errors, values, flash } = useFormResult(OK);
  const base = `/operadora/${d.frame.id}`;
  const here = d.duties.filter((x) => !x.elsewhere);
  return (
    <OperatorFrame operator={d.frame} current="comunicacoes" title="Comunicações à prefeitura">
      <Flash {...flash} />
      <section className="cartao" aria-labelledby="lei">
        <h2 id="lei">O que a lei manda comunicar</h2>
        {d.duties.length === 0 ? (
          <p>A lei deste município não fixa comunicações de fatos para a empresa.</p>
        ) : (
          <ul>
            {d.duties.map((x) => (
              <li key={x.kind}>
                {withoutSilence(x.lawLabel)}: <strong>{term(x.within, x.immediate)}</strong>{" "}
                <span className="citacao">{x.citation}</span>
                {x.elsewhere === "condutores" ? (
                  <span className="dica">
                    {" "}
                    Registre ao <Link to={`${base}/condutores`}>encerrar o vínculo do condutor</Link>.
                  </span>
                ) : null}
                {x.elsewhere === "dados" ? (
                  <span className="dica">
                    {" "}
                    Registre ao <Link to={`${base}/dados`}>alterar o endereço</Link>.
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <NoticeList notices={d.notices} listClassName="op-lista" buttonClassName="botao pequeno" />
      {here.length ? (
        <section className="cartao" aria-labelledby="nova">
          <h2 id="nova">Nova comunicação</h2>
          <NewNoticeForm
            kindLabel="O que aconteceu"
            options={here.map((x) => ({ value: x.kind, label: x.label }))}
            now={d.now}
            values={values}
            errors={errors}
          />
        </section>
      ) : null}
    </OperatorFrame>
  );
}

export const handle: PageHandle = { title: "Comunicações" };

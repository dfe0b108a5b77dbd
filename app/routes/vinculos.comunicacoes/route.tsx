import { Link, useLoaderData } from "@remix-run/react";
import { NewNoticeForm, NoticeList, termText } from "~/components/operator/notices";
import { Flash } from "~/components/operator/operator-frame";
import type { PageHandle } from "~/components/page-title";
import { useFormResult } from "~/components/ui/form-result";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

const OK: Record<string, string> = {
  comunicado: "Comunicação feita à prefeitura.",
  registrado: "Fato registrado. Comunique à prefeitura dentro do prazo.",
};

export default function MyNotices() {
  const d = useLoaderData<typeof loader>();
  const { errors, values, flash } = useFormResult(OK);
  return (
    <>
      <p className="dica">
        <Link to="/vinculos">Vínculos com empresas</Link>
      </p>
      <h1>Minhas comunicações à prefeitura</h1>
      <Flash {...flash} />
      <NoticeList notices={d.notices} itemClassName="documento" buttonClassName="botao secundario" />
      <section className="cartao" aria-labelledby="nova">
        <h2 id="nova">Nova comunicação</h2>
        {d.options.length === 0 ? (
          <p>A lei dos municípios em que você pediu credenciamento não fixa comunicações de fatos para o titular.</p>
        ) : (
          <NewNoticeForm
            kindLabel="O que comunicar"
            now={d.now}
            values={values}
            errors={errors}
            options={d.options.map((o) => ({
              value: o.value,
              label: `${o.label}${o.within ? ` — prazo ${termText(o.within)}` : ""}`,
            }))}
          />
        )}
      </section>
    </>
  );
}

export const handle: PageHandle = { title: "Minhas comunicações" };

import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { DraftEditor, PublishDraft, StartDraft } from "~/components/back-office/rule-pack/draft";
import { DraftCategories } from "~/components/back-office/rule-pack/draft-categories";
import { DraftInfractions } from "~/components/back-office/rule-pack/draft-infractions";
import { DraftProposals, IncludedAll } from "~/components/back-office/rule-pack/draft-proposals";
import { DraftRules } from "~/components/back-office/rule-pack/draft-rules";
import { DraftValues } from "~/components/back-office/rule-pack/draft-values";
import type { PageHandle } from "~/components/page-title";
import { useFormResult } from "~/components/ui/form-result";
import { formatDate } from "~/domain/format";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

export default function RulePackDraftPage() {
  const {
    municipality,
    current,
    scheduled,
    draft,
    schemaUrl,
    today,
    proposals,
    inFlight,
    values,
    rules,
    infractions,
    categories,
    lawUnits,
  } = useLoaderData<typeof loader>();
  const { errors, error, values: typed } = useFormResult<Record<string, string>>();
  const [params] = useSearchParams();
  return (
    <>
      <h1>Novo texto das regras — {municipality.name}</h1>
      <p className="bo-sub">
        {current ? (
          <>
            Em vigor: versão <strong>{current.version}</strong>, desde {formatDate(current.effectiveDate)}.{" "}
          </>
        ) : (
          <>Nenhuma versão publicada: o município só recebe pedidos depois da primeira publicação. </>
        )}
        {scheduled ? (
          <>
            A versão <strong>{scheduled.version}</strong> já foi publicada e entra em vigor em{" "}
            {formatDate(scheduled.effectiveOn)}.{" "}
          </>
        ) : null}
        {current ? <Link to={`/m/${municipality.slug}/regras`}>Voltar às regras</Link> : null}
      </p>
      {params.get("incluida") ? (
        <div className="aviso sucesso" role="status">
          Regra {params.get("incluida")} incluída no rascunho, com a citação e o trecho da lei. Confira no texto abaixo.
        </div>
      ) : null}
      {params.get("incluidas") ? <IncludedAll included={params.get("incluidas")} left={params.get("deFora")} /> : null}
      {params.get("retirada") ? (
        <div className="aviso sucesso" role="status">
          Regra {params.get("retirada")} retirada do rascunho. Confira os problemas abaixo, se houver.
        </div>
      ) : null}
      {params.get("valores") ? (
        <div className="aviso sucesso" role="status">
          {params.get("valores") === "0"
            ? "Nenhum valor mudou."
            : `Valores salvos no rascunho (${params.get("valores")} ${params.get("valores") === "1" ? "regra mudou" : "regras mudaram"}). Confira os problemas abaixo, se houver.`}
        </div>
      ) : null}
      {params.get("infracoes") ? (
        <div className="aviso sucesso" role="status">
          {params.get("infracoes") === "0"
            ? "Nenhuma infração mudou."
            : `Infrações salvas no rascunho (${params.get("infracoes")} ${params.get("infracoes") === "1" ? "mudou" : "mudaram"}). Confira os problemas abaixo, se houver.`}
        </div>
      ) : null}
      {params.get("categorias") ? (
        <div className="aviso sucesso" role="status">
          Quem a lei credencia foi salvo no rascunho. Confira os problemas abaixo, se houver.
        </div>
      ) : null}
      {params.get("enviado") ? (
        <div className="aviso sucesso" role="status">
          Rascunho enviado. Outra pessoa com permissão para gerir as regras precisa conferir e publicar.
        </div>
      ) : null}
      {error && draft?.status === "EDITING" ? (
        <p className="aviso erro" role="alert">
          {error}
        </p>
      ) : null}
      {!draft ? <StartDraft version={current?.version ?? null} /> : null}
      {draft?.status === "EDITING" && draft.mine ? (
        <>
          {categories ? (
            <DraftCategories draftId={draft.id} choices={categories} units={lawUnits} errors={errors} typed={typed} />
          ) : null}
          {proposals ? <DraftProposals draftId={draft.id} proposals={proposals} /> : null}
          {rules ? <DraftRules draftId={draft.id} rows={rules} /> : null}
          {values ? <DraftValues draftId={draft.id} fields={values} errors={errors} typed={typed} /> : null}
          {infractions ? (
            <DraftInfractions draftId={draft.id} fields={infractions} errors={errors} typed={typed} />
          ) : null}
          <DraftEditor draft={draft} schemaUrl={schemaUrl} errors={{ text: errors.text }} />
        </>
      ) : null}
      {draft?.status === "EDITING" && !draft.mine ? (
        <p className="aviso" role="status">
          {draft.author} está escrevendo um novo texto das regras. Quando for enviado para publicação, ele aparece aqui
          para você conferir.
        </p>
      ) : null}
      {draft?.status === "SUBMITTED" && draft.mine ? (
        <p className="aviso" role="status">
          Você enviou este texto para publicação. Outra pessoa com permissão para gerir as regras precisa conferir e
          publicar; ela também pode devolvê-lo para você editar.
        </p>
      ) : null}
      {draft?.status === "SUBMITTED" && !draft.mine ? (
        <PublishDraft
          draft={draft}
          current={current?.version ?? null}
          today={today}
          errors={errors}
          error={error}
          inFlight={inFlight}
        />
      ) : null}
    </>
  );
}

export const handle: PageHandle = { title: "Novo texto das regras" };

import { Link, useLoaderData } from "@remix-run/react";
import { DraftEditor, PublishDraft, StartDraft } from "~/components/back-office/rule-pack/draft";
import { DraftCategories } from "~/components/back-office/rule-pack/draft-categories";
import { DraftExamples } from "~/components/back-office/rule-pack/draft-examples";
import { DraftLists } from "~/components/back-office/rule-pack/draft-lists";
import { DraftNotices } from "~/components/back-office/rule-pack/draft-notices";
import { DraftProposals } from "~/components/back-office/rule-pack/draft-proposals";
import { DraftRules } from "~/components/back-office/rule-pack/draft-rules";
import { DraftSummary } from "~/components/back-office/rule-pack/draft-summary";
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
    lists,
    summary,
    examples,
    categories,
    lawUnits,
  } = useLoaderData<typeof loader>();
  const { errors, error, values: typed } = useFormResult<Record<string, string>>();
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
      <DraftNotices />
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
          {summary ? <DraftSummary draftId={draft.id} fields={summary} errors={errors} typed={typed} /> : null}
          {examples ? <DraftExamples draftId={draft.id} view={examples} errors={errors} typed={typed} /> : null}
          {lists ? <DraftLists draftId={draft.id} lists={lists} errors={errors} typed={typed} /> : null}
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

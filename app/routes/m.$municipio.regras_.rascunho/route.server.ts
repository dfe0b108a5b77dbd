import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { examplesView } from "~/components/back-office/rule-pack/draft-examples";
import { draftRuleRows } from "~/components/back-office/rule-pack/draft-rules";
import { withExample } from "~/domain/eligibility/example-fields";
import { citableUnits } from "~/domain/laws/citation";
import { citedDraftFromLaw } from "~/domain/laws/proposals";
import { acceptableIn, proposalsInDraft } from "~/domain/rule-packs/accept-proposal";
import { categoryChoices } from "~/domain/rule-packs/category-offers";
import { packChanges } from "~/domain/rule-packs/changes";
import { documentObject } from "~/domain/rule-packs/document";
import { RULE_PACK_SCHEMA_PATH } from "~/domain/rule-packs/json-schema";
import { draftLists, isListName } from "~/domain/rule-packs/list-editors";
import { RULE_VALUE_LISTS, ruleValueFields, withRuleValues } from "~/domain/rule-packs/rule-values";
import { summaryFields, withSummaryFields } from "~/domain/rule-packs/summary-fields";
import { civilDate } from "~/domain/time";
import { zDraftText, zPublishDraft } from "~/forms/rule-pack-draft";
import { readForm } from "~/http/csrf.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { lawOf, type MunicipalLaw } from "~/models/law-text.server";
import { activePack, hasPackInForce, scheduledVersion } from "~/models/rule-pack.server";
import {
  acceptAllProposalsIntoDraft,
  acceptProposalIntoDraft,
  draftProblems,
  openDraft,
  removeRuleFromDraft,
  saveDraft,
  saveDraftCategories,
  saveDraftForm,
  saveDraftList,
  startDraft,
} from "~/models/rule-pack-draft.server";
import {
  applicationsInFlight,
  closeOrReturnDraft,
  publishDraft,
  submitDraft,
} from "~/models/rule-pack-publication.server";
import { actorNames } from "~/models/user-names.server";
import { fieldsStartingWith, listFormValues, parseForm } from "~/utils/forms";

// A new text of the rules (issue #30, ADR 069): the author writes the pack's document and checks
// it; another person who may manage the rules reads the changes in words and publishes it from a day.

const PERMISSION = "manage:rule-pack";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality, actor } = await requireStaff(request, params.municipio, PERMISSION);
  const [current, scheduled, draft] = await Promise.all([
    hasPackInForce(municipality).then((has) => (has ? activePack(municipality) : null)),
    scheduledVersion(municipality),
    openDraft(municipality.id),
  ]);
  const checked = draft ? await draftProblems(municipality, draft.documentJson) : null;
  // For the publisher: the applications in flight, which keep the version they were started under.
  const inFlight = draft?.status === "SUBMITTED" ? await applicationsInFlight(municipality.id) : [];
  const law = draft?.status === "EDITING" && draft.authorId === actor.userId ? await lawOf(municipality.id) : null;
  const doc = draft ? documentObject(draft.documentJson) : null;
  const units = law ? citableUnits(law.label, law.units) : null;
  const names = await actorNames(draft ? [draft.authorId] : []);
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    today: civilDate(new Date(), municipality.timeZone),
    schemaUrl: RULE_PACK_SCHEMA_PATH,
    current: current ? { version: current.version, effectiveDate: current.effectiveDate } : null,
    scheduled: scheduled
      ? { version: scheduled.version, effectiveOn: civilDate(scheduled.effectiveFrom!, municipality.timeZone) }
      : null,
    draft: draft
      ? {
          id: draft.id,
          status: draft.status as "EDITING" | "SUBMITTED",
          text: draft.documentJson,
          basedOnVersion: draft.basedOnVersion,
          author: names(draft.authorId),
          mine: draft.authorId === actor.userId,
          updatedAt: draft.updatedAt.toISOString(),
          problems: checked!.problems,
          examples: checked!.pack?.examples.length ?? 0,
          changes: checked!.pack && current ? packChanges(current, checked!.pack) : null,
        }
      : null,
    proposals: law ? proposalsFor(law, draft!.documentJson) : null,
    // The author's forms: who the law credentials, and the rules' values (how old, how long, how big).
    ...(draft?.status === "EDITING" && draft.authorId === actor.userId
      ? {
          values: ruleValueFields(draft.documentJson),
          rules: draftRuleRows(doc),
          lists: doc ? draftLists(doc, units, new URL(request.url).searchParams.get("lista")) : null,
          summary: summaryFields(draft.documentJson),
          examples: examplesView(
            doc,
            checked!.pack,
            new URL(request.url).searchParams.get("exemplo"),
            civilDate(new Date(), municipality.timeZone),
          ),
          categories: categoryChoices(draft.documentJson),
          lawUnits: units,
        }
      : {
          values: null,
          rules: null,
          lists: null,
          summary: null,
          examples: null,
          categories: null,
          lawUnits: null,
        }),
    inFlight,
  };
});

/** What the law's text proposes, for the author: each with its citation, sentence, and whether the draft cites it already. */
function proposalsFor(law: MunicipalLaw, text: string) {
  const { proposals, silent } = citedDraftFromLaw(law.label, law.units);
  const inDraft = proposalsInDraft(text);
  const acceptable = acceptableIn(text);
  return {
    lawLabel: law.label,
    items: proposals.map((p) => ({
      kind: p.kind,
      key: p.key ?? "",
      kindLabel: p.kindLabel,
      text: p.text,
      anchor: p.anchor,
      citation: p.citation,
      quote: p.quote,
      acceptable: acceptable(p),
      inDraft: inDraft(p, p.citation),
    })),
    silent,
  };
}

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor } = await requireStaff(request, params.municipio, PERMISSION);
  const form = await readForm(request);
  const here = `/m/${municipality.slug}/regras/rascunho`;
  const draftId = String(form.get("draftId") ?? "");
  switch (form.get("intent")) {
    case "start":
      await startDraft(municipality, actor);
      return redirect(here);
    case "save": {
      const parsed = parseForm(zDraftText, form);
      if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
      const { problems } = await saveDraft(municipality, draftId, parsed.data.text, actor);
      return { saved: true, problemCount: problems.length };
    }
    case "values": {
      // Only the values' fields: "personRules.<id>.<value>", "vehicleRules.…", "operatorRules.…", "parameters.<key>.value".
      const typed = Object.assign(
        {},
        ...[...RULE_VALUE_LISTS, "parameters"].map((list) => fieldsStartingWith(form, `${list}.`)),
      );
      const saved = await saveDraftForm(municipality, draftId, (text) => withRuleValues(text, typed), actor);
      if ("errors" in saved) return data({ errors: saved.errors, values: typed }, { status: 400 });
      return redirect(`${here}?valores=${saved.changed}`);
    }
    case "list": {
      // One list's fields: "<lista>.<index>.<field>" (the lists of domain/rule-packs/list-editors.ts).
      const name = form.get("lista");
      if (!isListName(name)) return data({ error: "Lista desconhecida." }, { status: 400 });
      const typed = fieldsStartingWith(form, `${name}.`);
      const saved = await saveDraftList(municipality, draftId, name, typed, actor);
      if ("errors" in saved) return data({ errors: saved.errors, values: { ...typed, lista: name } }, { status: 400 });
      return redirect(`${here}?lista=${name}&mudaram=${saved.changed}#lista-${name}`);
    }
    case "summary": {
      const typed = { summary: String(form.get("resumo") ?? ""), silences: String(form.get("silencios") ?? "") };
      const saved = await saveDraftForm(municipality, draftId, (text) => withSummaryFields(text, typed), actor);
      if ("errors" in saved)
        return data(
          {
            errors: { resumo: saved.errors.summary, _form: saved.errors._form },
            values: { resumo: typed.summary, silencios: typed.silences },
          },
          { status: 400 },
        );
      return redirect(`${here}?resumo=1`);
    }
    case "example": {
      // Every field of the example's form; a checkbox group ("falha", a multiple choice) as a list.
      const typed = listFormValues(form, ["csrf", "intent", "draftId"]);
      const saved = await saveDraftForm(municipality, draftId, (text) => withExample(text, typed), actor);
      if ("errors" in saved) return data({ errors: saved.errors, values: typed }, { status: 400 });
      return redirect(`${here}?exemploSalvo=1#exemplos`);
    }
    case "categories": {
      // Only the categories' fields: "categoria.<code>", "categoria.<code>.<part>".
      const typed = fieldsStartingWith(form, "categoria.");
      const saved = await saveDraftCategories(municipality, draftId, typed, actor);
      if ("errors" in saved) return data({ errors: saved.errors, values: typed }, { status: 400 });
      return redirect(`${here}?categorias=1`);
    }
    case "accept": {
      const { ruleId } = await acceptProposalIntoDraft(
        municipality,
        draftId,
        {
          anchor: String(form.get("anchor") ?? ""),
          kind: String(form.get("kind") ?? ""),
          key: String(form.get("key") ?? ""),
        },
        actor,
      );
      return redirect(`${here}?incluida=${encodeURIComponent(ruleId)}`);
    }
    case "remove": {
      const at = {
        list: String(form.get("list") ?? ""),
        index: Number(form.get("index") ?? -1),
        key: String(form.get("key") ?? ""),
      };
      await removeRuleFromDraft(municipality, draftId, at, actor);
      if (at.list === "examples") return redirect(`${here}?exemploRetirado=${encodeURIComponent(at.key)}#exemplos`);
      return redirect(`${here}?retirada=${encodeURIComponent(at.key || String(at.index + 1))}`);
    }
    case "acceptAll": {
      const { included, left } = await acceptAllProposalsIntoDraft(municipality, draftId, actor);
      return redirect(`${here}?incluidas=${included}&deFora=${left}`);
    }
    case "submit":
      await submitDraft(municipality, draftId, actor);
      return redirect(`${here}?enviado=1`);
    case "return":
      await closeOrReturnDraft(municipality, draftId, "EDITING", actor);
      return redirect(here);
    case "discard":
      await closeOrReturnDraft(municipality, draftId, "DISCARDED", actor);
      return redirect(`/m/${municipality.slug}/regras`);
    case "publish": {
      const parsed = parseForm(zPublishDraft, form);
      if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
      const { version, effectiveOn } = await publishDraft(municipality, draftId, parsed.data, actor);
      return redirect(`/m/${municipality.slug}/regras?publicada=${version}&vigencia=${effectiveOn}#versoes`);
    }
    default:
      return data({ error: "Ação desconhecida." }, { status: 400 });
  }
});

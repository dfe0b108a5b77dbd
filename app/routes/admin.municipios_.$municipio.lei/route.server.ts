import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { citedDraftFromLaw } from "~/domain/laws/proposals";
import { type LawUnit, structureOfLaw } from "~/domain/laws/structure";
import { zLawText } from "~/forms/law-text";
import { assertCsrf, readForm } from "~/http/csrf.server";
import { actorOf, requirePermission } from "~/http/permissions.server";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";
import { receiveUpload } from "~/http/upload.server";
import {
  LAW_PDF_MAX_BYTES,
  lawOf,
  lawTextFromPdf,
  removeAmendment,
  saveAmendment,
  saveLawText,
} from "~/models/law-text.server";
import { requireMunicipality } from "~/models/municipality.server";
import { formValues, parseForm } from "~/utils/forms";
import { getStorage } from "~/utils/storage.server";

// The platform admin attaches a municipality's law (issue #30, ADR 067): from a PDF's text layer
// or pasted; the division into articles, paragraphs, incisos and alíneas is shown, with what looked
// wrong, before and after it is saved.

/** What the reading found, for the page: counts per kind, the problems, and each unit's start. */
function reading(text: string) {
  const { units, problems } = structureOfLaw(text);
  return {
    articles: units.filter((u) => u.kind === "ARTIGO").length,
    units: units.map((u) => ({ anchor: u.anchor, label: u.label, start: u.text.slice(0, 140) })),
    problems,
  };
}

/** The rules the text speaks of, each with the citation of its unit and the sentence; and its silences. */
function draft(label: string, units: LawUnit[]) {
  const { proposals, silent } = citedDraftFromLaw(label, units);
  return {
    proposals: proposals.map((p) => ({
      kind: p.kindLabel,
      text: p.text,
      citation: p.citation,
      anchor: p.anchor,
      quote: p.quote,
    })),
    silent,
  };
}

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  await requirePermission(request, "create:municipality");
  const municipality = await requireMunicipality(params.municipio);
  const law = await lawOf(municipality.id);
  return {
    municipality: { name: municipality.name, uf: municipality.uf, slug: municipality.slug },
    saved: law
      ? {
          label: law.label,
          title: law.title,
          publishedOn: law.publishedOn ?? "",
          articles: law.units.filter((u) => u.kind === "ARTIGO").length,
          units: law.units.length,
          problems: law.problems,
          amendments: law.amendments,
        }
      : null,
    draft: law ? draft(law.label, law.units) : null,
    maxPdfMb: Math.round(LAW_PDF_MAX_BYTES / 1024 / 1024),
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requirePermission(request, "create:municipality");
  const municipality = await requireMunicipality(params.municipio);
  // The PDF: its text goes into the form, to be checked and saved by a person.
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const upload = await receiveUpload(request, {
      field: "pdf",
      storage: getStorage(),
      maxBytes: LAW_PDF_MAX_BYTES,
      remainingUserBytes: LAW_PDF_MAX_BYTES,
      maxFields: 2,
      beforeStore: (fields) => assertCsrf(request, fields.csrf ?? null),
    });
    if (!upload.ok) return data({ errors: { pdf: upload.message }, values: {} }, { status: upload.status });
    if (upload.file.mime !== "application/pdf") {
      await getStorage().delete(upload.file.key);
      return data(
        { errors: { pdf: "Envie o PDF da lei (um arquivo .pdf), não uma imagem." }, values: {} },
        { status: 400 },
      );
    }
    const extracted = await lawTextFromPdf(upload.file.key);
    if (!extracted.ok) return data({ errors: { pdf: extracted.message }, values: {} }, { status: 400 });
    return {
      extracted: { pages: extracted.pages },
      values: { text: extracted.text },
      preview: reading(extracted.text),
    };
  }
  const form = await readForm(request);
  const intent = form.get("intent");
  const actor = actorOf(user, request, { role: "ADMIN", municipalityId: municipality.id, operatorId: null });
  const page = `/admin/municipios/${municipality.slug}/lei`;
  if (intent === "remove-amendment") {
    const label = String(form.get("label") ?? "");
    await removeAmendment(municipality.id, label, actor);
    return redirect(`${page}?retirada=${encodeURIComponent(label)}`);
  }
  // The law and an amendment have the same fields; `form` says which form answered, for its errors.
  const which = intent === "amend" ? "amendment" : "law";
  const parsed = parseForm(zLawText, form);
  if (!parsed.ok) return data({ form: which, errors: parsed.errors, values: parsed.values }, { status: 400 });
  if (intent === "preview")
    return { form: which, values: { ...formValues(form), text: parsed.data.text }, preview: reading(parsed.data.text) };
  if (intent === "amend") {
    try {
      await saveAmendment(municipality.id, parsed.data, actor);
    } catch (e) {
      return refusedForm(e, { form: which, values: formValues(form), errors: {} });
    }
    return redirect(`${page}?alteracao=${encodeURIComponent(parsed.data.label)}#alteracoes-titulo`);
  }
  await saveLawText(municipality.id, { ...parsed.data, position: 0 }, actor);
  return redirect(`${page}?salvo=1`);
});

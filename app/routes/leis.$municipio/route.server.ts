import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { withRefusals } from "~/http/refusal.server";
import { lawOf } from "~/models/law-text.server";
import { requireMunicipality } from "~/models/municipality.server";
import { hasPackInForce } from "~/models/rule-pack.server";

// The municipality's law, unit by unit with its anchors (ADR 067): public, like the law; every
// citation on the rules pages links here.
export const loader = withRefusals(async ({ params }: LoaderFunctionArgs) => {
  const municipality = await requireMunicipality(params.municipio);
  const law = await lawOf(municipality.id);
  if (!law) throw notFound(`O texto da lei de ${municipality.name} ainda não foi anexado ao portal.`);
  const rulesPublished = municipality.active && (await hasPackInForce(municipality));
  return {
    municipality: { name: municipality.name, uf: municipality.uf },
    rulesPath: rulesPublished ? `/regras/${municipality.slug}` : null,
    law: {
      label: law.label,
      title: law.title,
      publishedOn: law.publishedOn,
      amendments: law.amendments.map(({ label, title, publishedOn }) => ({ label, title, publishedOn })),
    },
    units: law.units.map(({ anchor, kind, label, text, wordingFrom, amendment }) => ({
      anchor,
      kind,
      label,
      text,
      wordingFrom,
      amendment,
    })),
  };
});

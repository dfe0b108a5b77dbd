import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { withRefusals } from "~/http/refusal.server";
import { packReadingView } from "~/http/rule-pack-view.server";
import { lawOf } from "~/models/law-text.server";
import { requireMunicipality } from "~/models/municipality.server";
import { activePack, hasPackInForce } from "~/models/rule-pack.server";

// The rules a municipality applies, for anyone (issue #30): the version in force, each rule in a
// sentence with its citation and the law's words, and the federal layer over them. Public like the
// law it reads: the pack holds nothing personal.
export const loader = withRefusals(async ({ params }: LoaderFunctionArgs) => {
  const municipality = await requireMunicipality(params.municipio);
  if (!municipality.active || !(await hasPackInForce(municipality)))
    throw notFound(`As regras de ${municipality.name} ainda não foram publicadas no portal.`);
  const [pack, law] = await Promise.all([activePack(municipality), lawOf(municipality.id)]);
  return {
    municipality: { name: municipality.name, uf: municipality.uf },
    lawPath: law ? `/leis/${municipality.slug}` : null,
    pack: packReadingView(pack, law),
  };
});

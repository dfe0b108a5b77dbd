// A law's text, unit by unit, each at its own anchor (/leis/<municipio>#art9_cpt_inc2): the article as
// a heading with its caput, then its paragraphs, incisos and alíneas indented by depth.
import type { LawUnitKind } from "~/domain/laws/structure";

type Unit = {
  anchor: string;
  kind: LawUnitKind;
  label: string;
  text: string;
  wordingFrom?: string;
  amendment?: "ADDED" | "REVOKED";
};

const INCISO_OR_ALINEA = (u: Unit) =>
  u.kind === "INCISO" || u.kind === "ALINEA" ? ` ${u.kind === "INCISO" ? "–" : ")"}` : "";

const WORDING = { ADDED: "Incluído pela", REVOKED: "Revogado pela" } as const;

/** Which law wrote this wording, as compiled texts say it: "Redação dada", "Incluído", "Revogado". */
function Wording({ unit }: { unit: Unit }) {
  if (!unit.wordingFrom) return null;
  const words = unit.amendment ? WORDING[unit.amendment] : "Redação dada pela";
  return <small className="lei-redacao"> ({`${words} ${unit.wordingFrom}`})</small>;
}

/** The units of one article after its caput. */
function Part({ unit }: { unit: Unit }) {
  return (
    <p id={unit.anchor} className={`lei-${unit.kind.toLowerCase()}`}>
      <a href={`#${unit.anchor}`} className="lei-rotulo">
        {unit.label}
        {INCISO_OR_ALINEA(unit)}
      </a>{" "}
      {unit.text}
      <Wording unit={unit} />
    </p>
  );
}

export function LawUnits({ units }: { units: Unit[] }) {
  const articles: { article: Unit; parts: Unit[] }[] = [];
  for (const unit of units)
    if (unit.kind === "ARTIGO") articles.push({ article: unit, parts: [] });
    else articles[articles.length - 1]?.parts.push(unit);
  return (
    <>
      {articles.map(({ article, parts }) => (
        <section key={article.anchor} className="lei-artigo" aria-labelledby={`${article.anchor}-titulo`}>
          <h2 id={`${article.anchor}-titulo`} className="lei-titulo-artigo">
            <a href={`#${article.anchor}`}>{article.label}</a>
          </h2>
          <p id={article.anchor} className="lei-caput">
            {article.text}
            <Wording unit={article} />
          </p>
          {parts.map((u) => (
            <Part key={u.anchor} unit={u} />
          ))}
        </section>
      ))}
    </>
  );
}

// The rule pack as the gestor reads it, already worded by the loader; each rule's citation opens on
// the sentence of the law it cites.
import { Citation } from "~/components/law/citation";
import type { CitationReading } from "~/domain/laws/citation";

type Rule = { text: string; who: string; citation: CitationReading };

type Props = {
  /** Where the law's text is (/leis/<municipio>), or null when it is not attached. */
  lawPath: string | null;
  pack: {
    categories: { label: string; acts: string[]; selection: string | null; term: string | null; colours: string[] }[];
    groups: { title: string; rules: Rule[] }[];
    infractions: {
      classes: { label: string; penalty: string; citation: string }[];
      catalogue: {
        code: string;
        description: string;
        class: string | null;
        penalty: string | null;
        citation: CitationReading;
      }[];
      repeat: string | null;
      enforcement: string[];
    };
    silences: string[];
  };
};

export function PackReading({ pack, lawPath }: Props) {
  return (
    <>
      <section id="categorias" aria-labelledby="categorias-titulo">
        <h2 id="categorias-titulo">Categorias</h2>
        <div className="bo-grade">
          {pack.categories.map((c) => (
            <div className="cartao" key={c.label}>
              <h3>{c.label}</h3>
              <ul>
                {c.acts.map((a) => (
                  <li key={a}>{a}</li>
                ))}
                {c.selection ? <li>Seleção: {c.selection}</li> : null}
                {c.term ? <li>{c.term}</li> : null}
                {c.colours.map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      {pack.groups.map((g, i) => (
        <section key={g.title} id={`grupo-${i}`} aria-labelledby={`grupo-${i}-titulo`}>
          <h2 id={`grupo-${i}-titulo`}>{g.title}</h2>
          <div className="tabela-rolagem">
            <table className="tabela-responsiva bo-tabela">
              <thead>
                <tr>
                  <th scope="col">Regra</th>
                  <th scope="col">Para quem</th>
                  <th scope="col">Fundamento</th>
                </tr>
              </thead>
              <tbody>
                {g.rules.map((r, j) => (
                  <tr key={j}>
                    <td data-label="Regra">{r.text}</td>
                    <td data-label="Para quem">{r.who || "—"}</td>
                    <td data-label="Fundamento">
                      <Citation reading={r.citation} lawPath={lawPath} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}

      <section id="infracoes" aria-labelledby="infracoes-titulo">
        <h2 id="infracoes-titulo">Infrações e penalidades</h2>
        {pack.infractions.classes.length ? (
          <ul>
            {pack.infractions.classes.map((c) => (
              <li key={c.label}>
                <strong>{c.label}</strong>: {c.penalty} ({c.citation})
              </li>
            ))}
          </ul>
        ) : null}
        {pack.infractions.repeat ? <p>{pack.infractions.repeat}</p> : null}
        {pack.infractions.enforcement.map((x) => (
          <p key={x}>{x}</p>
        ))}
        <details>
          <summary>Catálogo de infrações ({pack.infractions.catalogue.length})</summary>
          <div className="tabela-rolagem">
            <table className="tabela-responsiva bo-tabela">
              <thead>
                <tr>
                  <th scope="col">Infração</th>
                  <th scope="col">Classe ou penalidade</th>
                  <th scope="col">Fundamento</th>
                </tr>
              </thead>
              <tbody>
                {pack.infractions.catalogue.map((i) => (
                  <tr key={i.code}>
                    <td data-label="Infração">{i.description}</td>
                    <td data-label="Classe ou penalidade">{i.class ?? i.penalty ?? "—"}</td>
                    <td data-label="Fundamento">
                      <Citation reading={i.citation} lawPath={lawPath} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>

      {pack.silences.length ? (
        <section aria-labelledby="silencios-titulo">
          <h2 id="silencios-titulo">O que a lei não diz</h2>
          <ul>
            {pack.silences.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

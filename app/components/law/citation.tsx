// A rule's legal basis as the reader follows it: the citation, and under it the sentence it cites,
// linked to its place in the law's text (/leis/<municipio>#anchor). Without the law's text, the words
// the pack quotes, unlinked; a citation that points at no unit of the text says so.
import type { CitationReading } from "~/domain/laws/citation";

export function Citation({ reading, lawPath }: { reading: CitationReading; lawPath: string | null }) {
  if (reading.units.length === 0)
    return (
      <>
        {reading.citation}
        {lawPath && reading.unresolved ? (
          <span className="lei-nao-encontrado"> — não encontrado no texto da lei</span>
        ) : null}
      </>
    );
  return (
    <details className="lei-citacao">
      <summary>{reading.citation}</summary>
      {reading.units.map((u) => (
        <blockquote key={u.anchor || u.text} cite={lawPath && u.anchor ? `${lawPath}#${u.anchor}` : undefined}>
          <p>
            {u.label ? <strong>{u.label}</strong> : null} {u.text}
          </p>
          {lawPath && u.anchor ? <a href={`${lawPath}#${u.anchor}`}>Ver no texto da lei</a> : null}
        </blockquote>
      ))}
      {reading.unresolved ? (
        <p className="lei-nao-encontrado">Parte da citação não foi encontrada no texto da lei.</p>
      ) : null}
    </details>
  );
}

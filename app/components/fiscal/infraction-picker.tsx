// The infraction as radio buttons under a search box; without JavaScript the whole list is there,
// with it typing narrows the list (the chosen one always stays).
import { useMemo, useState } from "react";
import { type InfractionItem, infractionLabel, searchInfractions } from "./infraction-search";

export function InfractionPicker({
  catalogue,
  value,
  onChange,
  error,
}: {
  catalogue: InfractionItem[];
  value: string;
  onChange: (code: string) => void;
  error?: string;
}) {
  const [query, setQuery] = useState("");
  const shown = useMemo(() => {
    const found = searchInfractions(catalogue, query);
    const chosen = catalogue.find((i) => i.code === value);
    return chosen && !found.includes(chosen) ? [chosen, ...found] : found;
  }, [catalogue, query, value]);
  const selected = catalogue.find((c) => c.code === value);
  const matches = shown.length - (selected && !searchInfractions([selected], query).length ? 1 : 0);
  return (
    <fieldset
      className="campo escolha-infracao"
      aria-invalid={error ? true : undefined}
      aria-describedby={
        [error ? "auto-code-erro" : null, selected ? "auto-code-base" : null].filter(Boolean).join(" ") || undefined
      }
    >
      <legend>Infração (lei do município)</legend>
      <label htmlFor="auto-busca">Buscar infração</label>
      <input
        id="auto-busca"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        enterKeyHint="search"
        placeholder="ex.: capacete, embriaguez, art. 31"
        aria-controls="auto-opcoes"
        aria-describedby="auto-busca-conta"
        onKeyDown={(e) => {
          if (e.key === "Enter") e.preventDefault();
        }}
      />
      <p className="dica" id="auto-busca-conta" role="status">
        {query.trim()
          ? matches === 0
            ? "Nenhuma infração encontrada: tente outra palavra ou o artigo da lei."
            : `${matches} ${matches === 1 ? "infração encontrada" : "infrações encontradas"}.`
          : `${catalogue.length} infrações na lei do município.`}
      </p>
      <div className="opcoes-infracao" id="auto-opcoes">
        {shown.map((i) => (
          <label key={i.code} className="opcao-infracao">
            <input
              type="radio"
              name="code"
              value={i.code}
              checked={value === i.code}
              onChange={() => onChange(i.code)}
            />
            <span>{infractionLabel(i)}</span>
          </label>
        ))}
      </div>
      {selected ? (
        <p className="dica" id="auto-code-base">
          Escolhida: {infractionLabel(selected)}.<br />
          Classe: <strong>{selected.classLabel ?? "sem classe (penalidade própria)"}</strong> · {selected.citation}
        </p>
      ) : null}
      {error ? (
        <p className="erro-campo" id="auto-code-erro">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

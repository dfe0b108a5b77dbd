// Questions 2 and 3 of a new request (/requerimentos/novo): the category, then the way of working,
// each a GET form of gov.br radios. With the page's script, choosing is enough: the next question
// comes at once and the form's button is not drawn; without it, the button takes the answer.
import { Form } from "@remix-run/react";
import type { FormEvent } from "react";
import { useScripted } from "~/components/ui/use-scripted";

type Town = { slug: string; name: string };
type Advance = (event: FormEvent<HTMLFormElement>) => void;

export function CategoryStep({
  town,
  categories,
  category,
  onChange,
}: {
  town: Town;
  categories: { code: string; label: string; law: string }[];
  category: string | null;
  onChange: Advance;
}) {
  const scripted = useScripted();
  return (
    <Form method="get" className="cartao" onChange={onChange} preventScrollReset>
      <input type="hidden" name="municipio" value={town.slug} />
      <h2>2. Categoria em {town.name}</h2>
      <fieldset>
        <legend>O que você faz?</legend>
        <div className="opcoes">
          {categories.map((c) => (
            <div key={c.code} className="br-radio">
              <input
                id={`categoria-${c.code}`}
                type="radio"
                name="categoria"
                value={c.code}
                defaultChecked={category === c.code}
              />
              <label htmlFor={`categoria-${c.code}`}>{c.label}</label>
            </div>
          ))}
        </div>
        <p className="dica">Conforme a {categories[0]?.law}.</p>
      </fieldset>
      {scripted ? null : (
        <button type="submit" className="botao secundario">
          Escolher categoria
        </button>
      )}
    </Form>
  );
}

export function ModeStep({
  town,
  category,
  modes,
  mode,
  onChange,
}: {
  town: Town;
  category: string;
  modes: { mode: string; label: string; hint: string; citation: string }[];
  mode: string | null;
  onChange: Advance;
}) {
  const scripted = useScripted();
  // The first option carries the field's id: the error summary's link lands on it.
  const idOf = (i: number, m: string) => (i === 0 ? "modo" : `modo-${m}`);
  return (
    <Form method="get" className="cartao" onChange={onChange} preventScrollReset>
      <input type="hidden" name="municipio" value={town.slug} />
      <input type="hidden" name="categoria" value={category} />
      <h2>3. Como você trabalha?</h2>
      <fieldset>
        <legend>Forma de trabalho</legend>
        {modes.map((m, i) => (
          <div key={m.mode} className="br-radio">
            <input
              id={idOf(i, m.mode)}
              type="radio"
              name="modo"
              value={m.mode}
              defaultChecked={mode === m.mode}
              required
            />
            <label htmlFor={idOf(i, m.mode)}>
              <strong>{m.label}</strong> — {m.hint} <span className="citacao">{m.citation}</span>
            </label>
          </div>
        ))}
      </fieldset>
      {scripted ? null : (
        <button type="submit" className="botao secundario">
          Ver o que a lei pede
        </button>
      )}
    </Form>
  );
}

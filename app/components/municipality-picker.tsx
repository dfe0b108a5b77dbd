// Step 1 of every new request: a GET form, so the page reloads with that municipality's law and
// works without JavaScript.
import { Form } from "@remix-run/react";

export function MunicipalityPicker({
  question,
  municipalities,
  chosenSlug,
}: {
  question: string;
  municipalities: { slug: string; name: string }[];
  chosenSlug: string | null | undefined;
}) {
  return (
    <Form method="get" className="cartao">
      <h2>1. Município</h2>
      <div className="campo">
        <label htmlFor="municipio">{question}</label>
        <select id="municipio" name="municipio" defaultValue={chosenSlug ?? ""}>
          <option value="">Escolha…</option>
          {municipalities.map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="botao secundario">
        Escolher município
      </button>
    </Form>
  );
}

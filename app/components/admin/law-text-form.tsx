// The platform admin's page for a municipality's law (ADR 067): the text now saved and how it was
// divided; a PDF whose text layer fills the text box; the text box, checked ("Conferir a divisão")
// before it is saved.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FileField, TextAreaField } from "~/components/ui/field";
import { Fields } from "~/components/ui/fields";
import { constraintsOf } from "~/forms/constraints";
import { LAW_TEXT_FIELDS, zLawText } from "~/forms/law-text";

const LIMITS = constraintsOf(zLawText);

type Errors = Record<string, string | undefined>;
export type LawReading = {
  articles: number;
  units: { anchor: string; label: string; start: string }[];
  problems: string[];
};

export function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return <p>Nenhum problema encontrado na divisão.</p>;
  return (
    <div className="aviso atencao" role="status">
      <p>Confira no texto:</p>
      <ul>
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}

export function LawPdfForm({ error, maxMb }: { error?: string; maxMb: number }) {
  return (
    <Form method="post" encType="multipart/form-data" className="cartao">
      <CsrfInput />
      <FileField
        label="PDF da lei"
        name="pdf"
        accept="application/pdf"
        error={error}
        hint={`O PDF publicado, com texto selecionável (até ${maxMb} MB). O texto lido vai para a caixa abaixo, para você conferir antes de salvar; o arquivo não fica guardado. PDF escaneado (só imagem) não tem texto: cole o texto.`}
      />
      <SubmitButton busyText="Lendo o PDF…">Ler o texto do PDF</SubmitButton>
    </Form>
  );
}

export function LawTextForm({ errors, values }: { errors: Errors; values: Record<string, string> }) {
  return (
    <Form method="post" noValidate className="cartao">
      <CsrfInput />
      <ErrorSummary errors={errors} />
      <Fields fields={LAW_TEXT_FIELDS} values={values} errors={errors} limits={LIMITS} />
      <TextAreaField
        label="Texto da lei"
        name="text"
        hint="O texto inteiro, com as alterações já incorporadas (texto compilado) se houver. Cabeçalhos de página e números de página são ignorados."
        defaultValue={values.text}
        error={errors.text}
        constraint={LIMITS.text}
        rows={18}
      />
      <div className="acoes">
        <SubmitButton name="intent" value="preview" className="botao secundario" busyText="Conferindo…">
          Conferir a divisão
        </SubmitButton>
        <SubmitButton name="intent" value="save" busyText="Salvando…">
          Salvar o texto
        </SubmitButton>
      </div>
    </Form>
  );
}

export function LawPreview({ reading }: { reading: LawReading }) {
  return (
    <section className="cartao" aria-labelledby="divisao-titulo">
      <h2 id="divisao-titulo">Como o portal dividiu o texto</h2>
      <p>
        {reading.articles} artigos, {reading.units.length} dispositivos ao todo. Cada um tem um endereço que as regras
        citam.
      </p>
      <Problems problems={reading.problems} />
      <div className="tabela-rolagem">
        <table className="tabela-responsiva">
          <thead>
            <tr>
              <th scope="col">Endereço</th>
              <th scope="col">Dispositivo</th>
              <th scope="col">Começo do texto</th>
            </tr>
          </thead>
          <tbody>
            {reading.units.map((u) => (
              <tr key={u.anchor}>
                <td data-label="Endereço">
                  <code>{u.anchor}</code>
                </td>
                <td data-label="Dispositivo">{u.label}</td>
                <td data-label="Começo do texto">{u.start}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export type LawDraftView = {
  proposals: { kind: string; text: string; citation: string; anchor: string; quote: string }[];
  silent: string[];
};

/** What the text proposes, each with the sentence it was read from; and what it is silent on. */
export function LawDraft({ draft, lawPath }: { draft: LawDraftView; lawPath: string }) {
  return (
    <section className="cartao" aria-labelledby="rascunho-titulo">
      <h2 id="rascunho-titulo">Regras que o texto propõe</h2>
      <p>
        Lidas do texto salvo, cada uma com o trecho de onde veio. São propostas: nada vira regra sem uma pessoa aceitar,
        corrigir ou descartar no editor do pacote de regras, e o que a lei não diz fica em branco.
      </p>
      <div className="tabela-rolagem">
        <table className="tabela-responsiva">
          <thead>
            <tr>
              <th scope="col">Proposta</th>
              <th scope="col">Fundamento</th>
              <th scope="col">Trecho da lei</th>
            </tr>
          </thead>
          <tbody>
            {draft.proposals.map((p) => (
              <tr key={`${p.kind}-${p.anchor}`}>
                <td data-label="Proposta">
                  <strong>{p.kind}</strong>: {p.text}
                </td>
                <td data-label="Fundamento">
                  <a href={`${lawPath}#${p.anchor}`}>{p.citation}</a>
                </td>
                <td data-label="Trecho da lei">{p.quote}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {draft.silent.length ? (
        <p>
          <strong>A lei não fala de:</strong> {draft.silent.join("; ")}. Se houver regra sobre isso, está em outra norma
          (decreto, lei federal) — ou não existe.
        </p>
      ) : null}
    </section>
  );
}

// What the law's text proposes (ADR 068), beside the draft's editor (ADR 069): each proposal with its
// citation and sentence, included in the draft by a person with "Incluir", or left to the text.
import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { Hidden, RowAction } from "./draft";

export type ProposalsView = {
  lawLabel: string;
  items: {
    kind: string;
    /** Tells apart two proposals of one kind in one unit (two documents). */
    key: string;
    kindLabel: string;
    text: string;
    anchor: string;
    citation: string;
    quote: string;
    acceptable: boolean;
    inDraft: boolean;
  }[];
  silent: string[];
};

/** What the law's text proposes (ADR 068), each included in the draft by a person, with its citation. */
export function DraftProposals({ draftId, proposals }: { draftId: string; proposals: ProposalsView }) {
  return (
    <section className="cartao" aria-labelledby="propostas-titulo">
      <h2 id="propostas-titulo">Regras que a {proposals.lawLabel} propõe</h2>
      <p className="dica">
        Lidas do texto da lei, cada uma com o trecho de onde veio. Nada entra no rascunho sem você incluir; as que
        dependem de escolhas que a lei não faz (qual categoria, qual credencial) se escrevem no texto. Um documento
        entra para todas as modalidades do rascunho, com a validade que a lei lhe dá; uma infração, com as penalidades
        que a lei lista para todas (confira quem a comete).
      </p>
      <IncludeAll draftId={draftId} missing={proposals.items.filter((p) => p.acceptable && !p.inDraft).length} />
      <div className="tabela-rolagem">
        <table className="tabela-responsiva">
          <thead>
            <tr>
              <th scope="col">Proposta</th>
              <th scope="col">Trecho da lei</th>
              <th scope="col">No rascunho</th>
            </tr>
          </thead>
          <tbody>
            {proposals.items.map((p) => (
              <tr key={`${p.kind}-${p.anchor}-${p.key}`}>
                <td data-label="Proposta">
                  <strong>{p.text}</strong>
                  <br />
                  <span className="dica">{p.citation}</span>
                </td>
                <td data-label="Trecho da lei">{p.quote}</td>
                <td data-label="No rascunho">
                  {p.inDraft ? (
                    "Já citada no texto"
                  ) : p.acceptable ? (
                    <RowAction
                      draftId={draftId}
                      intent="accept"
                      fields={{ anchor: p.anchor, kind: p.kind, key: p.key }}
                      label="Incluir"
                      busyText="Incluindo…"
                      row={p.text}
                    />
                  ) : (
                    "Escreva no texto"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {proposals.silent.length ? (
        <p>
          A lei não fala de: {proposals.silent.join("; ")}. Nada é inventado: deixe de fora ou registre em “silences”.
        </p>
      ) : null}
    </section>
  );
}

/** "Incluir todas": what the draft lacks, in one step; a second rule of a kind stays one at a time. */
function IncludeAll({ draftId, missing }: { draftId: string; missing: number }) {
  if (missing < 2) return null;
  return (
    <Form method="post" className="acoes">
      <Hidden draftId={draftId} intent="acceptAll" />
      <SubmitButton busyText="Incluindo as propostas…" className="botao secundario">
        Incluir as {missing} propostas que faltam
      </SubmitButton>
      <span className="dica">
        Cada uma entra com a citação e o trecho da lei. Uma regra de um tipo que o rascunho já tem (outra idade, outra
        vistoria) fica de fora: inclua-a pela sua linha, se for o caso.
      </span>
    </Form>
  );
}

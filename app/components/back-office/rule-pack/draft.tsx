// A new text of the rules (ADR 069): the author's editor with the problems named rule by rule, and
// the second person's reading of the changes in words with the day it takes effect. The law's
// proposals beside the editor are in draft-proposals.tsx.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, TextAreaField } from "~/components/ui/field";
import { formatCount, formatDate } from "~/domain/format";
import type { PackProblem } from "~/domain/rule-packs";
import type { PackChange } from "~/domain/rule-packs/changes";

export type DraftView = {
  id: string;
  status: "EDITING" | "SUBMITTED";
  text: string;
  basedOnVersion: string | null;
  author: string;
  mine: boolean;
  /** When the stored text last changed: the editor is drawn anew from it (an included proposal, say). */
  updatedAt: string;
  problems: PackProblem[];
  /** How many example applicants the text has (all judged as expected when there is no problem). */
  examples: number;
  changes: PackChange[] | null;
};

type Errors = Record<string, string | undefined>;

/** The fields every draft action carries: the CSRF token, the draft and what to do with it. */
export function Hidden({ draftId, intent }: { draftId: string; intent: string }) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="draftId" value={draftId} />
      <input type="hidden" name="intent" value={intent} />
    </>
  );
}

/** A one-button form on a row of the draft page: its intent, the row's fields, and the row it acts on. */
export function RowAction(props: {
  draftId: string;
  intent: string;
  fields: Record<string, string | number>;
  label: string;
  busyText: string;
  /** The row in words, read after the label by a screen reader ("Incluir: Idade mínima de 21 anos"). */
  row: string;
}) {
  return (
    <Form method="post">
      <Hidden draftId={props.draftId} intent={props.intent} />
      {Object.entries(props.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton busyText={props.busyText} className="botao pequeno secundario">
        {props.label}
        <span className="visualmente-oculto">: {props.row}</span>
      </SubmitButton>
    </Form>
  );
}

export function StartDraft({ version }: { version: string | null }) {
  return (
    <section className="cartao" aria-labelledby="comecar-titulo">
      <h2 id="comecar-titulo">Escrever um novo texto</h2>
      <p>
        {version
          ? `O rascunho começa igual à versão ${version} em vigor.`
          : "O rascunho começa com o que o portal já sabe do município e da sua lei; as regras que o texto da lei propõe aparecem ao lado, para incluir uma a uma."}{" "}
        Nada muda para os requerimentos até outra pessoa com o mesmo papel conferir e publicar.
      </p>
      <Form method="post">
        <CsrfInput />
        <input type="hidden" name="intent" value="start" />
        <SubmitButton busyText="Começando…">Começar um rascunho</SubmitButton>
      </Form>
    </section>
  );
}

/** What the new version changes for the applications in flight: nothing, each keeps its version. */
function InFlight({ inFlight }: { inFlight: { version: string; count: number }[] }) {
  const total = inFlight.reduce((sum, v) => sum + v.count, 0);
  if (total === 0) return <p>Nenhum requerimento em andamento: nenhum pedido em curso muda de regra.</p>;
  const byVersion = inFlight.map((v) => `${v.count} na versão ${v.version}`);
  return (
    <p>
      {formatCount(total, "requerimento em andamento", "requerimentos em andamento")} ({byVersion.join(", ")}):
      {total === 1 ? " continua" : " continuam"} na versão em que {total === 1 ? "foi começado" : "foram começados"} até
      a decisão. A nova versão vale para os requerimentos começados a partir do dia escolhido abaixo.
    </p>
  );
}

/** The problems of the text, each naming its rule; none means it can be sent. */
export function Problems({ problems, examples }: { problems: PackProblem[]; examples: number }) {
  if (!problems.length)
    return (
      <p className="aviso sucesso" role="status">
        O texto não tem problemas: o pacote carrega, cumpre a camada federal e cada regra tem sua citação.{" "}
        {examples
          ? `${examples === 1 ? "O exemplo dá" : `Os ${examples} exemplos dão`} o resultado esperado.`
          : "Nenhum exemplo de requerente escrito (examples): sem eles, ninguém confere se as regras aceitam e recusam quem deviam."}
      </p>
    );
  return (
    <div className="aviso erro" role="alert" aria-labelledby="problemas-titulo">
      <h3 id="problemas-titulo">{formatCount(problems.length, "problema", "problemas")} no texto</h3>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>
            <strong>{p.rule}</strong>: {p.problem}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DraftEditor({ draft, schemaUrl, errors }: { draft: DraftView; schemaUrl: string; errors: Errors }) {
  return (
    <section className="cartao" aria-labelledby="editor-titulo">
      <h2 id="editor-titulo">Texto do pacote</h2>
      <p className="dica">
        Um documento JSON no formato descrito pelo <a href={schemaUrl}>esquema do pacote de regras</a>: cada campo do
        esquema diz o que significa. Cada regra leva a citação da lei (art., §, inciso, alínea). Salvar guarda o texto
        como está, mesmo com problemas; só um texto sem problemas pode ser enviado para publicação.
      </p>
      <Problems problems={draft.problems} examples={draft.examples} />
      <ErrorSummary errors={errors} error={null} idOf={() => "texto-pacote"} />
      <Form method="post">
        <Hidden draftId={draft.id} intent="save" />
        <TextAreaField
          key={draft.updatedAt}
          id="texto-pacote"
          name="text"
          label="Documento do pacote (JSON)"
          className="pacote-json"
          defaultValue={draft.text}
          rows={28}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          error={errors.text}
        />
        <SubmitButton busyText="Conferindo…">Salvar e conferir</SubmitButton>
      </Form>
      <div className="bo-botoes">
        <Form method="post">
          <Hidden draftId={draft.id} intent="submit" />
          <SubmitButton busyText="Enviando…" className="botao secundario">
            Enviar para publicação
          </SubmitButton>
        </Form>
        <Form method="post">
          <Hidden draftId={draft.id} intent="discard" />
          <SubmitButton busyText="Descartando…" className="botao secundario perigo">
            Descartar o rascunho
          </SubmitButton>
        </Form>
      </div>
    </section>
  );
}

const KIND: Record<PackChange["kind"], string> = { added: "Incluída", removed: "Retirada", changed: "Alterada" };

/** The changes from the version in force, in words: what the publisher reads. */
export function Changes({ changes, from }: { changes: PackChange[]; from: string }) {
  if (!changes.length) return <p>O texto é igual ao da versão {from}: publicar não mudaria nenhuma regra.</p>;
  return (
    <div className="tabela-rolagem">
      <table className="tabela-responsiva">
        <caption>
          {formatCount(changes.length, "mudança", "mudanças")} em relação à versão {from}
        </caption>
        <thead>
          <tr>
            <th scope="col">Parte</th>
            <th scope="col">Regra</th>
            <th scope="col">Mudança</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((c, i) => (
            <tr key={i}>
              <td data-label="Parte">{c.section}</td>
              <td data-label="Regra">
                <code>{c.item}</code>
              </td>
              <td data-label="Mudança">
                {KIND[c.kind]}
                {c.fields.length ? (
                  <ul>
                    {c.fields.map((f) => (
                      <li key={f.path}>
                        {f.path}: <del>{f.before}</del> → <ins>{f.after}</ins>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PublishDraft({
  draft,
  current,
  today,
  errors,
  error,
  inFlight,
}: {
  draft: DraftView;
  current: string | null;
  today: string;
  errors: Errors;
  error: string | null;
  /** Applications not yet decided, by the version they were started under. */
  inFlight: { version: string; count: number }[];
}) {
  return (
    <section className="cartao" aria-labelledby="publicar-titulo">
      <h2 id="publicar-titulo">Conferir e publicar</h2>
      <p>
        Escrito por {draft.author}
        {draft.basedOnVersion ? ` sobre a versão ${draft.basedOnVersion}` : ", a primeira versão do pacote"}. Quem
        escreveu não publica: leia as mudanças e escolha o dia em que passam a valer.
      </p>
      {draft.changes && current ? (
        <Changes changes={draft.changes} from={current} />
      ) : (
        <Problems problems={draft.problems} examples={draft.examples} />
      )}
      <InFlight inFlight={inFlight} />
      <ErrorSummary
        errors={errors}
        error={error}
        idOf={(name) => (name === "effectiveOn" ? "vigencia" : "nota-publicacao")}
      />
      <Form method="post" noValidate>
        <Hidden draftId={draft.id} intent="publish" />
        <Field
          id="vigencia"
          name="effectiveOn"
          type="date"
          label="Em vigor a partir de"
          hint={`Hoje (${formatDate(today)}) ou depois. A partir desse dia, os requerimentos começados seguem a nova versão.`}
          min={today}
          defaultValue={today}
          error={errors.effectiveOn}
        />
        <TextAreaField
          id="nota-publicacao"
          name="note"
          label="Nota da versão (opcional)"
          hint="Por exemplo, a lei ou o decreto que motivou a mudança."
          rows={2}
          error={errors.note}
        />
        <SubmitButton busyText="Publicando…">Publicar a nova versão</SubmitButton>
      </Form>
      <Form method="post">
        <Hidden draftId={draft.id} intent="return" />
        <SubmitButton busyText="Devolvendo…" className="botao secundario">
          Devolver para edição
        </SubmitButton>
      </Form>
    </section>
  );
}

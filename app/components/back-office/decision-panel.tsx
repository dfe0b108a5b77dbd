// The decisions on an application, by status. While the checklist fails, "Aprovar e emitir" is
// disabled with the reason (the server refuses anyway); what segregation refuses (ADR 051) is
// not offered: a notice instead.
import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { TextAreaField } from "~/components/ui/field";
import type { ApplicationStatus } from "~/domain/applications/status";
import { formatDate } from "~/domain/format";

type DecisionContext = {
  status: ApplicationStatus;
  approveUrl: string;
  /** The analyst may decide now (status in review and the application is theirs or nobody's). */
  decidable: boolean;
  can: { review: boolean; issue: boolean };
  /** ADR 051: `own` (viewer is behind it: notice only); `gestorApproves`, whoever holds the review. */
  segregation: { own: boolean; staffApplication: boolean; gestorApproves: boolean; notice: string | null };
  rejected: { label: string; reason: string | null }[];
  toIssue: { type: string; label: string; validUntil: string | null }[];
  eligible: boolean;
  /** The vehicle's vistoria is still to pass: the approval waits for it (the vistoria panel, #vistoria). */
  vistoriaDue: boolean;
  /** Why the approval would be refused, in words (empty when eligible). */
  blocked: string | null;
  citations: string[];
  errors: Record<string, string | undefined>;
  values: Record<string, string>;
};

function ApproveAction({ ctx }: { ctx: DecisionContext }) {
  return (
    <div className="bo-decisao" id="aprovar">
      <h3>Aprovar e emitir</h3>
      {ctx.toIssue.length ? (
        <ul>
          {ctx.toIssue.map((c) => (
            <li key={c.type}>
              {c.label}
              {c.validUntil ? `, válido até ${formatDate(c.validUntil)}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {!ctx.blocked ? (
        <div>
          <Link to={ctx.approveUrl} className="botao">
            Aprovar e emitir credenciais
          </Link>
          <p className="dica">Você confere o que será emitido antes de confirmar.</p>
        </div>
      ) : (
        <div>
          <button type="button" className="botao secundario" aria-disabled="true" aria-describedby="aprovar-motivo">
            Aprovar e emitir credenciais
          </button>
          <p className="dica" id="aprovar-motivo">
            Aprovação indisponível: {ctx.blocked}{" "}
            {ctx.vistoriaDue ? (
              <>
                Agende ou registre a <a href="#vistoria">vistoria do veículo</a>
                {ctx.eligible ? "." : "; "}
              </>
            ) : null}
            {ctx.eligible ? null : (
              <>
                {ctx.vistoriaDue ? "resolva" : "Resolva"} as pendências do{" "}
                <a href="#checklist-titulo">checklist da lei</a>, peça correções ao condutor ou indefira.
              </>
            )}
          </p>
        </div>
      )}
    </div>
  );
}

export function DecisionPanel({ ctx }: { ctx: DecisionContext }) {
  const { status, segregation } = ctx;
  const open = ["SUBMITTED", "RESUBMITTED", "IN_REVIEW"].includes(status);
  if (open && segregation.own) return <p className="aviso atencao">{segregation.notice}</p>;
  if (status === "IN_REVIEW" && segregation.gestorApproves) {
    return (
      <>
        <p className="aviso">{segregation.notice} A análise é de quem está com o requerimento; a aprovação é sua.</p>
        <ApproveAction ctx={ctx} />
      </>
    );
  }
  if (status === "SUBMITTED" || status === "RESUBMITTED") {
    return ctx.can.review ? (
      <Form method="post">
        <CsrfInput />
        <input type="hidden" name="intent" value="start_review" />
        <input type="hidden" name="expected" value={status} />
        <p>
          {status === "RESUBMITTED" ? "O condutor reenviou o que foi pedido." : "Requerimento enviado pelo condutor."}{" "}
          Inicie a análise para decidir os documentos; ele fica atribuído a você.
        </p>
        <button type="submit" className="botao">
          Iniciar análise
        </button>
      </Form>
    ) : (
      <p>Aguardando um analista iniciar a análise.</p>
    );
  }
  if (status !== "IN_REVIEW") return null;
  if (!ctx.decidable) return <p>Decisões disponíveis para quem está com o requerimento.</p>;
  return (
    <>
      {ctx.can.issue ? (
        <ApproveAction ctx={ctx} />
      ) : segregation.staffApplication ? (
        <p className="aviso atencao" id="aprovar">
          {segregation.notice}
        </p>
      ) : null}

      {ctx.can.review ? <RequestChangesForm ctx={ctx} /> : null}
      {ctx.can.review ? <RejectForm ctx={ctx} /> : null}
    </>
  );
}

function RequestChangesForm({ ctx }: { ctx: DecisionContext }) {
  const { errors, values } = ctx;
  return (
    <Form method="post" className="bo-decisao" id="pedir-correcoes">
      <CsrfInput />
      <input type="hidden" name="intent" value="request_changes" />
      <h3>Pedir correções ao condutor</h3>
      {ctx.rejected.length ? (
        <>
          <p>O condutor receberá por e-mail a lista dos documentos recusados:</p>
          <ul>
            {ctx.rejected.map((d) => (
              <li key={d.label}>
                <strong>{d.label}</strong>: {d.reason ?? "recusado"}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="dica">Nenhum documento recusado: escreva abaixo o que deve ser corrigido.</p>
      )}
      <TextAreaField
        label={`Observação ao condutor${ctx.rejected.length ? " (opcional)" : ""}`}
        id="nota-correcoes"
        name="note"
        maxLength={1000}
        defaultValue={values.note}
        error={errors.note}
      />
      <div>
        <button type="submit" className={ctx.eligible ? "botao secundario" : "botao"}>
          Pedir correções
        </button>
      </div>
    </Form>
  );
}

function RejectForm({ ctx }: { ctx: DecisionContext }) {
  const { errors, values } = ctx;
  return (
    <details className="bo-recusar" open={Boolean(errors.reason || errors.confirm)}>
      <summary className={`botao pequeno perigo${ctx.eligible ? " secundario" : ""}`}>
        Indeferir o requerimento…
      </summary>
      <Form method="post" className="bo-decisao">
        <CsrfInput />
        <input type="hidden" name="intent" value="reject" />
        <p>O indeferimento encerra o requerimento. O condutor recebe o motivo por e-mail.</p>
        <TextAreaField
          label="Motivo"
          id="motivo-indeferimento"
          name="reason"
          required
          minLength={10}
          maxLength={1000}
          defaultValue={values.reason}
          error={errors.reason}
        />
        <div className="campo">
          <label htmlFor="base-indeferimento">Fundamento legal (opcional)</label>
          <input
            id="base-indeferimento"
            name="citation"
            list="citacoes-requerimento"
            maxLength={200}
            defaultValue={values.citation}
          />
          <datalist id="citacoes-requerimento">
            {ctx.citations.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <div className="campo bo-confirmacao">
          <label>
            <input
              type="checkbox"
              name="confirm"
              value="sim"
              required
              aria-invalid={errors.confirm ? true : undefined}
            />
            Confirmo o indeferimento deste requerimento.
          </label>
          {errors.confirm ? <p className="erro-campo">{errors.confirm}</p> : null}
        </div>
        <div>
          <button type="submit" className="botao perigo">
            Indeferir
          </button>
        </div>
      </Form>
    </details>
  );
}

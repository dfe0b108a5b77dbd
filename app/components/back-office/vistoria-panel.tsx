// The vehicle's vistoria on the review screen: inspections so far, scheduling, and recording the
// pack's checklist.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { Field } from "~/components/ui/field";
import { formatDate, formatInstant } from "~/domain/format";

type VistoriaItem = { code: string; label: string; safety: boolean; citation: string };
type VistoriaSpecView = {
  items: VistoriaItem[];
  period: string;
  periodCitation: string;
  grace: { max: string; discretionary: boolean; citation: string } | null;
};
export type VistoriaView = {
  id: string;
  status: string;
  scheduledFor: string | null;
  place: string | null;
  performedAt: string | null;
  performer: string | null;
  validUntil: string | null;
  graceUntil: string | null;
  graceCitation: string | null;
  failed: string[];
  notes: string | null;
};

const STATUS: Record<string, { label: string; tone: string }> = {
  SCHEDULED: { label: "Agendada", tone: "pendente" },
  PASSED: { label: "Aprovada", tone: "ok" },
  CONDITIONAL: { label: "Aprovada com prazo para correção", tone: "pendente" },
  FAILED: { label: "Reprovada", tone: "falha" },
};
const PERIOD: Record<string, string> = { P6M: "semestral", P1Y: "anual" };

type Props = {
  spec: VistoriaSpecView;
  vistorias: VistoriaView[];
  canManage: boolean;
  errors: Record<string, string | undefined>;
  /** "YYYY-MM-DDTHH:mm" in the municipality's time, the earliest a vistoria can be scheduled for. */
  nowLocal: string;
  /** The municipality's IANA zone: when a vistoria was held or is booked. */
  timeZone: string;
};

export function VistoriaPanel({ spec, vistorias, canManage, errors, nowLocal, timeZone }: Props) {
  const scheduled = vistorias.find((v) => v.status === "SCHEDULED");
  const itemLabel = new Map(spec.items.map((i) => [i.code, i.label]));
  return (
    <section className="cartao bo-painel" aria-labelledby="vistoria-titulo" id="vistoria">
      <h2 id="vistoria-titulo">Vistoria do veículo</h2>
      <p className="dica">
        Vistoria {PERIOD[spec.period] ?? spec.period} ({spec.periodCitation}).
        {spec.grace
          ? ` Defeitos que não comprometem a segurança: prazo de até ${spec.grace.max === "P10D" ? "10 dias" : spec.grace.max} para corrigir${spec.grace.discretionary ? ", a critério da Prefeitura" : ""} (${spec.grace.citation}).`
          : ""}
      </p>

      {vistorias.length ? (
        <ul className="checklist" aria-label="Vistorias deste requerimento">
          {vistorias.map((v) => (
            <VistoriaEntry key={v.id} v={v} itemLabel={itemLabel} timeZone={timeZone} />
          ))}
        </ul>
      ) : (
        <p>Nenhuma vistoria agendada.</p>
      )}

      {canManage && scheduled ? <RecordForm spec={spec} scheduled={scheduled} errors={errors} /> : null}
      {canManage && !scheduled ? (
        <ScheduleForm again={vistorias.length > 0} nowLocal={nowLocal} errors={errors} />
      ) : null}
    </section>
  );
}

function VistoriaEntry({
  v,
  itemLabel,
  timeZone,
}: Pick<Props, "timeZone"> & { v: VistoriaView; itemLabel: Map<string, string> }) {
  return (
    <li>
      <span className={`selo ${STATUS[v.status]?.tone ?? "pendente"}`}>{STATUS[v.status]?.label ?? v.status}</span>{" "}
      <span>
        {v.performedAt
          ? `Realizada em ${formatInstant(v.performedAt, timeZone)}`
          : v.scheduledFor
            ? `Marcada para ${formatInstant(v.scheduledFor, timeZone)}`
            : "Sem data"}
        {v.place ? ` — ${v.place}` : ""}
        {v.performer ? ` — vistoriador: ${v.performer}` : ""}
        {v.validUntil ? (
          <>
            <br />
            Válida até <strong>{formatDate(v.validUntil)}</strong>
          </>
        ) : null}
        {v.failed.length ? (
          <>
            <br />
            Itens não conformes: {v.failed.map((c) => itemLabel.get(c) ?? c).join("; ")}
          </>
        ) : null}
        {v.graceUntil ? (
          <>
            <br />
            <strong>Corrigir até {formatDate(v.graceUntil)}</strong> e voltar para nova vistoria
            {v.graceCitation ? ` (${v.graceCitation})` : ""}.
          </>
        ) : null}
        {v.notes ? (
          <>
            <br />
            Observações: {v.notes}
          </>
        ) : null}
      </span>
    </li>
  );
}

/** The checklist of the pack, item by item: every item answered, none assumed. */
function RecordForm({ spec, scheduled, errors }: Pick<Props, "spec" | "errors"> & { scheduled: VistoriaView }) {
  return (
    <Form method="post" preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="intent" value="record_vistoria" />
      <input type="hidden" name="vistoriaId" value={scheduled.id} />
      <fieldset className="bo-itens" aria-describedby={errors.items ? "itens-erro" : undefined}>
        <legend>Resultado, item por item</legend>
        {errors.items ? (
          <p className="erro-campo" id="itens-erro">
            {errors.items}
          </p>
        ) : null}
        {spec.items.map((item) => (
          <div className="bo-item" key={item.code} role="radiogroup" aria-labelledby={`item-${item.code}`}>
            <span id={`item-${item.code}`}>
              {item.label}
              {item.safety ? <strong> (segurança)</strong> : null}
              <br />
              <span className="dica">{item.citation}</span>
            </span>
            <span className="bo-opcoes">
              <label>
                <input type="radio" name={`item:${item.code}`} value="conforme" required /> Conforme
              </label>
              <label>
                <input type="radio" name={`item:${item.code}`} value="nao" /> Não conforme
              </label>
            </span>
          </div>
        ))}
      </fieldset>
      <div className="campo">
        <label htmlFor="vistoria-notas">Observações (opcional)</label>
        <textarea id="vistoria-notas" name="notes" maxLength={1000} />
      </div>
      <button type="submit" className="botao">
        Registrar vistoria
      </button>
    </Form>
  );
}

function ScheduleForm({ again, nowLocal, errors }: Pick<Props, "nowLocal" | "errors"> & { again: boolean }) {
  return (
    <Form method="post" preventScrollReset className="bo-decisao">
      <CsrfInput />
      <input type="hidden" name="intent" value="schedule_vistoria" />
      <h3>Agendar {again ? "nova " : ""}vistoria</h3>
      <Field
        id="vistoria-quando"
        name="when"
        label="Data e hora"
        type="datetime-local"
        min={nowLocal}
        required
        error={errors.when}
      />
      <Field
        id="vistoria-local"
        name="place"
        label="Local"
        required
        maxLength={200}
        placeholder="Ex.: pátio da Secretaria de Trânsito"
        error={errors.place}
      />
      <div>
        <button type="submit" className="botao secundario">
          Agendar vistoria
        </button>
      </div>
    </Form>
  );
}

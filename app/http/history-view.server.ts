// The history view-model: status changes and audit events as Portuguese timeline entries.
import type { TimelineEntry } from "~/components/timeline";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { type Role, ROLE_LABELS } from "~/domain/auth/permissions";
import { CREDENTIAL_STATUS_LABELS, CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { formatDate, formatInstant, formatNumber } from "~/domain/format";
import type { HistoryEvent } from "~/models/review-history.server";

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
const appStatus = (v: unknown) => APPLICATION_STATUS_LABELS[v as ApplicationStatus] ?? String(v ?? "—");
const credStatus = (v: unknown) => CREDENTIAL_STATUS_LABELS[String(v)] ?? String(v ?? "—");
const date = (v: unknown) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : null);

const VISTORIA_RESULT: Record<string, string> = {
  PASSED: "aprovada",
  CONDITIONAL: "aprovada com prazo para correções",
  FAILED: "reprovada",
};

type Words = Pick<TimelineEntry, "title" | "detail" | "tone">;

type HistoryLabels = {
  /** The municipality's IANA zone, for instants quoted in an entry (a vistoria's booking). */
  timeZone: string;
  document?: (type: string) => string;
  infraction?: (code: string) => string;
};

const ISSUED: Record<string, string> = {
  CRACHA: "Crachá emitido",
  CERTIFICADO: "Certificado emitido",
  SELO_VISTORIA: "Selo de vistoria emitido",
  AUTORIZACAO_TRANSITO: "Autorização de trânsito emitida",
  CERTIFICADO_OPERADOR: "Certificado da operadora emitido",
};

function words(e: HistoryEvent, labels: HistoryLabels): Words {
  const docLabel = labels.document ?? ((t: string) => t);
  const a = e.after ?? {};
  const b = e.before ?? {};
  if (e.action.startsWith("infraction.")) return infractionWords(e.action, a, labels.infraction ?? ((c) => c));
  switch (e.action) {
    case "application.status": {
      const to = a.status as ApplicationStatus;
      const tone =
        to === "REJECTED"
          ? "falha"
          : to === "CHANGES_REQUESTED"
            ? "pendente"
            : to === "ISSUED" || to === "APPROVED"
              ? "ok"
              : null;
      return {
        title: b.status ? `${appStatus(b.status)} → ${appStatus(to)}` : `Requerimento criado (${appStatus(to)})`,
        detail: str(a.reason),
        tone,
      };
    }
    case "application.create":
      return { title: "Requerimento criado", detail: null };
    case "application.assign":
      return {
        title: a.takeOver ? "Requerimento assumido de outra pessoa" : "Requerimento atribuído para análise",
        detail: null,
      };
    case "application.release":
      return { title: "Requerimento devolvido à fila", detail: null };
    case "document.upload":
      return { title: `Documento enviado: ${docLabel(String(a.type ?? ""))}`, detail: null };
    case "document.accept":
      return { title: "Documento aceito", detail: null, tone: "ok" };
    case "document.reject":
      return { title: "Documento recusado", detail: str(a.reason), tone: "falha" };
    case "vistoria.schedule": {
      const when = typeof a.when === "string" ? formatInstant(a.when, labels.timeZone) : "";
      return { title: "Vistoria agendada", detail: [when, str(a.place)].filter(Boolean).join(" — ") };
    }
    case "vistoria.record": {
      const failed =
        Array.isArray(a.failed) && a.failed.length
          ? `Itens reprovados: ${a.failed.join(", ")}.`
          : "Todos os itens conformes.";
      const until = date(a.validUntil) ? ` Válida até ${date(a.validUntil)}.` : "";
      const fix = date(a.fixBy) ? ` Corrigir até ${date(a.fixBy)}.` : "";
      return {
        title: `Vistoria ${VISTORIA_RESULT[String(a.status)] ?? "registrada"}`,
        detail: failed + until + fix,
        tone: a.status === "FAILED" ? "falha" : a.status === "PASSED" ? "ok" : "pendente",
      };
    }
    case "credential.issue":
      return {
        title: `${ISSUED[String(a.type)] ?? `${CREDENTIAL_TYPE_LABELS[String(a.type)] ?? "Credencial"} emitida`}: ${a.serial}`,
        detail: date(a.validUntil) ? `Validade até ${date(a.validUntil)}.` : null,
        tone: "ok",
      };
    case "credential.status": {
      const until = date(a.until) ? ` até ${date(a.until)}` : "";
      const why = [str(a.reason), str(a.citation)].filter(Boolean).join(" — ");
      const tone = a.status === "ACTIVE" ? "ok" : a.status === "SUPERSEDED" ? null : "falha";
      return { title: `${credStatus(b.status)} → ${credStatus(a.status)}${until}`, detail: why || null, tone };
    }
    case "municipality.population":
      return {
        title: `População atualizada: ${formatNumber(Number(a.population))}`,
        detail: [str(a.source), date(a.date)].filter(Boolean).join(", ") || null,
      };
    default:
      return { title: e.action, detail: null };
  }
}

/** An auto de infração's steps, from the fiscal's record to the appeal's ruling. */
function infractionWords(action: string, a: Record<string, unknown>, infractionLabel: (code: string) => string): Words {
  switch (action) {
    case "infraction.create":
      return {
        title: `Auto de infração lavrado: ${a.number ?? ""}`,
        detail: [
          str(a.code) ? infractionLabel(String(a.code)) : null,
          a.escalated ? "reincidência: classe agravada" : null,
        ]
          .filter(Boolean)
          .join(" — "),
        tone: "falha",
      };
    case "infraction.photo":
      return {
        title: "Foto anexada ao auto pelo fiscal",
        detail: str(a.sha256) ? `SHA-256 ${String(a.sha256).slice(0, 16)}…` : null,
      };
    case "infraction.notify":
      return {
        title: "Autuado notificado; prazo de defesa aberto",
        detail: date(a.defenceDeadline) ? `Defesa até ${date(a.defenceDeadline)}.` : null,
      };
    case "infraction.defence":
      return { title: "Defesa registrada", detail: str(a.summary) };
    case "infraction.decide":
      return { title: "Auto de infração julgado", detail: str(a.summary), tone: "falha" };
    case "infraction.archive":
      return { title: "Auto de infração arquivado", detail: str(a.reason), tone: "ok" };
    case "infraction.appeal":
      return { title: "Recurso recebido", detail: str(a.summary) };
    case "infraction.appeal_ruling": {
      const granted = a.outcome === "GRANTED";
      const credential = (a.credential ?? null) as { detail?: unknown } | null;
      return {
        title: granted
          ? "Recurso deferido: penalidade anulada e auto arquivado"
          : "Recurso indeferido: penalidade mantida",
        detail: [str(a.reason), str(credential?.detail)].filter(Boolean).join(" ") || null,
        tone: granted ? "ok" : "falha",
      };
    }
    case "infraction.remedy":
      return { title: "Notificação atendida (irregularidade corrigida)", detail: null, tone: "ok" };
    case "infraction.daily_fine":
      return { title: "Multa diária aplicada", detail: str(a.summary), tone: "falha" };
    case "infraction.removal":
      return { title: "Afastamento do condutor aplicado", detail: str(a.citation), tone: "falha" };
    default:
      return { title: action, detail: null };
  }
}

export function describeHistory(events: HistoryEvent[], labels: HistoryLabels): TimelineEntry[] {
  return events.map((e) => ({
    key: e.key,
    at: e.at.toISOString(),
    who: e.actorName,
    role: e.actorRole ? (ROLE_LABELS[e.actorRole as Role] ?? null) : null,
    ...words(e, labels),
  }));
}

// What the driver's home (/painel) says is next, from their applications' and credentials'
// states (issue #16). Pure: the model reads the states.
import type { PenaltyNoticeView } from "~/domain/credentials/penalty-notice";
import { formatCount, formatDate } from "~/domain/format";
import type { ApplicationStatus } from "./status";
import { currentStepIndex } from "./wizard";

export type HomeApplication = {
  id: string;
  number: string;
  status: ApplicationStatus;
  /** "Mototáxi em Patrocínio (MG)". */
  what: string;
  /** The wizard's steps in order and whether each is done. */
  steps: readonly { key: string; label: string; done: boolean }[];
  /** The documents the driver still has to send (missing, refused or expired), with the analyst's reason. */
  documents: readonly { label: string; status: string; reason: string | null }[];
  /** The civil date (YYYY-MM-DD, municipality's zone) the current status began. */
  since: string | null;
  /** The analyst's words when corrections were asked. */
  reason: string | null;
};

export type HomeCredential = {
  id: string;
  /** "Crachá — Mototáxi". */
  label: string;
  serial: string;
  /** Only credentials in force (VALID) are offered for download. */
  valid: boolean;
  /** Suspended or revoked: why, until when, how to appeal (issue #29). */
  notice?: PenaltyNoticeView | null;
};

type NextStep = {
  key: string;
  tone: "acao" | "atencao" | "info" | "sucesso";
  title: string;
  text: string;
  href: string;
  action: string;
};

/** The statuses the home speaks of (open or just approved); the model evaluates only these. */
export const OPEN_STATUSES: readonly ApplicationStatus[] = [
  "DRAFT",
  "CHANGES_REQUESTED",
  "SUBMITTED",
  "RESUBMITTED",
  "IN_REVIEW",
  "APPROVED",
];

const list = (items: string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;

function forApplication(a: HomeApplication): NextStep | null {
  const base = `/requerimentos/${a.id}`;
  const since = a.since ? ` desde ${formatDate(a.since)}` : "";
  const to = (path: string) => `${base}/${path}`;
  switch (a.status) {
    case "DRAFT": {
      const current = currentStepIndex(a.steps);
      const step = a.steps[current];
      const missing = a.documents.length;
      if (step?.key === "documentos" && missing > 0)
        return {
          key: a.id,
          tone: "acao",
          title: `${missing === 1 ? "Falta" : "Faltam"} ${formatCount(missing, "documento", "documentos")}`,
          text: `${a.what} (${a.number}): ${list(a.documents.map((d) => d.label))}.`,
          href: to("documentos"),
          action: "Enviar os documentos",
        };
      return {
        key: a.id,
        tone: "acao",
        title: `Continue o requerimento (passo ${current + 1} de ${a.steps.length})`,
        text: `${a.what} (${a.number}): falta ${step ? step.label.toLowerCase() : "enviar"}.`,
        href: step ? to(step.key) : base,
        action: step?.key === "revisao" ? "Revisar e enviar" : "Continuar",
      };
    }
    case "CHANGES_REQUESTED": {
      const refused = a.documents.filter((d) => d.status === "REJECTED" || d.status === "EXPIRED");
      const labels = list(refused.map((d) => d.label));
      const what =
        refused.length === 0
          ? (a.reason ?? "veja o que mudar")
          : refused.length === 1
            ? `troque o documento ${labels}`
            : `troque os documentos ${labels}`;
      const why = refused
        .map((d) => d.reason)
        .filter(Boolean)
        .join("; ");
      return {
        key: a.id,
        tone: "atencao",
        title: `O analista pediu correção: ${what}`,
        text: `${a.what} (${a.number})${why ? `: ${why}` : a.reason && refused.length ? `: ${a.reason}` : ""}.`,
        href: refused.length ? to("documentos") : base,
        action: refused.length ? "Corrigir documentos" : "Ver o requerimento",
      };
    }
    case "SUBMITTED":
    case "RESUBMITTED":
      return {
        key: a.id,
        tone: "info",
        title: `Enviado${a.since ? ` em ${formatDate(a.since)}` : ""}: aguardando análise`,
        text: `${a.what} (${a.number}). Avisaremos por e-mail quando o analista começar.`,
        href: base,
        action: "Acompanhar",
      };
    case "IN_REVIEW":
      return {
        key: a.id,
        tone: "info",
        title: `Em análise${since}`,
        text: `${a.what} (${a.number}). Se faltar algo, o analista pede aqui e por e-mail.`,
        href: base,
        action: "Acompanhar",
      };
    case "APPROVED":
      return {
        key: a.id,
        tone: "sucesso",
        title: "Aprovado: o crachá está sendo emitido",
        text: `${a.what} (${a.number}).`,
        href: base,
        action: "Acompanhar",
      };
    default:
      return null;
  }
}

/** The cards of the driver's home, most urgent first; "Pedir credenciamento" when nothing is under way. */
export function nextSteps(applications: readonly HomeApplication[], credentials: readonly HomeCredential[]) {
  const open = applications.filter((a) => OPEN_STATUSES.includes(a.status));
  const order = (s: NextStep) => ["atencao", "acao", "sucesso", "info"].indexOf(s.tone);
  const steps = open
    .map(forApplication)
    .filter((s): s is NextStep => s !== null)
    .sort((x, y) => order(x) - order(y));
  const ready: NextStep[] = credentials
    .filter((c) => c.valid)
    .map((c) => ({
      key: c.id,
      tone: "sucesso",
      title: `${c.label} pronto — baixar`,
      text: `Nº ${c.serial}. Imprima ou mostre no celular quando pedirem.`,
      href: `/credenciais/${c.id}/pdf`,
      action: `Baixar ${c.label.split(" — ")[0].toLowerCase()}`,
    }));
  // A suspension or cassação comes first: the driver may not work, and may appeal within a deadline.
  const penalised: NextStep[] = credentials.flatMap((c) =>
    c.notice
      ? [
          {
            key: `situacao-${c.id}`,
            tone: "atencao",
            title: `Credencial ${c.notice.title.charAt(0).toLowerCase()}${c.notice.title.slice(1)}`,
            text: `${c.label}, nº ${c.serial}. ${c.notice.reason} ${c.notice.kind === "revoked" ? (c.notice.final ?? "") : c.notice.effect}`.trim(),
            href: "/credenciais",
            action: "Ver o motivo e como recorrer",
          } satisfies NextStep,
        ]
      : [],
  );
  if (open.length === 0 && ready.length === 0 && penalised.length === 0)
    return [
      {
        key: "novo",
        tone: "acao",
        title: "Pedir credenciamento",
        text: "Escolha o município e a atividade; mostramos o que a lei pede antes de começar.",
        href: "/requerimentos/novo",
        action: "Pedir credenciamento",
      } satisfies NextStep,
    ];
  return [...penalised, ...steps, ...ready];
}

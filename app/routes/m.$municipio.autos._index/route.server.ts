import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatDate } from "~/domain/format";
import { parseProcess } from "~/domain/infractions/process";
import { INFRACTION_STATUSES } from "~/domain/infractions/status";
import { withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { today } from "~/models/application.server";
import { listInfractions } from "~/models/infraction-review.server";
import { activePack } from "~/models/rule-pack.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "read:infraction");
  const url = new URL(request.url);
  const pack = await activePack(municipality);
  const status = url.searchParams.get("situacao");
  const classCode = url.searchParams.get("classe");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 80) || null;
  const list = await listInfractions(municipality.id, {
    status: (INFRACTION_STATUSES as readonly string[]).includes(status ?? "") ? status : null,
    classCode: pack.infractions.classes.some((c) => c.code === classCode) ? classCode : null,
    q,
    page: Number(url.searchParams.get("pagina")) || 1,
  });
  const classLabel = new Map(pack.infractions.classes.map((c) => [c.code, c.label]));
  const description = new Map(pack.infractions.catalogue.map((i) => [i.code, i.description]));
  const todayIso = today(new Date(), municipality.timeZone);
  return {
    municipality: { name: municipality.name, slug: municipality.slug, timeZone: municipality.timeZone },
    filters: { status, classCode, q },
    classes: pack.infractions.classes.map((c) => ({ code: c.code, label: c.label })),
    countByStatus: list.countByStatus,
    total: list.total,
    page: list.page,
    pages: list.pages,
    rows: list.rows.map((i) => {
      const proposed = JSON.parse(i.proposedJson || "{}") as {
        escalated?: boolean;
        appliedClass?: { label: string } | null;
      };
      const process = parseProcess(i.decisionJson);
      const deadline =
        i.status === "NOTIFIED" && i.defenceDeadline
          ? {
              label:
                i.defenceDeadline < todayIso
                  ? `Defesa encerrada em ${formatDate(i.defenceDeadline)} — pronto para julgar`
                  : `Defesa até ${formatDate(i.defenceDeadline)}`,
              late: i.defenceDeadline < todayIso,
            }
          : i.status === "DECIDED" && i.appealDeadline
            ? {
                label:
                  i.appealDeadline < todayIso
                    ? `Recurso encerrado em ${formatDate(i.appealDeadline)}`
                    : `Recurso até ${formatDate(i.appealDeadline)}`,
                late: false,
              }
            : null;
      return {
        id: i.id,
        number: i.number,
        occurredAt: i.occurredAt.toISOString(),
        status: i.status,
        description: description.get(i.code) ?? i.code,
        citation: i.citation,
        classLabel: classLabel.get(i.class) ?? (i.class === "SEM_CLASSE" ? "Penalidade própria" : i.class),
        escalatedTo: proposed.escalated ? (proposed.appliedClass?.label ?? null) : null,
        credential: i.credential
          ? { id: i.credential.id, serial: i.credential.serial, holder: i.credential.holderDisplayName }
          : null,
        decision: process.decision?.summary
          ? `${process.decision.summary}${process.appealRuling ? ` — recurso ${process.appealRuling.outcome === "GRANTED" ? "deferido (penalidade anulada)" : "indeferido"}` : ""}`
          : null,
        deadline,
      };
    }),
  };
});

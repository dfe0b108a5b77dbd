// The bond between a driver and an operator, once the driver accepted the invitation
// (./driver-invitation.server.ts). Ending it records the date and reason, supersedes the
// credentials issued through that operator (verification then says SUBSTITUÍDO) and, where the
// law sets a term to tell the city, records the notice with its clock; the operator also declares
// here that it sent the driver's data to the city. Which action may follow which is the domain's
// table (app/domain/operators/driver-link.ts); what is read of a company's drivers is in
// ./driver-standing.server.ts.
import { conflict, invalid, notFound } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { enqueueMail } from "~/utils/mail.server";
import { civilDate } from "~/domain/time";
import { isValidIsoDate } from "~/domain/eligibility/calendar";
import { UNLINK_REASONS, type UnlinkReason } from "~/domain/operators/vocabulary";
import { linkTransition } from "~/domain/operators/driver-link";
import { activePack } from "./rule-pack.server";
import { changeCredentialStatusInTx } from "./credentials/status.server";
import { linkFor } from "./user.server";
import { unlinkNotice } from "./operator-policy.server";
import { recordNotice } from "./notice.server";
import { getDriverLink, nameOf } from "./driver-standing.server";

export type OperatorRef = {
  id: string;
  municipalityId: string;
  legalName: string;
  tradeName: string | null;
  status: string;
};

/**
 * Ends an active bond: the date (of the fact, as the operator states it) and reason are recorded;
 * the driver's credentials issued through this operator are superseded; the driver leaves the
 * company's vehicles; and where the law sets a term to tell the city, the notice is recorded —
 * filed now unless the operator chooses to file it later (the clock is then shown).
 */
export async function unlinkDriver(
  operator: OperatorRef,
  linkId: string,
  input: { reason: UnlinkReason; eventAt: string; note: string | null; fileNow: boolean },
  actor: Actor,
  now = new Date(),
) {
  const link = await db.driverLink.findFirst({
    where: { id: linkId, operatorId: operator.id },
    include: { person: true },
  });
  if (!link) throw notFound("Vínculo não encontrado.");
  const ended = linkTransition(link.status, "end");
  if (!ended || !link.person) throw conflict("Este vínculo não está ativo.");
  const person = link.person;
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } });
  const pack = await activePack(municipality);
  const notice = unlinkNotice(pack, input.reason);
  const label = UNLINK_REASONS[input.reason].label;
  const credentials = await db.credential.findMany({
    where: {
      holderPersonId: person.id,
      municipalityId: operator.municipalityId,
      status: { in: ["ACTIVE", "SUSPENDED"] },
      application: { linkedOperatorId: operator.id },
    },
    select: { id: true, serial: true },
  });
  const user = await db.user.findUnique({ where: { id: person.userId } });
  return db.$transaction(async (tx) => {
    const updated = await tx.driverLink.updateMany({
      where: { id: link.id, status: link.status },
      data: { status: ended, endedAt: now, endReason: [input.reason, input.note].filter(Boolean).join(": ") },
    });
    if (updated.count !== 1) throw conflict("Outra pessoa alterou este vínculo agora há pouco. Recarregue a página.");
    const reason = `Vínculo com ${nameOf(operator)} encerrado: ${label.toLowerCase()}`;
    for (const c of credentials)
      await changeCredentialStatusInTx(tx, c.id, operator.municipalityId, "supersede", { reason }, actor, now);
    await tx.vehicleDriver.updateMany({
      where: { personId: person.id, until: null, vehicle: { operatorId: operator.id } },
      data: { until: now },
    });
    await audit(tx, actor, {
      action: "driver_link.end",
      subjectType: "DriverLink",
      subjectId: link.id,
      municipalityId: operator.municipalityId,
      before: { status: link.status },
      after: {
        status: ended,
        reason: input.reason,
        eventAt: input.eventAt,
        superseded: credentials.map((c) => c.serial),
      },
      at: now,
    });
    const recorded = notice
      ? await recordNotice(
          tx,
          pack,
          { operatorId: operator.id, municipalityId: operator.municipalityId },
          {
            kind: notice.kind,
            eventAt: input.eventAt,
            fileNow: input.fileNow,
            details: {
              driverName: person.fullName,
              linkId: link.id,
              reason: input.reason,
              description: input.note ?? label,
            },
          },
          actor,
          now,
        )
      : null;
    if (user) {
      await enqueueMail(tx, user.email, {
        subject: `Vínculo encerrado — ${nameOf(operator)}`,
        text: `Olá, ${user.name}.\n\n${nameOf(operator)} encerrou o seu vínculo (${label.toLowerCase()}).${credentials.length ? ` As credenciais emitidas por meio desta empresa deixaram de valer: ${credentials.map((c) => c.serial).join(", ")}.` : ""}\n\n${linkFor("/vinculos")}`,
      });
    }
    return { notice: recorded, superseded: credentials.map((c) => c.serial) };
  });
}

/**
 * The operator declares in its portal that it sent the driver's data to the city, and on which
 * day (Lavras, Lei 4.544/2019, art. 10, § 4º: the vistoria comes only after that). Refused for a
 * bond not in force, a date in the future or before the bond began; declared once.
 */
export async function declareDriverDataSent(
  operator: OperatorRef,
  linkId: string,
  sentOn: string,
  actor: Actor,
  now = new Date(),
) {
  const link = await getDriverLink(operator.id, linkId);
  if (!link) throw notFound("Condutor não encontrado.");
  if (!linkTransition(link.status, "declare_data_sent"))
    throw conflict("Só se informa o envio dos dados de um condutor com vínculo ativo.");
  if (link.driverDataSentOn)
    throw conflict(`O envio dos dados já foi informado (em ${link.driverDataSentOn.split("-").reverse().join("/")}).`);
  if (!isValidIsoDate(sentOn)) throw invalid("Informe uma data de envio válida.");
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } });
  const day = civilDate(now, municipality.timeZone);
  if (sentOn > day) throw invalid("A data do envio não pode estar no futuro.");
  const began = link.acceptedAt ? civilDate(link.acceptedAt, municipality.timeZone) : null;
  if (began && sentOn < began) throw invalid("A data do envio não pode ser anterior ao início do vínculo.");
  return db.$transaction(async (tx) => {
    const updated = await tx.driverLink.updateMany({
      where: { id: link.id, status: link.status, driverDataSentOn: null },
      data: { driverDataSentOn: sentOn, driverDataDeclaredAt: now },
    });
    if (updated.count !== 1) throw conflict("O envio dos dados já foi informado.");
    await audit(tx, actor, {
      action: "driver_link.data_sent",
      subjectType: "DriverLink",
      subjectId: link.id,
      municipalityId: municipality.id,
      after: { sentOn },
      at: now,
    });
  });
}

// The driver–operator bond once accepted (./driver-invitation.server.ts): ending it and declaring the
// driver's data sent. Transitions: app/domain/operators/driver-link.ts; reads: ./driver-standing.server.ts.
import { isValidIsoDate } from "~/domain/eligibility/calendar";
import { linkTransition } from "~/domain/operators/driver-link";
import { UNLINK_REASONS, type UnlinkReason } from "~/domain/operators/vocabulary";
import { conflict, invalid, notFound } from "~/domain/refusal";
import { civilDate } from "~/domain/time";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { enqueueMail } from "~/utils/mail.server";
import { changeCredentialStatusInTx } from "./credentials/status.server";
import { getDriverLink, nameOf } from "./driver-standing.server";
import { recordNotice } from "./notice.server";
import { unlinkNotice } from "./operator-policy.server";
import { activePack } from "./rule-pack.server";
import { linkFor } from "./user.server";

export type OperatorRef = {
  id: string;
  municipalityId: string;
  legalName: string;
  tradeName: string | null;
  status: string;
};

/**
 * Ends an active bond: supersedes the credentials issued through the operator (SUBSTITUÍDO) and,
 * where the law sets a term, records the notice — filed now unless the operator defers it.
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
 * The operator declares the day it sent the driver's data to the city (Lavras, Lei 4.544/2019,
 * art. 10, § 4º: the vistoria comes only after), once, within the bond and not in the future.
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

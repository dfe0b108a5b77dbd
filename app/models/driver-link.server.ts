// The bond between a driver and an operator. The operator invites by CPF and e-mail; the bond
// exists only once the driver accepts in their own portal (/vinculos). Ending it records the date
// and reason, supersedes the credentials issued through that operator (verification then says
// SUBSTITUÍDO) and, where the law sets a term to tell the city, records the notice with its clock.
import { conflict, invalid, notFound } from "~/domain/refusal";
import { db } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { enqueueMail } from "~/utils/mail.server";
import { civilDate, today } from "~/domain/time";
import { isValidIsoDate } from "~/domain/eligibility/calendar";
import { timeZoneOfOperator } from "./municipality.server";
import { verdictFor, type CredentialStatus } from "~/domain/credentials/status";
import { formatCpf } from "~/domain/br";
import type { Category, RulePack } from "~/domain/rule-packs";
import { activePack } from "./rule-pack.server";
import { ensurePerson } from "./application.server";
import { changeCredentialStatusInTx } from "./credential.server";
import { linkFor } from "./user.server";
import { exclusiveDriverRule, unlinkNotice, UNLINK_REASONS, type UnlinkReason } from "./operator-policy.server";
import { recordNotice } from "./notice.server";
import { operatorCategory } from "./operator.server";

/** A driver's application still open to the documents the operator itself submits (submittedBy OPERATOR). */
export const OPERATOR_UPLOAD_STATUSES = ["DRAFT", "SUBMITTED", "IN_REVIEW", "CHANGES_REQUESTED", "RESUBMITTED"];

export const LINK_STATUS_LABELS: Record<string, string> = {
  INVITED: "Convidado",
  ACTIVE: "Vinculado",
  ENDED: "Encerrado",
  DECLINED: "Recusado",
};

type OperatorRef = { id: string; municipalityId: string; legalName: string; tradeName: string | null; status: string };
const nameOf = (o: { legalName: string; tradeName: string | null }) => o.tradeName ?? o.legalName;

/** Refuses (409, with the provision) a driver already linked to another operator where the law makes the bond exclusive. */
async function assertNotExclusiveElsewhere(pack: RulePack, category: Category | null, operatorId: string, cpf: string) {
  const rule = category ? exclusiveDriverRule(pack, category) : null;
  if (!rule) return;
  const other = await db.driverLink.findFirst({
    where: { status: "ACTIVE", operatorId: { not: operatorId }, OR: [{ invitedCpf: cpf }, { person: { cpf } }] },
    include: { operator: { select: { legalName: true, tradeName: true } } },
  });
  if (other) {
    throw conflict(
      `Este condutor já está vinculado a ${nameOf(other.operator)}, e a lei permite o vínculo com uma só empresa (${rule.citation}). O vínculo anterior precisa ser encerrado primeiro.`,
    );
  }
}

export type InviteResult = { linkId: string; hasAccount: boolean };

/**
 * Invites a driver. With an account, the driver is told to accept in the portal; without one, the
 * e-mail invites them to create it (the invitation waits for that CPF). Refused (409/400, nothing
 * changed) when the company is not credentialed yet, the driver is already invited or linked here,
 * is exclusive to another company, or the e-mail belongs to someone else's account.
 */
export async function inviteDriver(
  operator: OperatorRef,
  input: { cpf: string; email: string },
  actor: Actor,
  now = new Date(),
): Promise<InviteResult> {
  if (operator.status !== "ACTIVE")
    throw conflict("A empresa só pode vincular condutores depois de credenciada pela prefeitura.");
  const open = await db.driverLink.findFirst({
    where: { operatorId: operator.id, invitedCpf: input.cpf, status: { in: ["INVITED", "ACTIVE"] } },
  });
  if (open)
    throw conflict(
      open.status === "ACTIVE"
        ? "Este condutor já está vinculado à empresa."
        : "Este condutor já foi convidado e ainda não respondeu.",
    );
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } });
  await assertNotExclusiveElsewhere(
    await activePack(municipality),
    await operatorCategory(operator.id),
    operator.id,
    input.cpf,
  );
  const [byCpf, byEmail] = await Promise.all([
    db.user.findUnique({ where: { cpf: input.cpf } }),
    db.user.findUnique({ where: { email: input.email } }),
  ]);
  if (byEmail && byEmail.cpf !== input.cpf)
    throw invalid("Este e-mail pertence à conta de outra pessoa. Confira o e-mail do condutor.");
  return db.$transaction(async (tx) => {
    const link = await tx.driverLink.create({
      data: {
        operatorId: operator.id,
        personId: null,
        invitedCpf: input.cpf,
        invitedEmail: input.email,
        status: "INVITED",
        invitedAt: now,
      },
    });
    const company = nameOf(operator);
    if (byCpf) {
      await enqueueMail(tx, byCpf.email, {
        subject: `Convite de vínculo — ${company}`,
        text: `Olá, ${byCpf.name}.\n\n${company} convidou você para se vincular à empresa no Portal de Credenciamento de ${municipality.name}. O vínculo só existe se você aceitar:\n\n${linkFor("/vinculos")}\n\nSe você não conhece esta empresa, recuse o convite.`,
      });
    } else {
      await enqueueMail(tx, input.email, {
        subject: `Convite para o Portal de Credenciamento — ${company}`,
        text: `Olá.\n\n${company} convidou o CPF ${formatCpf(input.cpf)} para se vincular à empresa no Portal de Credenciamento de ${municipality.name}. Para responder, crie sua conta com este CPF:\n\n${linkFor("/cadastro")}\n\nDepois de entrar, abra ${linkFor("/vinculos")} para aceitar ou recusar. Se não for com você, ignore esta mensagem.`,
      });
    }
    await audit(tx, actor, {
      action: "driver_link.invite",
      subjectType: "DriverLink",
      subjectId: link.id,
      municipalityId: operator.municipalityId,
      after: { operatorId: operator.id, hasAccount: Boolean(byCpf) },
      at: now,
    });
    return { linkId: link.id, hasAccount: Boolean(byCpf) };
  });
}

/** The driver's invitations and bonds, matched by CPF (invitations may predate the account). */
export async function linksOfUser(user: { id: string; cpf: string }) {
  const person = await db.person.findUnique({ where: { userId: user.id } });
  return db.driverLink.findMany({
    where: { OR: [{ invitedCpf: user.cpf }, ...(person ? [{ personId: person.id }] : [])] },
    include: { operator: { include: { municipality: { select: { name: true, uf: true } } } } },
    orderBy: [{ invitedAt: "desc" }],
  });
}

async function ownInvitation(linkId: string, user: { cpf: string }) {
  const link = /^[a-z0-9]{20,40}$/.test(linkId)
    ? await db.driverLink.findUnique({ where: { id: linkId }, include: { operator: true } })
    : null;
  if (!link || link.invitedCpf !== user.cpf) throw notFound("Convite não encontrado.");
  if (link.status !== "INVITED") throw conflict("Este convite já foi respondido ou cancelado.");
  return link;
}

/** The driver accepts: the bond begins (the exclusivity rule is checked again at this moment). */
export async function acceptLink(linkId: string, user: { id: string; cpf: string }, actor: Actor, now = new Date()) {
  const link = await ownInvitation(linkId, user);
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: link.operator.municipalityId } });
  await assertNotExclusiveElsewhere(
    await activePack(municipality),
    await operatorCategory(link.operatorId),
    link.operatorId,
    user.cpf,
  );
  const person = await ensurePerson(user.id);
  await db.$transaction(async (tx) => {
    const updated = await tx.driverLink.updateMany({
      where: { id: link.id, status: "INVITED" },
      data: { status: "ACTIVE", personId: person.id, acceptedAt: now },
    });
    if (updated.count !== 1) throw conflict("Este convite já foi respondido.");
    await audit(tx, actor, {
      action: "driver_link.accept",
      subjectType: "DriverLink",
      subjectId: link.id,
      municipalityId: link.operator.municipalityId,
      after: { operatorId: link.operatorId },
      at: now,
    });
  });
}

export async function declineLink(linkId: string, user: { id: string; cpf: string }, actor: Actor, now = new Date()) {
  const link = await ownInvitation(linkId, user);
  await db.$transaction(async (tx) => {
    const updated = await tx.driverLink.updateMany({
      where: { id: link.id, status: "INVITED" },
      data: { status: "DECLINED", endedAt: now },
    });
    if (updated.count !== 1) throw conflict("Este convite já foi respondido.");
    await audit(tx, actor, {
      action: "driver_link.decline",
      subjectType: "DriverLink",
      subjectId: link.id,
      municipalityId: link.operator.municipalityId,
      at: now,
    });
  });
}

/** The operator withdraws an invitation not yet answered. */
export async function cancelInvitation(operator: OperatorRef, linkId: string, actor: Actor, now = new Date()) {
  await db.$transaction(async (tx) => {
    const updated = await tx.driverLink.updateMany({
      where: { id: linkId, operatorId: operator.id, status: "INVITED" },
      data: { status: "ENDED", endedAt: now, endReason: "CONVITE_CANCELADO" },
    });
    if (updated.count !== 1) throw conflict("Convite não encontrado ou já respondido.");
    await audit(tx, actor, {
      action: "driver_link.cancel",
      subjectType: "DriverLink",
      subjectId: linkId,
      municipalityId: operator.municipalityId,
      at: now,
    });
  });
}

export const endReasonText = (endReason: string | null) => {
  if (!endReason) return null;
  const [code, ...rest] = endReason.split(": ");
  const label =
    code === "CONVITE_CANCELADO" ? "Convite cancelado" : (UNLINK_REASONS[code as UnlinkReason]?.label ?? code);
  return [label, rest.join(": ")].filter(Boolean).join(" — ");
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
  if (link.status !== "ACTIVE" || !link.person) throw conflict("Este vínculo não está ativo.");
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
      where: { id: link.id, status: "ACTIVE" },
      data: { status: "ENDED", endedAt: now, endReason: [input.reason, input.note].filter(Boolean).join(": ") },
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
      before: { status: "ACTIVE" },
      after: {
        status: "ENDED",
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

type Standing = {
  application: Awaited<ReturnType<typeof db.application.findFirst>>;
  credentials: {
    id: string;
    serial: string;
    type: string;
    category: string;
    plate: string | null;
    validFrom: string;
    validUntil: string;
    status: string;
    verdict: ReturnType<typeof verdictFor>;
  }[];
  credentialInForce: boolean;
};

/**
 * Each driver's standing with the operator — the newest application through it and the
 * credentials issued through it, with the verdict verification gives today — in two queries
 * for any number of drivers.
 */
export async function standingsOf(
  operatorId: string,
  personIds: string[],
  now = new Date(),
): Promise<Map<string, Standing>> {
  const ids = [...new Set(personIds)];
  const [applications, credentials] = ids.length
    ? await Promise.all([
        db.application.findMany({
          where: { personId: { in: ids }, linkedOperatorId: operatorId },
          orderBy: { createdAt: "desc" },
        }),
        db.credential.findMany({
          where: { holderPersonId: { in: ids }, application: { linkedOperatorId: operatorId } },
          orderBy: [{ issuedAt: "desc" }, { serial: "asc" }],
        }),
      ])
    : [[], []];
  const day = today(now, await timeZoneOfOperator(operatorId));
  const out = new Map<string, Standing>();
  for (const id of ids) {
    const views = credentials
      .filter((c) => c.holderPersonId === id)
      .map((c) => ({
        id: c.id,
        serial: c.serial,
        type: c.type,
        category: c.category,
        plate: c.plate,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        status: c.status,
        verdict: verdictFor(
          { status: c.status as CredentialStatus, validFrom: c.validFrom, validUntil: c.validUntil },
          day,
        ),
      }));
    out.set(id, {
      application: applications.find((a) => a.personId === id) ?? null,
      credentials: views,
      credentialInForce: views.some((c) => c.verdict === "VALID"),
    });
  }
  return out;
}

const NO_STANDING: Standing = { application: null, credentials: [], credentialInForce: false };

/** One driver's standing with the operator. */
export async function driverStanding(
  operatorId: string,
  link: { personId: string | null },
  now = new Date(),
): Promise<Standing> {
  if (!link.personId) return NO_STANDING;
  return (await standingsOf(operatorId, [link.personId], now)).get(link.personId) ?? NO_STANDING;
}

/** The operator's drivers (invited, linked and past), each with its standing. */
export async function listDriverLinks(operatorId: string, now = new Date()) {
  const links = await db.driverLink.findMany({
    where: { operatorId },
    include: { person: true },
    orderBy: [{ invitedAt: "desc" }],
  });
  const standings = await standingsOf(
    operatorId,
    links.flatMap((l) => (l.personId ? [l.personId] : [])),
    now,
  );
  return links.map((l) => ({ ...l, standing: (l.personId && standings.get(l.personId)) || NO_STANDING }));
}

export async function getDriverLink(operatorId: string, linkId: string | undefined) {
  if (!linkId || !/^[a-z0-9]{20,40}$/.test(linkId)) return null;
  return db.driverLink.findFirst({ where: { id: linkId, operatorId }, include: { person: true } });
}

/** Who among the CPF's bonds is an active driver of this operator (the API's question). */
export async function activeLinkByCpf(operatorId: string, cpf: string) {
  return db.driverLink.findFirst({
    where: { operatorId, status: "ACTIVE", person: { cpf } },
    include: { person: true },
  });
}

/**
 * The bond that lets a driver apply as linked to an operator: one the operator initiated (by
 * invitation) and the driver accepted, still in force. A driver cannot claim a company alone.
 */
export async function activeLink(personId: string | null, operatorId: string | null) {
  if (!personId || !operatorId) return null;
  return db.driverLink.findFirst({
    where: { personId, operatorId, status: "ACTIVE" },
    orderBy: { acceptedAt: "desc" },
  });
}

/** The operators a driver is linked to (bond in force) in a municipality: the only ones a linked application may name. */
export async function linkedOperatorsOf(userId: string, municipalityId: string) {
  const person = await db.person.findUnique({ where: { userId } });
  if (!person) return [];
  const links = await db.driverLink.findMany({
    where: { personId: person.id, status: "ACTIVE", operator: { municipalityId, status: "ACTIVE" } },
    include: { operator: true },
    orderBy: { acceptedAt: "desc" },
  });
  return links.map((l) => ({ id: l.operator.id, name: nameOf(l.operator) }));
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
  if (link.status !== "ACTIVE") throw conflict("Só se informa o envio dos dados de um condutor com vínculo ativo.");
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
      where: { id: link.id, status: "ACTIVE", driverDataSentOn: null },
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

/** The operator an application names and the state of the driver's bond with it, for the review screen. */
export async function applicationLinkState(app: { personId: string | null; linkedOperatorId: string | null }) {
  if (!app.linkedOperatorId) return null;
  const operator = await db.operator.findUnique({ where: { id: app.linkedOperatorId } });
  if (!operator) return null;
  const link = app.personId
    ? await db.driverLink.findFirst({
        where: { operatorId: operator.id, personId: app.personId },
        orderBy: { invitedAt: "desc" },
      })
    : null;
  return {
    operatorName: nameOf(operator),
    status: link?.status ?? null,
    statusLabel: link ? (LINK_STATUS_LABELS[link.status] ?? link.status) : "Sem vínculo",
    since: link?.acceptedAt ? civilDate(link.acceptedAt, await timeZoneOfOperator(operator.id)) : null,
    dataSentOn: link?.driverDataSentOn ?? null,
  };
}

/** The operator's active drivers, with their names (to put one on a vehicle). */
export const activeDriversOf = (operatorId: string) =>
  db.driverLink.findMany({
    where: { operatorId, status: "ACTIVE" },
    include: { person: { select: { fullName: true } } },
  });

export const countActiveDrivers = (operatorId: string) =>
  db.driverLink.count({ where: { operatorId, status: "ACTIVE" } });

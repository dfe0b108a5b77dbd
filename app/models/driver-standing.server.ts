// What an operator and the city read of a company's drivers: standings, bonds in force, bond state.
import { type CredentialStatus, verdictFor } from "~/domain/credentials/status";
import { isId } from "~/domain/ids";
import { LINK_IN_FORCE, LINK_STATUS_LABELS } from "~/domain/operators/driver-link";
import { civilDate, today } from "~/domain/time";
import { db } from "~/utils/db.server";
import { timeZoneOfOperator } from "./municipality.server";

export const nameOf = (o: { legalName: string; tradeName: string | null }) => o.tradeName ?? o.legalName;

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

/** Each driver's newest application and credentials through the operator, with today's verdict, in two queries. */
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
  if (!isId(linkId)) return null;
  return db.driverLink.findFirst({ where: { id: linkId, operatorId }, include: { person: true } });
}

/** Who among the CPF's bonds is an active driver of this operator (the API's question). */
export async function activeLinkByCpf(operatorId: string, cpf: string) {
  return db.driverLink.findFirst({
    where: { operatorId, status: LINK_IN_FORCE, person: { cpf } },
    include: { person: true },
  });
}

/** The bond in force that lets a driver apply as linked: operator-initiated, driver-accepted, never claimed alone. */
export async function activeLink(personId: string | null, operatorId: string | null) {
  if (!personId || !operatorId) return null;
  return db.driverLink.findFirst({
    where: { personId, operatorId, status: LINK_IN_FORCE },
    orderBy: { acceptedAt: "desc" },
  });
}

/** The operators a driver is linked to (bond in force) in a municipality: the only ones a linked application may name. */
export async function linkedOperatorsOf(userId: string, municipalityId: string) {
  const person = await db.person.findUnique({ where: { userId } });
  if (!person) return [];
  const links = await db.driverLink.findMany({
    where: { personId: person.id, status: LINK_IN_FORCE, operator: { municipalityId, status: "ACTIVE" } },
    include: { operator: true },
    orderBy: { acceptedAt: "desc" },
  });
  return links.map((l) => ({ id: l.operator.id, name: nameOf(l.operator) }));
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

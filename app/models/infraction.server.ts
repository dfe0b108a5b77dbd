// Autos de infração written by fiscais, idempotent by `clientRef` (given by the phone, maybe offline)
// so a retry creates one auto. Numbers come per municipality and year from SerialCounter, whose
// increment locks the row; the rule pack classifies and proposes the penalty.
import { classifyInfraction, proposePenalty, UnknownInfractionError, VOID_STATUSES } from "~/domain/infractions";
import { conflict, invalid, notFound } from "~/domain/refusal";
import type { RulePack } from "~/domain/rule-packs";
import { civilDate } from "~/domain/time";
import { type Actor, audit } from "~/utils/audit.server";
import { db, type Tx } from "~/utils/db.server";
import { numbered, numberYear, takeNumber } from "./counter.server";
import { activePack } from "./rule-pack.server";

type NewInfraction = {
  /** Client-generated id of this auto (UUID or similar); the same id is the same auto. */
  clientRef: string;
  municipalityId: string;
  credentialId: string;
  /** Code of the infraction in the municipality's rule pack. */
  code: string;
  place: string;
  occurredAt: Date;
  notes?: string | null;
};

type InfractionRow = NonNullable<Awaited<ReturnType<typeof db.infraction.findUnique>>>;

export const CLIENT_REF = /^[A-Za-z0-9_-]{16,64}$/;
/** An auto written offline may reach the server days later; older than this it is refused. */
const MAX_AUTO_AGE_DAYS = 30;
/** Phones' clocks drift: a time this far in the future is still accepted. */
const FUTURE_TOLERANCE_MS = 10 * 60_000;

/** The infractions of a pack as the fiscal picks them: description, class and citation. */
export function infractionCatalogue(pack: RulePack) {
  return pack.infractions.catalogue.map((i) => {
    const c = classifyInfraction(pack, i.code);
    return {
      code: c.code,
      description: c.description,
      offender: c.offender,
      citation: c.citation,
      classCode: c.class?.code ?? null,
      classLabel: c.class?.label ?? null,
    };
  });
}

/** Records an auto, or returns the one already recorded under its clientRef (409 if that is another auto). */
export async function createInfraction(
  input: NewInfraction,
  actor: Actor,
  now = new Date(),
): Promise<{ infraction: InfractionRow; created: boolean }> {
  if (!CLIENT_REF.test(input.clientRef)) throw invalid("Identificador do auto inválido.");
  const existing = await db.infraction.findUnique({ where: { clientRef: input.clientRef } });
  if (existing) return { infraction: sameAuto(existing, input), created: false };

  const credential = await db.credential.findUnique({
    where: { id: input.credentialId },
    include: { municipality: true, vehicle: { select: { operatorId: true } } },
  });
  if (!credential || credential.municipalityId !== input.municipalityId) throw notFound("Credencial não encontrada.");
  if (input.occurredAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
    throw invalid("A data e hora da infração não podem estar no futuro.");
  if (input.occurredAt.getTime() < now.getTime() - MAX_AUTO_AGE_DAYS * 86_400_000)
    throw invalid(`A infração tem mais de ${MAX_AUTO_AGE_DAYS} dias: registre-a pelo processo administrativo.`);

  const pack = await activePack(credential.municipality);
  const occurredOn = civilDate(input.occurredAt, credential.municipality.timeZone);
  const offender = credential.holderPersonId
    ? { personId: credential.holderPersonId }
    : { credentialId: credential.id };
  const priors = await db.infraction.findMany({
    where: {
      municipalityId: credential.municipalityId,
      ...offender,
      status: { notIn: [...VOID_STATUSES] },
      occurredAt: { lt: input.occurredAt },
    },
    select: { code: true, occurredAt: true },
  });
  let proposal;
  try {
    proposal = proposePenalty(pack, {
      code: input.code,
      date: occurredOn,
      priorOffences: priors.map((p) => ({
        code: p.code,
        date: civilDate(p.occurredAt, credential.municipality.timeZone),
      })),
    });
  } catch (e) {
    if (e instanceof UnknownInfractionError) throw invalid("Infração não prevista na lei deste município.");
    throw e;
  }

  const year = numberYear(now, credential.municipality.timeZone);
  try {
    return await db.$transaction(async (tx) => {
      const number = await nextNumber(tx, credential.municipality, year);
      const infraction = await tx.infraction.create({
        data: {
          number,
          clientRef: input.clientRef,
          municipalityId: credential.municipalityId,
          credentialId: credential.id,
          personId: credential.holderPersonId,
          operatorId: credential.holderOperatorId ?? credential.vehicle?.operatorId ?? null,
          vehicleId: credential.vehicleId,
          code: proposal.code,
          class: proposal.class?.code ?? "SEM_CLASSE",
          citation: proposal.citation,
          place: input.place,
          occurredAt: input.occurredAt,
          notes: input.notes || null,
          fiscalId: actor.userId,
          proposedJson: JSON.stringify({
            pack: { id: pack.id, version: pack.version },
            description: proposal.description,
            offender: proposal.offender,
            class: proposal.class ? { code: proposal.class.code, label: proposal.class.label } : null,
            appliedClass: proposal.appliedClass
              ? { code: proposal.appliedClass.code, label: proposal.appliedClass.label }
              : null,
            escalated: proposal.escalated,
            repeat: proposal.repeat,
            penalty: proposal.penalty,
            citations: proposal.citations,
          }),
        },
      });
      await audit(tx, actor, {
        action: "infraction.create",
        subjectType: "Infraction",
        subjectId: infraction.id,
        municipalityId: credential.municipalityId,
        after: {
          number,
          code: infraction.code,
          class: infraction.class,
          credential: credential.serial,
          clientRef: input.clientRef,
          escalated: proposal.escalated,
        },
        at: now,
      });
      return { infraction, created: true };
    });
  } catch (e) {
    // Two sends of the same auto raced past the first lookup: the unique clientRef let one in.
    if ((e as { code?: string }).code === "P2002") {
      const winner = await db.infraction.findUnique({ where: { clientRef: input.clientRef } });
      if (winner) return { infraction: sameAuto(winner, input), created: false };
    }
    throw e;
  }
}

function sameAuto(existing: InfractionRow, input: NewInfraction): InfractionRow {
  if (
    existing.municipalityId !== input.municipalityId ||
    existing.credentialId !== input.credentialId ||
    existing.code !== input.code
  ) {
    throw conflict("Este identificador já foi usado por outro auto de infração.");
  }
  return existing;
}

async function nextNumber(tx: Tx, municipality: { id: string; serialPrefix: string }, year: number): Promise<string> {
  return numbered(`AI-${municipality.serialPrefix}-${year}`, await takeNumber(tx, `auto:${municipality.id}:${year}`));
}

/** Autos not yet decided against the credential or its holder, newest first. */
export function openInfractionsFor(c: { municipalityId: string; credentialId: string; personId: string | null }) {
  return db.infraction.findMany({
    where: {
      municipalityId: c.municipalityId,
      decidedAt: null,
      status: { notIn: [...VOID_STATUSES] },
      OR: [{ credentialId: c.credentialId }, ...(c.personId ? [{ personId: c.personId }] : [])],
    },
    orderBy: { occurredAt: "desc" },
    take: 50,
  });
}

/** The autos a fiscal wrote in a municipality, newest first. */
export function infractionsByFiscal(fiscalId: string, municipalityId: string, take = 30) {
  return db.infraction.findMany({
    where: { fiscalId, municipalityId },
    orderBy: { createdAt: "desc" },
    take,
    include: { credential: { select: { serial: true, holderDisplayName: true } } },
  });
}

// Autos de infração written by fiscais. Idempotent by `clientRef`, the id the fiscal's phone
// gives each auto when it is written (possibly offline): sending the same auto twice — a retry,
// a queue flushed from two tabs — creates it once. Numbers are allocated per municipality and
// year from SerialCounter (the increment locks the row, as for serials and keys), and the
// rule pack classifies the infraction and proposes the penalty, escalated for a repeat.
import { conflict, invalid, notFound } from "~/domain/refusal";
import { db, type Tx } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { civilDate } from "~/domain/time";
import { proposePenalty, UnknownInfractionError, classifyInfraction, VOID_STATUSES } from "~/domain/infractions";
import type { RulePack } from "~/domain/rule-packs";
import { activePack } from "./rule-pack.server";
import { numberYear, numbered, takeNumber } from "./counter.server";

export type NewInfraction = {
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

export type InfractionRow = NonNullable<Awaited<ReturnType<typeof db.infraction.findUnique>>>;

export const CLIENT_REF = /^[A-Za-z0-9_-]{16,64}$/;
/** An auto written offline may reach the server days later; older than this it is refused. */
export const MAX_AUTO_AGE_DAYS = 30;
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
export type CatalogueEntry = ReturnType<typeof infractionCatalogue>[number];

/**
 * Records an auto, or returns the one already recorded under the same clientRef.
 * Throws 400 (unknown infraction, implausible time), 404 (credential not of this
 * municipality) or 409 (clientRef already used for another auto).
 */
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

// What a fiscal sees of a credential beyond the public verdict. Read-only, and only within the
// municipalities the route says the user works in.
import { db } from "~/utils/db.server";
import { infractionCatalogue, openInfractionsFor } from "./infraction.server";
import { activePack } from "./rule-pack.server";
import { listKeys } from "./signing-key.server";

const SERIAL = /^[A-Z0-9][A-Z0-9-]{2,22}[A-Z0-9]$/;

/** The credential in the fiscal's municipalities; null alike if unknown or elsewhere, so none leaks (issue #35). */
export async function credentialScope(serial: string, municipalityIds: readonly string[]) {
  if (!SERIAL.test(serial) || municipalityIds.length === 0) return null;
  return db.credential.findFirst({
    where: { serial, municipalityId: { in: [...municipalityIds] } },
    select: {
      id: true,
      serial: true,
      municipalityId: true,
      holderPersonId: true,
      municipality: {
        select: { id: true, slug: true, name: true, uf: true, rulePackId: true, ibgeCode: true, timeZone: true },
      },
    },
  });
}

export async function fiscalDetail(credentialId: string) {
  const c = await db.credential.findUniqueOrThrow({
    where: { id: credentialId },
    select: {
      id: true,
      serial: true,
      municipalityId: true,
      holderPersonId: true,
      status: true,
      statusReason: true,
      statusCitation: true,
      suspendedUntil: true,
      operatorName: true,
      issuedAt: true,
      vehicle: {
        select: {
          plate: true,
          make: true,
          model: true,
          colour: true,
          controlNumber: true,
          operator: { select: { legalName: true, tradeName: true, cnpj: true } },
        },
      },
      holderOperator: { select: { legalName: true, tradeName: true, cnpj: true } },
      statusChanges: {
        orderBy: { at: "desc" },
        take: 50,
        select: { id: true, fromStatus: true, toStatus: true, reason: true, citation: true, until: true, at: true },
      },
    },
  });
  const infractions = await openInfractionsFor({
    municipalityId: c.municipalityId,
    credentialId: c.id,
    personId: c.holderPersonId,
  });
  const operator = c.holderOperator ?? c.vehicle?.operator ?? null;
  return {
    ...c,
    operator: operator
      ? { name: operator.tradeName ?? operator.legalName, legalName: operator.legalName, cnpj: operator.cnpj }
      : c.operatorName
        ? { name: c.operatorName, legalName: c.operatorName, cnpj: null }
        : null,
    infractions,
  };
}

/** The municipality's keys as the offline verifier needs them: which kids are its own, and which are revoked. */
async function municipalityKeyBindings(municipalityId: string) {
  const keys = await listKeys(municipalityId);
  return keys.map((k) => ({ kid: k.kid, status: k.status }));
}

/** What the scanner page carries for offline use: the municipality, its key bindings and its infraction catalogue. */
export async function fiscalHome(municipalityId: string) {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: municipalityId } });
  const [keys, pack] = await Promise.all([municipalityKeyBindings(municipalityId), activePack(municipality)]);
  return { municipality, keys, catalogue: infractionCatalogue(pack) };
}

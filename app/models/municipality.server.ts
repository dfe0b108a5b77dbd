// Municipalities: lookup by slug, creation, time zone, and the identity on their documents.
import { Readable } from "node:stream";
import sharp from "sharp";
import { invalid, notFound } from "~/domain/refusal";
import { NEW_RULE_PACK, ownPackId } from "~/domain/rule-packs/own-pack";
import { getPack } from "~/domain/rule-packs/shipped";
import { isTimeZone, timeZoneForUf } from "~/domain/time";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { getStorage, newStorageKey, storedBytes } from "~/utils/storage.server";

export async function getMunicipalityBySlug(slug: string) {
  if (!/^[a-z0-9-]{2,60}$/.test(slug)) return null;
  return db.municipality.findUnique({ where: { slug } });
}

export async function requireMunicipality(slug: string | undefined) {
  const m = await getMunicipalityBySlug(slug ?? "");
  if (!m) throw notFound("Município não encontrado.");
  return m;
}

/** The municipality's IANA zone (Municipality.timeZone): every civil date of its records is in it. */
export async function timeZoneOf(municipalityId: string): Promise<string> {
  const m = await db.municipality.findUniqueOrThrow({ where: { id: municipalityId }, select: { timeZone: true } });
  return m.timeZone;
}

/** The zone of the municipality an operator is registered in. */
export async function timeZoneOfOperator(operatorId: string): Promise<string> {
  const o = await db.operator.findUniqueOrThrow({
    where: { id: operatorId },
    select: { municipality: { select: { timeZone: true } } },
  });
  return o.municipality.timeZone;
}

export const listMunicipalities = () => db.municipality.findMany({ orderBy: { name: "asc" } });

type NewMunicipality = {
  ibgeCode: string;
  name: string;
  uf: string;
  slug: string;
  population: number;
  fiscalUnitName: string;
  rulePackId: string;
  serialPrefix: string;
  /** IANA zone; when absent, the UF's (app/domain/time.ts). */
  timeZone?: string;
};

export async function findMunicipalityConflicts(
  m: Pick<NewMunicipality, "ibgeCode" | "slug" | "serialPrefix" | "rulePackId" | "uf">,
) {
  const rows = await db.municipality.findMany({
    where: { OR: [{ ibgeCode: m.ibgeCode }, { slug: m.slug }, { serialPrefix: m.serialPrefix }] },
  });
  const errors: Record<string, string> = {};
  if (rows.some((r) => r.ibgeCode === m.ibgeCode)) errors.ibgeCode = "Já existe um município com este código IBGE.";
  if (rows.some((r) => r.slug === m.slug)) errors.slug = "Endereço já usado por outro município.";
  if (rows.some((r) => r.serialPrefix === m.serialPrefix))
    errors.serialPrefix = "Prefixo já usado por outro município.";
  if (m.rulePackId === NEW_RULE_PACK) {
    const id = ownPackId(m.slug, m.uf);
    if (getPack(id) || (await db.municipality.count({ where: { rulePackId: id } })))
      errors.slug = `O pacote "${id}" já existe: use outro endereço para o município.`;
  }
  return errors;
}

export async function createMunicipality(input: NewMunicipality, actor: Actor) {
  const timeZone = input.timeZone ?? timeZoneForUf(input.uf);
  if (!isTimeZone(timeZone)) throw invalid("Fuso horário desconhecido.");
  // A pack written in the portal: the town opens to drivers when its first version is published.
  const data =
    input.rulePackId === NEW_RULE_PACK
      ? { ...input, timeZone, rulePackId: ownPackId(input.slug, input.uf), active: false }
      : { ...input, timeZone };
  return db.$transaction(async (tx) => {
    const m = await tx.municipality.create({ data });
    await audit(tx, actor, {
      action: "municipality.create",
      subjectType: "Municipality",
      subjectId: m.id,
      municipalityId: m.id,
      after: data,
    });
    return m;
  });
}

/** The platform admin's call (a few states span two zones); every civil date from then on is taken in it. */
export async function setMunicipalityTimeZone(municipalityId: string, timeZone: string, actor: Actor) {
  if (!isTimeZone(timeZone)) throw invalid("Fuso horário desconhecido.");
  return db.$transaction(async (tx) => {
    const before = await tx.municipality.findUnique({ where: { id: municipalityId }, select: { timeZone: true } });
    if (!before) throw notFound("Município não encontrado.");
    const m = await tx.municipality.update({ where: { id: municipalityId }, data: { timeZone } });
    await audit(tx, actor, {
      action: "municipality.time_zone",
      subjectType: "Municipality",
      subjectId: m.id,
      municipalityId: m.id,
      before,
      after: { timeZone },
    });
    return m;
  });
}

export async function municipalityOverview(municipalityId: string) {
  const [applications, credentials, staff] = await Promise.all([
    db.application.groupBy({ by: ["status"], where: { municipalityId }, _count: true }),
    db.credential.groupBy({ by: ["status"], where: { municipalityId }, _count: true }),
    db.roleAssignment.count({ where: { municipalityId, disabledAt: null } }),
  ]);
  return {
    applications: Object.fromEntries(applications.map((a) => [a.status, a._count])),
    credentials: Object.fromEntries(credentials.map((c) => [c.status, c._count])),
    staff,
  };
}

/** The municipalities of the given ids (a user's staff grants), for links to their back office. */
export const municipalitiesByIds = (ids: string[]) =>
  db.municipality.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, slug: true, uf: true } });

// ---- the municipality's identity on its documents (ADR 027) -----------------------------------

/** What the gestor sets on /m/<slug>/identidade; null clears a line. */
type MunicipalIdentityInput = {
  secretariaName: string | null;
  signatoryName: string | null;
  signatoryRole: string | null;
};

/** Longest side of the stored coat of arms: sharp enough at 10 mm on the card and 30 mm on A4. */
const COAT_OF_ARMS_MAX_SIDE = 600;
/** Largest coat-of-arms upload accepted (before it is re-encoded at COAT_OF_ARMS_MAX_SIDE). */
export const COAT_OF_ARMS_MAX_BYTES = 1024 * 1024;

export async function getMunicipalIdentity(municipalityId: string) {
  const m = await db.municipality.findUnique({
    where: { id: municipalityId },
    select: {
      secretariaName: true,
      signatoryName: true,
      signatoryRole: true,
      coatOfArmsKey: true,
      coatOfArmsMime: true,
      coatOfArmsSha256: true,
      updatedAt: true,
    },
  });
  if (!m) throw notFound("Município não encontrado.");
  return m;
}

export async function setMunicipalIdentity(municipalityId: string, input: MunicipalIdentityInput, actor: Actor) {
  return db.$transaction(async (tx) => {
    const before = await tx.municipality.findUnique({
      where: { id: municipalityId },
      select: { secretariaName: true, signatoryName: true, signatoryRole: true },
    });
    if (!before) throw notFound("Município não encontrado.");
    if (Boolean(input.signatoryName) !== Boolean(input.signatoryRole))
      throw invalid("Informe o nome e o cargo de quem assina, ou deixe os dois em branco.", "signatoryRole");
    await tx.municipality.update({ where: { id: municipalityId }, data: input });
    await audit(tx, actor, {
      action: "municipality.identity",
      subjectType: "Municipality",
      subjectId: municipalityId,
      municipalityId,
      before,
      after: input,
    });
  });
}

/**
 * Stores the coat of arms (already content-checked on upload), shrunk so every PDF stays small. The
 * previous file is kept: credentials issued with it re-render with it. `null` removes it.
 */
export async function setCoatOfArms(
  municipalityId: string,
  file: { key: string; mime: string } | null,
  actor: Actor,
): Promise<void> {
  let stored: { key: string; mime: string; sha256: string } | null = null;
  if (file) {
    if (file.mime !== "image/png" && file.mime !== "image/jpeg")
      throw invalid("O brasão precisa ser uma imagem PNG ou JPEG.", "brasao");
    const original = await storedBytes(file.key);
    const image = sharp(original).resize({
      width: COAT_OF_ARMS_MAX_SIDE,
      height: COAT_OF_ARMS_MAX_SIDE,
      fit: "inside",
      withoutEnlargement: true,
    });
    const bytes = await (
      file.mime === "image/png" ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 90 })
    ).toBuffer();
    const put = await getStorage().put(newStorageKey(), Readable.from([bytes]), { contentType: file.mime });
    await getStorage().delete(file.key);
    stored = { key: put.key, mime: file.mime, sha256: put.sha256 };
  }
  await db.$transaction(async (tx) => {
    await tx.municipality.update({
      where: { id: municipalityId },
      data: {
        coatOfArmsKey: stored?.key ?? null,
        coatOfArmsMime: stored?.mime ?? null,
        coatOfArmsSha256: stored?.sha256 ?? null,
      },
    });
    await audit(tx, actor, {
      action: stored ? "municipality.coat_of_arms" : "municipality.coat_of_arms_removed",
      subjectType: "Municipality",
      subjectId: municipalityId,
      municipalityId,
      after: stored ? { sha256: stored.sha256, mime: stored.mime } : {},
    });
  });
}

/** The coat of arms' bytes, or null when the key is absent or the file is gone (a PDF is still made). */
export async function coatOfArmsBytes(key: string | null | undefined): Promise<Uint8Array | null> {
  if (!key) return null;
  try {
    return new Uint8Array(await storedBytes(key));
  } catch {
    return null;
  }
}

/** The identity a document is issued with: printed lines, plus the coat of arms' storage key. */
export function documentIdentity(m: {
  secretariaName: string | null;
  signatoryName: string | null;
  signatoryRole: string | null;
  coatOfArmsKey: string | null;
}) {
  return {
    authority: m.secretariaName,
    signatory: m.signatoryName && m.signatoryRole ? { name: m.signatoryName, role: m.signatoryRole } : null,
    coatOfArmsKey: m.coatOfArmsKey,
  };
}

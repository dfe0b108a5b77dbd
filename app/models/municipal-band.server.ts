// The band under the header (ADR 032): the coat of arms and secretaria of the municipality in
// context. Nothing personal (every crachá prints it); shown only to a signed-in user.
import sharp from "sharp";
import { db } from "~/utils/db.server";
import { coatOfArmsBytes } from "./municipality.server";
import type { CurrentUser } from "./user.server";

export type MunicipalBand = {
  name: string;
  uf: string;
  slug: string;
  secretaria: string | null;
  /** The small coat of arms' address (changes with the image, so it may be cached for good). */
  coatOfArmsSrc: string | null;
};

const SELECT = {
  name: true,
  uf: true,
  slug: true,
  secretariaName: true,
  coatOfArmsKey: true,
  coatOfArmsSha256: true,
} as const;

type Row = { name: string; uf: string; slug: string; secretariaName: string | null; coatOfArmsSha256: string | null };

function band(m: Row | null | undefined): MunicipalBand | null {
  if (!m) return null;
  // Without a secretaria nor a coat of arms the header's line already names the municipality.
  if (!m.secretariaName && !m.coatOfArmsSha256) return null;
  return {
    name: m.name,
    uf: m.uf,
    slug: m.slug,
    secretaria: m.secretariaName,
    coatOfArmsSrc: m.coatOfArmsSha256 ? `/brasao/${m.slug}?v=${m.coatOfArmsSha256.slice(0, 16)}` : null,
  };
}

/** The one municipality in `ids`, or null when there are none or several. */
async function onlyOne(ids: (string | null | undefined)[]) {
  const distinct = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (distinct.length !== 1) return null;
  return db.municipality.findUnique({ where: { id: distinct[0] }, select: SELECT });
}

/** Where the band is drawn: not the scanner or credential pages (they need the screen), nor public ones. */
const BAND_SECTIONS = new Set(["m", "operadora", "requerimentos", "painel", "vinculos"]);

/**
 * The municipality in context: the one the URL names, if the user may see it; elsewhere the user's
 * only municipality. Null when there is none or no single one, and outside BAND_SECTIONS.
 */
export async function municipalBandFor(user: CurrentUser, pathname: string): Promise<MunicipalBand | null> {
  const [, section, id] = pathname.split("/");
  if (!BAND_SECTIONS.has(section)) return null;
  if (section === "m" && id) {
    // Only for its staff (and the admin): a 403 page says nothing of a municipality the user may not see.
    const m = await db.municipality.findUnique({
      where: { slug: decodeURIComponent(id) },
      select: { ...SELECT, id: true },
    });
    const allowed = user.grants.some(
      (g) => g.role === "ADMIN" || (g.municipalityId !== null && g.municipalityId === m?.id),
    );
    return allowed ? band(m) : null;
  }
  if (section === "operadora" && id && user.grants.some((g) => g.role === "OPERADOR" && g.operatorId === id)) {
    const operator = await db.operator.findUnique({ where: { id }, select: { municipality: { select: SELECT } } });
    return band(operator?.municipality);
  }
  if (section === "requerimentos" && id && id !== "novo") {
    const application = await db.application.findFirst({
      where: { id, person: { userId: user.id } },
      select: { municipality: { select: SELECT } },
    });
    if (application) return band(application.municipality);
  }
  const staff = user.grants.filter((g) => g.role !== "CONDUTOR" && g.role !== "OPERADOR" && g.role !== "ADMIN");
  if (staff.length > 0) return band(await onlyOne(staff.map((g) => g.municipalityId)));
  const operatorIds = user.grants.filter((g) => g.role === "OPERADOR").map((g) => g.operatorId ?? "");
  if (operatorIds.length > 0) {
    const operators = await db.operator.findMany({
      where: { id: { in: operatorIds } },
      select: { municipalityId: true },
    });
    return band(await onlyOne(operators.map((o) => o.municipalityId)));
  }
  const applications = await db.application.findMany({
    where: { person: { userId: user.id } },
    select: { municipalityId: true },
    distinct: ["municipalityId"],
    take: 2,
  });
  if (applications.length > 0) return band(await onlyOne(applications.map((a) => a.municipalityId)));
  // A driver without an application yet, working for a company: the company's municipality.
  const links = await db.driverLink.findMany({
    where: { person: { userId: user.id }, status: { in: ["ACTIVE", "SUSPENDED"] } },
    select: { operator: { select: { municipalityId: true } } },
    take: 5,
  });
  return band(await onlyOne(links.map((l) => l.operator.municipalityId)));
}

/** Height in pixels of the band's coat of arms (drawn at 32 CSS px, sharp on a 3× screen). */
const THUMBNAIL_HEIGHT = 96;
const thumbnails = new Map<string, Uint8Array>();

/** The coat of arms of `slug` shrunk for the band (PNG), or null when there is none. */
export async function coatOfArmsThumbnail(slug: string): Promise<Uint8Array | null> {
  const m = await db.municipality.findUnique({
    where: { slug },
    select: { coatOfArmsKey: true, coatOfArmsSha256: true },
  });
  if (!m?.coatOfArmsKey || !m.coatOfArmsSha256) return null;
  const cached = thumbnails.get(m.coatOfArmsSha256);
  if (cached) return cached;
  const original = await coatOfArmsBytes(m.coatOfArmsKey);
  if (!original) return null;
  const bytes = new Uint8Array(
    await sharp(original)
      .resize({ height: THUMBNAIL_HEIGHT, width: THUMBNAIL_HEIGHT * 2, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
  if (thumbnails.size >= 64) thumbnails.delete(thumbnails.keys().next().value as string);
  thumbnails.set(m.coatOfArmsSha256, bytes);
  return bytes;
}

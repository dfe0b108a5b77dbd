// A titular's prepostos (the pack's PREPOSTO mode): only the titular the application names by CPF,
// holding a credential in force of the same category and town, sends the papers the law asks of
// them (submittedBy HOLDER). Anyone else is refused (403) and audited (ADR 058).
import { holderDisplayName } from "~/credentials/display-name";
import { titularCpfOf } from "~/domain/applications/draft";
import { type ApplicationStatus, OPERATOR_UPLOAD_STATUSES } from "~/domain/applications/status";
import { formatCpf } from "~/domain/br";
import type { RequiredDocument } from "~/domain/eligibility";
import { needsFile } from "~/domain/eligibility/document-status";
import { isId } from "~/domain/ids";
import { conflict, forbidden, invalid, notFound } from "~/domain/refusal";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { getStorage } from "~/utils/storage.server";
import type { UploadedFile } from "~/utils/upload-check.server";
import { type ApplicationWithRelations, evaluateFor, getApplication, today } from "./application.server";
import { attachDocument } from "./document.server";

/** The titular's papers are taken in the statuses an operator may upload for its driver: up to the decision. */
export const TITULAR_UPLOAD_STATUSES: readonly string[] = OPERATOR_UPLOAD_STATUSES;

/** The documents the law makes the titular hand in for this application (submittedBy HOLDER). */
const titularDocuments = (docs: readonly RequiredDocument[]) => docs.filter((d) => d.submittedBy === "TITULAR");

type Who = { id: string; cpf: string };

/**
 * Whether `user` is the named titular (the account holding the CPF, ADR 054) and holds a credential
 * in force of the category in the town: art. 14 lets only "o permissionário ou autorizatário" indicate.
 */
async function titularStanding(
  user: Who,
  app: { municipalityId: string; category: string; mode: string; draftJson: string },
  date: string,
) {
  const named = titularCpfOf(app);
  if (!named || named !== user.cpf) return { named: false as const, inForce: false };
  const account = await db.user.findUnique({
    where: { id: user.id },
    select: { disabledAt: true, person: { select: { id: true, cpf: true } } },
  });
  if (!account || account.disabledAt || account.person?.cpf !== named) return { named: false as const, inForce: false };
  const inForce = await db.credential.count({
    where: {
      holderPersonId: account.person.id,
      municipalityId: app.municipalityId,
      category: app.category,
      status: "ACTIVE",
      validFrom: { lte: date },
      validUntil: { gte: date },
    },
  });
  return { named: true as const, inForce: inForce > 0 };
}

/** The preposto applications naming the user as titular, with the documents asked of the titular. */
export async function prepostosOf(user: Who, now = new Date()) {
  const rows = await db.application.findMany({
    // The draft is JSON written by JSON.stringify: the CPF appears exactly so (checked again below).
    where: { mode: "PREPOSTO", draftJson: { contains: `"titularCpf":"${user.cpf}"` } },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  const out = [];
  for (const row of rows) {
    const app = await getApplication(row.id);
    if (!app?.person) continue;
    const date = today(now, app.municipality.timeZone);
    const standing = await titularStanding(user, app, date);
    if (!standing.named) continue;
    const { result } = await evaluateFor(app, date);
    const open = TITULAR_UPLOAD_STATUSES.includes(app.status);
    out.push({
      id: app.id,
      number: app.number,
      status: app.status as ApplicationStatus,
      category: app.category,
      town: `${app.municipality.name}/${app.municipality.uf}`,
      preposto: app.person.fullName,
      inForce: standing.inForce,
      open,
      documents: titularDocuments(result.requiredDocuments).map((d) => ({
        type: d.type,
        label: d.label,
        citation: d.citation,
        status: d.status,
        reason: d.reason ?? null,
        canSend: open && standing.inForce && needsFile(d.status),
      })),
    });
  }
  return out;
}

/**
 * The preposto application and the types the titular may send, checked before the upload is read:
 * 404 if not a preposto's; 403, audited, if not its titular in force.
 */
export async function requireTitularOf(user: Who, appId: string | undefined, actor: Actor, now = new Date()) {
  const app = isId(appId) ? await getApplication(appId) : null;
  if (!app || app.mode !== "PREPOSTO" || !app.person) throw notFound("Requerimento não encontrado.");
  const date = today(now, app.municipality.timeZone);
  const standing = await titularStanding(user, app, date);
  const { pack, result } = await evaluateFor(app, date);
  if (!standing.named || !standing.inForce) {
    const basis = pack.categories.find((c) => c.code === app.category)?.modes.find((m) => m.mode === "PREPOSTO");
    await db.$transaction((tx) =>
      audit(tx, actor, {
        action: "preposto.document_refused",
        subjectType: "Application",
        subjectId: app.id,
        municipalityId: app.municipalityId,
        after: { reason: standing.named ? "titular_sem_credencial_em_vigor" : "nao_e_o_titular" },
      }),
    );
    throw forbidden(
      standing.named
        ? `Só o titular com credencial em vigor desta categoria no município pode indicar um preposto${basis ? ` (${basis.citation})` : ""}.`
        : "Só o titular indicado neste requerimento pode enviar os documentos do preposto.",
    );
  }
  return { app, date, allowed: new Set(titularDocuments(result.requiredDocuments).map((d) => d.type)) };
}

/** Attaches a titular's document, re-checked now (the pre-upload check may be stale); a refusal deletes the file. */
export async function sendPrepostoDocument(
  user: Who,
  appId: string,
  file: UploadedFile,
  meta: { type: string; issueDate?: string | null; expiryDate?: string | null },
  actor: Actor,
  now = new Date(),
) {
  let app: ApplicationWithRelations;
  try {
    const checked = await requireTitularOf(user, appId, actor, now);
    app = checked.app;
    if (!checked.allowed.has(meta.type)) throw invalid("A lei não pede este documento ao titular.");
    if (!TITULAR_UPLOAD_STATUSES.includes(app.status)) throw conflict("Este requerimento não recebe mais documentos.");
  } catch (error) {
    await getStorage()
      .delete(file.key)
      .catch(() => undefined);
    throw error;
  }
  return attachDocument(app, { userId: user.id }, file, meta, actor);
}

/**
 * The titular as the preposto sees them: the typed CPF, and the name only once the titular has sent
 * something — so typing a CPF never reveals whose it is.
 */
export async function titularSeenByPreposto(app: { id: string; mode: string; draftJson: string }) {
  const cpf = titularCpfOf(app);
  if (!cpf) return null;
  const account = await db.user.findUnique({
    where: { cpf },
    select: { id: true, person: { select: { fullName: true } } },
  });
  const sent = account ? await db.document.count({ where: { applicationId: app.id, ownerUserId: account.id } }) : 0;
  return {
    cpf: formatCpf(cpf),
    name: sent > 0 && account?.person ? holderDisplayName(account.person.fullName) : null,
  };
}

/** How many open preposto applications name the user's CPF (the home's link to /prepostos). */
export function openPrepostoCount(user: Who) {
  return db.application.count({
    where: {
      mode: "PREPOSTO",
      status: { in: [...TITULAR_UPLOAD_STATUSES] },
      draftJson: { contains: `"titularCpf":"${user.cpf}"` },
    },
  });
}

// A titular's prepostos (where the town's law has them: the pack's PREPOSTO mode): the preposto's
// application names the titular by CPF; the titular — and only the titular it names, holding a
// credential in force of the same category in the town — sends the papers the law makes them
// hand in for the preposto (the pack's submittedBy HOLDER: in Patrocínio the written indication
// and the duty roster). Anyone else is refused (403) and the attempt audited (ADR 058).
import { conflict, forbidden, invalid, notFound } from "~/domain/refusal";
import { isId } from "~/domain/ids";
import { titularCpfOf } from "~/domain/applications/draft";
import { formatCpf } from "~/domain/br";
import { holderDisplayName } from "~/credentials/display-name";
import { OPERATOR_UPLOAD_STATUSES, type ApplicationStatus } from "~/domain/applications/status";
import type { RequiredDocument } from "~/domain/eligibility";
import { db } from "~/utils/db.server";
import { audit, type Actor } from "~/utils/audit.server";
import { getStorage } from "~/utils/storage.server";
import type { UploadedFile } from "~/utils/upload-check.server";
import { evaluateFor, getApplication, today, type ApplicationWithRelations } from "./application.server";
import { attachDocument } from "./document.server";

/**
 * The statuses in which the titular's papers are taken: while the application is open to
 * documents from anyone but the preposto (as a company's for its driver), up to the decision.
 */
export const TITULAR_UPLOAD_STATUSES: readonly string[] = OPERATOR_UPLOAD_STATUSES;

/** The documents the law makes the titular hand in for this application (submittedBy HOLDER). */
export const titularDocuments = (docs: readonly RequiredDocument[]) => docs.filter((d) => d.submittedBy === "HOLDER");

type Who = { id: string; cpf: string };

/**
 * Whether `user` is the titular the application names and may act for it now: the account that
 * holds the CPF (a CPF taken back through gov.br leaves the frozen account with none, ADR 054;
 * a disabled account has no session), whose person holds a credential in force — active and
 * within its dates on the town's day — of the application's category in the same town: art. 14
 * lets "o permissionário ou autorizatário" indicate, so one with no credential in force cannot.
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

/**
 * The preposto applications that name the user as titular, each with its status and the
 * documents the law asks of the titular (cited), and whether they may be sent now.
 */
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
        canSend: open && standing.inForce && ["MISSING", "REJECTED", "EXPIRED"].includes(d.status),
      })),
    });
  }
  return out;
}

/**
 * The application a titular sends a preposto's document to, with the types they may send —
 * checked before the upload is read. Not a preposto's application: 404. Someone who is not the
 * titular it names, or a titular with no credential in force: 403, audited (nothing else written).
 * An application past its decision: 409.
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

/**
 * Attaches one of the titular's documents to the preposto's application, the titular checked
 * again at the moment of writing (the check before the upload may be stale): a refusal then
 * deletes the stored file — nothing half-done.
 */
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
 * What the preposto sees of the titular their application names: the CPF they typed themselves,
 * and the titular's name only once the titular has sent something for this application — so
 * typing a CPF never tells anyone whose it is, nor whether they hold a credential.
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
export type TitularSeen = NonNullable<Awaited<ReturnType<typeof titularSeenByPreposto>>>;

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

// The daily job (safe to run twice and on several servers): expiries, ended suspensions, and renewal
// reminders through the outbox, each under a unique key so it goes once.
import { dueReminder } from "~/domain/applications/reminders";
import { RENEWAL_WINDOW_DAYS } from "~/domain/credentials/renewal-window";
import { addDays, daysBetween } from "~/domain/eligibility/calendar";
import { systemActor } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { enqueueMail } from "~/utils/mail.server";

/** Of an application's credentials, the one whose expiry is reminded (the others end with it or follow a vistoria). */
const REMINDED_FIRST: readonly string[] = ["CRACHA", "CERTIFICADO_OPERADOR", "CERTIFICADO", "AUTORIZACAO_TRANSITO"];
import { CREDENTIAL_TYPE_LABELS } from "~/domain/credentials/labels";
import { formatDate } from "~/domain/format";
import { today } from "./application.server";
import { changeCredentialStatusInTx } from "./credentials/status.server";
import { forgetStatusList } from "./credentials/status-list.server";
import { linkFor } from "./user.server";

async function once(
  subjectType: string,
  subjectId: string,
  dueDate: string,
  offsetDays: number,
  send: (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0]) => Promise<void>,
) {
  try {
    await db.$transaction(async (tx) => {
      await tx.reminder.create({ data: { subjectType, subjectId, dueDate, offsetDays } });
      await send(tx);
    });
    return true;
  } catch (e) {
    // The unique key says it was already sent (by an earlier run or another server).
    if ((e as { code?: string }).code === "P2002") return false;
    throw e;
  }
}

export async function runDailyJobs(now = new Date()) {
  const actor = systemActor();
  const summary = { expiredCredentials: 0, reinstated: 0, expiredDocuments: 0, reminders: 0 };
  // Each municipality's "today" is its own zone's civil day (at 03:30 UTC São Paulo is on the next
  // day, Jardim at UTC−4 not): one pass per zone.
  const zones = new Map<string, string[]>();
  for (const m of await db.municipality.findMany({ select: { id: true, timeZone: true } }))
    zones.set(m.timeZone, [...(zones.get(m.timeZone) ?? []), m.id]);
  let earliest: string | null = null;
  for (const [timeZone, ids] of zones) {
    const date = today(now, timeZone);
    if (earliest === null || date < earliest) earliest = date;
    await dailyJobsFor({ in: ids }, date, now, actor, summary);
  }
  // Documents of no application belong to no one zone: they expire by the westernmost zone's date.
  if (earliest !== null) {
    const loose = await db.document.updateMany({
      where: { reviewStatus: "ACCEPTED", expiredAt: null, applicationId: null, expiryDate: { lt: earliest } },
      data: { expiredAt: now },
    });
    summary.expiredDocuments += loose.count;
  }
  return summary;
}

type Summary = { expiredCredentials: number; reinstated: number; expiredDocuments: number; reminders: number };

type Scope = { municipalityId: { in: string[] }; date: string; now: Date; summary: Summary };

async function dailyJobsFor(
  municipalityId: { in: string[] },
  date: string,
  now: Date,
  actor: ReturnType<typeof systemActor>,
  summary: Summary,
) {
  const scope = { municipalityId, date, now, summary };
  await changeStatusesDue(scope, actor);
  await remindCredentials(scope);
  await remindDocuments(scope);
}

/** Credentials past their validity expire, suspensions past their term end, documents past theirs expire. */
async function changeStatusesDue({ municipalityId, date, now, summary }: Scope, actor: ReturnType<typeof systemActor>) {
  for (const c of await db.credential.findMany({
    where: { municipalityId, status: "ACTIVE", validUntil: { lt: date } },
    select: { id: true, municipalityId: true },
  })) {
    await db
      .$transaction((tx) =>
        changeCredentialStatusInTx(tx, c.id, c.municipalityId, "expire", { reason: "Fim da validade" }, actor, now),
      )
      .catch(() => undefined);
    summary.expiredCredentials++;
  }
  for (const c of await db.credential.findMany({
    where: { municipalityId, status: "SUSPENDED", suspendedUntil: { lt: date } },
    select: { id: true, municipalityId: true },
  })) {
    await db
      .$transaction((tx) =>
        changeCredentialStatusInTx(
          tx,
          c.id,
          c.municipalityId,
          "reinstate",
          { reason: "Fim do prazo da suspensão" },
          actor,
          now,
        ),
      )
      .catch(() => undefined);
    summary.reinstated++;
  }
  if (summary.expiredCredentials || summary.reinstated) forgetStatusList();
  const expiredDocs = await db.document.updateMany({
    where: { reviewStatus: "ACCEPTED", expiredAt: null, expiryDate: { lt: date }, application: { municipalityId } },
    data: { expiredAt: now },
  });
  summary.expiredDocuments += expiredDocs.count;
}

/** The reminders of credentials that end within 60 days, once per application and offset. */
async function remindCredentials({ municipalityId, date, summary }: Scope) {
  const horizon = addDays(date, 60);
  // One reminder per application, for the credential renewed by (REMINDED_FIRST: not every city
  // issues a crachá); a company's goes to its whole team. Hourly, so the horizon is read light and
  // only what is due is loaded — never a transaction per item (issue #31).
  const inHorizon = await db.credential.findMany({
    where: { municipalityId, status: "ACTIVE", validUntil: { gte: date, lte: horizon } },
    select: { id: true, applicationId: true, type: true, validUntil: true },
  });
  const rank = (type: string) => REMINDED_FIRST.indexOf(type) + 1 || REMINDED_FIRST.length + 1;
  const byApplication = new Map<string, (typeof inHorizon)[number]>();
  for (const c of inHorizon) {
    const key = c.applicationId ?? c.id;
    const kept = byApplication.get(key);
    if (!kept || rank(c.type) < rank(kept.type)) byApplication.set(key, c);
  }
  const dueCredentials = await notYetReminded("Credential", date, [...byApplication.values()], (c) => c.validUntil);
  for (const c of await loadInChunks(dueCredentials, (ids) =>
    db.credential.findMany({
      where: { id: { in: ids } },
      include: {
        holderPerson: { include: { user: true } },
        holderOperator: {
          include: { members: { where: { role: "OPERADOR", disabledAt: null }, include: { user: true } } },
        },
      },
    }),
  )) {
    const daysLeft = daysBetween(date, c.validUntil);
    const offset = dueReminder(daysLeft)!;
    const recipients = c.holderPerson?.user
      ? [{ user: c.holderPerson.user, path: "/credenciais" }]
      : (c.holderOperator?.members ?? []).map((m) => ({ user: m.user, path: `/operadora/${c.holderOperator!.id}` }));
    if (recipients.length === 0) continue;
    const sent = await once("Credential", c.id, c.validUntil, offset, async (tx) => {
      for (const { user, path } of recipients) {
        await enqueueMail(tx, user.email, {
          subject:
            daysLeft === 0
              ? `Seu ${CREDENTIAL_TYPE_LABELS[c.type]} vence hoje`
              : `Seu ${CREDENTIAL_TYPE_LABELS[c.type]} vence em ${daysLeft} dias`,
          text: `Olá, ${user.name}.\n\n${CREDENTIAL_TYPE_LABELS[c.type]} ${c.serial} vale até ${formatDate(c.validUntil)}. A renovação abre ${RENEWAL_WINDOW_DAYS} dias antes do vencimento: pelo portal, ela já vem preenchida e pede de novo só o que venceu ou venceria antes da próxima renovação.\n\n${linkFor(path)}`,
        });
      }
    });
    if (sent) summary.reminders++;
  }
}

/** The reminders of accepted documents of issued applications that end within 60 days. */
async function remindDocuments({ municipalityId, date, summary }: Scope) {
  const horizon = addDays(date, 60);
  const documentsInHorizon = await db.document.findMany({
    where: {
      reviewStatus: "ACCEPTED",
      replacedById: null,
      expiryDate: { gte: date, lte: horizon },
      application: { status: "ISSUED", municipalityId },
    },
    select: { id: true, expiryDate: true },
  });
  const dueDocuments = await notYetReminded("Document", date, documentsInHorizon, (d) => d.expiryDate!);
  for (const d of await loadInChunks(dueDocuments, (ids) =>
    db.document.findMany({
      where: { id: { in: ids } },
      include: { application: { include: { person: { include: { user: true } } } } },
    }),
  )) {
    const daysLeft = daysBetween(date, d.expiryDate!);
    const offset = dueReminder(daysLeft)!;
    const user = d.application?.person?.user;
    if (!user) continue;
    const sent = await once("Document", d.id, d.expiryDate!, offset, (tx) =>
      enqueueMail(tx, user.email, {
        subject: `Um documento seu vence em ${daysLeft} dias`,
        text: `Olá, ${user.name}.\n\nO documento "${d.type}" enviado no requerimento ${d.application!.number} vale até ${formatDate(d.expiryDate!)}. Envie um atualizado na renovação.\n\n${linkFor("/credenciais")}`,
      }),
    );
    if (sent) summary.reminders++;
  }
}

/** Rows read (and ids asked) at a time: bounded memory and statement size at any city's size. */
const CHUNK = 1_000;

/**
 * The ids whose due reminder is not yet recorded, read in chunks by the unique key's leading
 * columns. `once` still guards each send, for two servers running the job together.
 */
async function notYetReminded<T extends { id: string }>(
  subjectType: "Credential" | "Document",
  date: string,
  items: T[],
  dueOf: (item: T) => string,
): Promise<string[]> {
  const due = items.flatMap((item) => {
    const offset = dueReminder(daysBetween(date, dueOf(item)));
    return offset === null ? [] : [{ id: item.id, key: `${item.id}|${dueOf(item)}|${offset}` }];
  });
  const sent = new Set<string>();
  for (let i = 0; i < due.length; i += CHUNK) {
    const rows = await db.reminder.findMany({
      where: { subjectType, subjectId: { in: due.slice(i, i + CHUNK).map((d) => d.id) } },
      select: { subjectId: true, dueDate: true, offsetDays: true },
    });
    for (const r of rows) sent.add(`${r.subjectId}|${r.dueDate}|${r.offsetDays}`);
  }
  return due.filter((d) => !sent.has(d.key)).map((d) => d.id);
}

async function loadInChunks<T>(ids: string[], load: (ids: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) rows.push(...(await load(ids.slice(i, i + CHUNK))));
  return rows;
}

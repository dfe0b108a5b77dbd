// Vistorias (vehicle inspections): scheduling and recording with the pack's checklist; outcome and
// validity come from the pack (app/domain/eligibility/vistoria.ts).
import { parseDraft } from "~/domain/applications/draft";
import { vistoriaChecklist, vistoriaOutcome } from "~/domain/eligibility";
import { formatInstant } from "~/domain/format";
import { conflict, notFound } from "~/domain/refusal";
import { type Category, type Mode, rulesFor } from "~/domain/rule-packs";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { enqueueMail } from "~/utils/mail.server";
import { evaluateFor, today } from "./application.server";
import { packAtVersion } from "./rule-pack.server";
import { assertSegregated } from "./segregation.server";

async function applicationInMunicipality(applicationId: string, municipalityId: string) {
  const app = await db.application.findUnique({
    where: { id: applicationId },
    include: { municipality: true, person: { include: { user: true } } },
  });
  if (!app || app.municipalityId !== municipalityId) throw notFound("Requerimento não encontrado.");
  return app;
}

/** The checklist the pack defines for the application's category and mode (null: no vistoria). */
export async function checklistFor(app: {
  municipalityId: string;
  category: string;
  mode: string;
  packVersion: string;
}) {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: app.municipalityId } });
  const pack = await packAtVersion(municipality, app.packVersion);
  return vistoriaChecklist(pack, app.category as Category, app.mode as Mode);
}

async function vehicleFor(app: { draftJson: string; vehicleId: string | null }) {
  if (app.vehicleId) return app.vehicleId;
  const plate = parseDraft(app.draftJson).vehicle.plate;
  if (!plate) throw conflict("Informe a placa do veículo antes de agendar a vistoria.");
  const vehicle = await db.vehicle.upsert({ where: { plate }, create: { plate }, update: {} });
  return vehicle.id;
}

/** 409 until the operator declares the driver's data sent, where the law says so (Lavras art. 10, § 4º). */
async function assertDriverDataSent(app: Parameters<typeof evaluateFor>[0]) {
  const { pack, result } = await evaluateFor(app);
  const ids = rulesFor(pack.operatorRules, app.category as Category, app.mode as Mode)
    .filter((r) => r.kind === "DRIVER_DATA_REPORTED")
    .map((r) => r.id);
  const waiting = result.checks.find((c) => ids.includes(c.id) && c.status !== "PASS");
  if (waiting)
    throw conflict(
      `A vistoria só pode ser agendada depois que a operadora informar que enviou os dados do motorista à Prefeitura (${waiting.citation}).`,
    );
}

export async function scheduleVistoria(
  applicationId: string,
  municipalityId: string,
  when: Date,
  place: string,
  actor: Actor,
) {
  const app = await applicationInMunicipality(applicationId, municipalityId);
  // Segregation of duties (ADR 051): nobody schedules or records the vistoria of their own application.
  await assertSegregated(db, app, actor, "vistoria");
  if (!(await checklistFor(app))) throw conflict("A lei deste município não prevê vistoria para esta categoria.");
  await assertDriverDataSent(app);
  const vehicleId = await vehicleFor(app);
  return db.$transaction(async (tx) => {
    const v = await tx.vistoria.create({
      data: { municipalityId, vehicleId, applicationId, scheduledFor: when, place, performedById: null },
    });
    await tx.application.update({ where: { id: app.id }, data: { vehicleId } });
    if (app.person?.user) {
      await enqueueMail(tx, app.person.user.email, {
        subject: `Vistoria agendada — requerimento ${app.number}`,
        text: `Olá, ${app.person.user.name}.\n\nA vistoria do seu veículo foi agendada para ${formatInstant(when, app.municipality.timeZone)}, em ${place}.`,
      });
    }
    await audit(tx, actor, {
      action: "vistoria.schedule",
      subjectType: "Vistoria",
      subjectId: v.id,
      municipalityId,
      after: { applicationId, when: when.toISOString(), place },
    });
    return v;
  });
}

/** Records the inspection: the items that failed decide the outcome and the validity. */
export async function recordVistoria(
  vistoriaId: string,
  municipalityId: string,
  input: { failedItems: string[]; notes?: string | null },
  actor: Actor,
  now = new Date(),
) {
  const v = await db.vistoria.findUnique({ where: { id: vistoriaId }, include: { application: true } });
  if (!v || v.municipalityId !== municipalityId || !v.application) throw notFound("Vistoria não encontrada.");
  await assertSegregated(db, v.application, actor, "vistoria");
  if (v.status !== "SCHEDULED") throw conflict("Esta vistoria já foi registrada.");
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: municipalityId } });
  const pack = await packAtVersion(municipality, v.application.packVersion);
  const date = today(now, municipality.timeZone);
  const outcome = vistoriaOutcome(
    pack,
    v.application.category as Category,
    v.application.mode as Mode,
    date,
    input.failedItems,
  );
  const status = outcome.result === "REJECTED" ? "FAILED" : outcome.result === "CONDITIONAL" ? "CONDITIONAL" : "PASSED";
  return db.$transaction(async (tx) => {
    const updated = await tx.vistoria.updateMany({
      where: { id: v.id, status: "SCHEDULED" },
      data: {
        status,
        performedAt: now,
        performedById: actor.userId,
        notes: input.notes ?? null,
        checklistJson: JSON.stringify({ failed: input.failedItems, outcome }),
        validUntil: outcome.nextOn ?? null,
        graceUntil: outcome.fixBy ?? null,
      },
    });
    if (updated.count !== 1) throw conflict("Esta vistoria já foi registrada.");
    await audit(tx, actor, {
      action: "vistoria.record",
      subjectType: "Vistoria",
      subjectId: v.id,
      municipalityId,
      after: { status, failed: input.failedItems, validUntil: outcome.nextOn, fixBy: outcome.fixBy },
    });
    return { status, outcome };
  });
}

/** The law's citation while approval waits for a required vistoria (what approveAndIssue would refuse); else null. */
export async function pendingVistoria(
  app: { id: string; municipalityId: string; category: string; mode: string; packVersion: string },
  now = new Date(),
): Promise<string | null> {
  const municipality = await db.municipality.findUniqueOrThrow({ where: { id: app.municipalityId } });
  const spec = vistoriaChecklist(
    await packAtVersion(municipality, app.packVersion),
    app.category as Category,
    app.mode as Mode,
  );
  if (!spec) return null;
  return (await passedVistoria(app.id, today(now, municipality.timeZone))) ? null : spec.periodCitation;
}

/** The passed vistoria valid on `date` for the application, if any (approval needs one where the law requires it). */
export async function passedVistoria(applicationId: string, date: string) {
  return db.vistoria.findFirst({
    where: { applicationId, status: "PASSED", validUntil: { gte: date } },
    orderBy: { performedAt: "desc" },
  });
}

export const listVistorias = (applicationId: string) =>
  db.vistoria.findMany({ where: { applicationId }, orderBy: { createdAt: "desc" } });

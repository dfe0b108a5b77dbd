// Two municipalities, two companies and the people of each, built through the models the pages
// use: the world the access-control tests attack. Everything secret belongs to municipality B,
// company Y and the driver "victim"; the intruders are a driver with nothing, the whole staff of
// municipality A, and the owner of company X (in A).
import sharp from "sharp";
import { newClientRef } from "~/components/fiscal/infraction-input";
import type { StaffRole } from "~/domain/auth/permissions";
import { startSession } from "~/http/session.server";
import { startApplication } from "~/models/application.server";
import { createInfraction } from "~/models/infraction.server";
import { INFRACTION_PHOTO_TYPE } from "~/models/infraction-photo.server";
import { setCoatOfArms } from "~/models/municipality.server";
import { fileReport } from "~/models/operator-report.server";
import { operatorSchedule } from "~/models/operator-report-schedule.server";
import { db } from "~/utils/db.server";
import { placeholderEmblemPng } from "../../prisma/demo-emblem";
import { actorFor, credentialed, linkedDriver, town } from "../e2e/fixtures/operator-support";
import { createSignedCredential, createUser, storedFile, testActor } from "../support/factories";

export const ORIGIN = "http://localhost:3000";
export const CSRF = "t".repeat(43);
/** Printed on the victim's records: an answer that contains it leaked them. */
export const SECRET_NAME = "Vitória Segredo Inviolável";

type User = { id: string };

export async function staffOf(m: { id: string }, roles: readonly StaffRole[] = ["GESTOR", "ANALISTA", "FISCAL"]) {
  const user = await createUser({ name: `Equipe ${roles.join("+")}` });
  for (const role of roles) await db.roleAssignment.create({ data: { userId: user.id, role, municipalityId: m.id } });
  return user;
}

/** Cookie header of a fresh session for the user, with the CSRF cookie a form would carry. */
export async function cookieOf(user: User | null) {
  if (!user) return `csrf=${CSRF}`;
  const setCookie = await startSession(new Request(`${ORIGIN}/entrar`), user.id);
  return `${setCookie.split(";")[0]}; csrf=${CSRF}`;
}

export type RouteModule = { loader?: (args: unknown) => unknown; action?: (args: unknown) => unknown };
export type Answer = { status: number; location: string | null; body: string };

/** What the browser would receive: a returned or thrown Response, or data (200). */
export async function answerOf(run: () => unknown): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (e) {
    if (!(e instanceof Response)) throw e;
    result = e;
  }
  if (result instanceof Response) {
    const body = result.body && !result.headers.get("content-type")?.includes("pdf") ? await result.text() : "";
    return { status: result.status, location: result.headers.get("location"), body };
  }
  const wrapped = result as { type?: string; init?: { status?: number } | null; data?: unknown } | null;
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, location: null, body: JSON.stringify(wrapped.data) };
  return { status: 200, location: null, body: JSON.stringify(result ?? null) };
}

/**
 * Posts a form to a route module's action as the browser would: the user's session cookie, a
 * valid CSRF token and this site's Origin (so only the action's own checks can refuse it).
 */
export async function postTo(
  mod: RouteModule,
  path: string,
  user: User | null,
  params: Record<string, string>,
  fields: Record<string, string | string[]>,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
  form.set("csrf", CSRF);
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { cookie: await cookieOf(user), origin: ORIGIN, accept: "application/json" },
    body: form,
  });
  return answerOf(() => mod.action!({ request, params, context: { clientIp: "127.0.0.1", requestId: "teste" } }));
}

const company = { category: "MOTOFRETE", kind: "EMPRESA", facts: { headOfficeHere: true } } as const;

export async function buildWorld() {
  const mA = await town("itauna-mg");
  const mB = await town("itauna-mg");
  const staffA = await staffOf(mA);
  const staffB = await staffOf(mB);
  const driver = await createUser({ name: "Condutor Intruso" });

  const X = await credentialed(mA.id, company, "Dono da X");
  const Y = await credentialed(mB.id, company, "Dona da Y");

  const victim = await linkedDriver(Y.operator, Y.actor, SECRET_NAME);
  const victimActor = actorFor(victim.user.id, "CONDUTOR");
  const { application } = await startApplication(
    victim.user.id,
    { municipalityId: mB.id, category: "MOTOFRETE", mode: "VINCULADO", linkedOperatorId: Y.operator.id },
    victimActor,
  );
  const file = await storedFile(`%PDF-1.4 CNH de ${SECRET_NAME}`);
  const document = await db.document.create({
    data: {
      type: "CNH",
      ownerUserId: victim.user.id,
      personId: victim.person.id,
      applicationId: application.id,
      storageKey: file.key,
      originalName: "cnh.pdf",
      sha256: file.sha256,
      mime: "application/pdf",
      sizeBytes: file.size,
      expiryDate: "2030-01-01",
    },
  });

  // Under review, so the municipality's staff see it (a draft is the driver's alone).
  await db.application.update({ where: { id: application.id }, data: { status: "SUBMITTED" } });
  // A document company Y sent for its linked driver (what the operator may open of hers).
  const sentByY = await storedFile(`%PDF-1.4 comprovante de ${SECRET_NAME}`);
  const linkedDocument = await db.document.create({
    data: {
      type: "COMPROVANTE_VINCULO",
      ownerUserId: Y.owner.id,
      personId: victim.person.id,
      applicationId: application.id,
      storageKey: sentByY.key,
      originalName: "vinculo.pdf",
      sha256: sentByY.sha256,
      mime: "application/pdf",
      sizeBytes: sentByY.size,
    },
  });

  const { credential } = await createSignedCredential(mB, { holderPersonId: victim.person.id });
  const pdf = await storedFile(`%PDF-1.4 crachá de ${SECRET_NAME}`);
  await db.credential.update({
    where: { id: credential.id },
    data: { pdfStorageKey: pdf.key, pdfSha256: pdf.sha256, holderDisplayName: SECRET_NAME },
  });

  const fiscalB = { ...testActor, userId: staffB.id, role: "FISCAL", municipalityId: mB.id };
  const { infraction } = await createInfraction(
    {
      clientRef: newClientRef(),
      municipalityId: mB.id,
      credentialId: credential.id,
      code: "DECORO",
      place: "Praça da Matriz",
      occurredAt: new Date(Date.now() - 60_000),
    },
    fiscalB,
  );
  const photoFile = await storedFile(`foto do auto de ${SECRET_NAME}`, "image/jpeg");
  const photo = await db.document.create({
    data: {
      type: INFRACTION_PHOTO_TYPE,
      ownerUserId: staffB.id,
      infractionId: infraction.id,
      clientRef: newClientRef(),
      storageKey: photoFile.key,
      originalName: "foto.jpg",
      sha256: photoFile.sha256,
      mime: "image/jpeg",
      sizeBytes: photoFile.size,
      reviewStatus: "ACCEPTED",
    },
  });

  const due = (await operatorSchedule(Y.operator)).schedule.find((s) => s.state === "DUE" || s.state === "OVERDUE");
  if (!due) throw new Error("Itaúna's schedule has no report due for the new company");
  const report = await fileReport(Y.operator, { duty: due.duty, periodStart: due.periodStart }, Y.actor);
  const operatorDocument = await db.document.findFirstOrThrow({ where: { applicationId: Y.applicationId } });

  return {
    mA,
    mB,
    staffA,
    staffB,
    driver,
    X,
    Y,
    victim,
    application,
    document,
    linkedDocument,
    credential,
    infraction,
    photo,
    report,
    operatorDocument,
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * The people of the authorization matrix (tests/security/authorization-matrix.test.ts), named
 * after the records in question: driver A, company X and town T own them; driver B, company Y
 * and town U are their neighbours. In the world above that is: T = mB, U = mA, X = company Y of
 * mB (the victim's company), Y = company X of mA, A = the victim, B = the driver with nothing.
 * Each staff member holds one role in one town, and the platform admin holds nothing else.
 */
export const MATRIX_ROLES = [
  "anonymous",
  "driverA",
  "driverB",
  "ownerX",
  "ownerY",
  "analystT",
  "gestorT",
  "fiscalT",
  "analystU",
  "gestorU",
  "fiscalU",
  "admin",
] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

/** The world above, its people as the matrix names them, and what makes every page answer 200 to
 * whom it belongs: a coat of arms for town T and a photo on driver A's credential. */
export async function buildMatrixWorld() {
  const w = await buildWorld();
  const admin = await createUser({ name: "Administradora da Plataforma" });
  await db.user.update({ where: { id: admin.id }, data: { isPlatformAdmin: true } });
  const people: Record<MatrixRole, User | null> = {
    anonymous: null,
    driverA: w.victim.user,
    driverB: w.driver,
    ownerX: w.Y.owner,
    ownerY: w.X.owner,
    analystT: await staffOf(w.mB, ["ANALISTA"]),
    gestorT: await staffOf(w.mB, ["GESTOR"]),
    fiscalT: await staffOf(w.mB, ["FISCAL"]),
    analystU: await staffOf(w.mA, ["ANALISTA"]),
    gestorU: await staffOf(w.mA, ["GESTOR"]),
    fiscalU: await staffOf(w.mA, ["FISCAL"]),
    admin,
  };

  const emblem = await storedFile(await placeholderEmblemPng("Cidade T"), "image/png");
  await setCoatOfArms(w.mB.id, emblem, testActor);

  const jpeg = await sharp({ create: { width: 60, height: 80, channels: 3, background: "#8a6d5a" } })
    .jpeg()
    .toBuffer();
  const photoFile = await storedFile(jpeg, "image/jpeg");
  const holderPhoto = await db.document.create({
    data: {
      type: "FOTO_3X4",
      ownerUserId: w.victim.user.id,
      personId: w.victim.person.id,
      applicationId: w.application.id,
      storageKey: photoFile.key,
      originalName: "foto.jpg",
      sha256: photoFile.sha256,
      mime: "image/jpeg",
      sizeBytes: photoFile.size,
      reviewStatus: "ACCEPTED",
    },
  });
  // Her credential issued from her application (what renewal starts from).
  await db.credential.update({
    where: { id: w.credential.id },
    data: { renderDataJson: JSON.stringify({ photoDocumentId: holderPhoto.id }), applicationId: w.application.id },
  });
  // An auto town T's own fiscal wrote (only its author adds photos to it).
  const fiscalT = people.fiscalT!;
  const { infraction: fiscalTAuto } = await createInfraction(
    {
      clientRef: newClientRef(),
      municipalityId: w.mB.id,
      credentialId: w.credential.id,
      code: "DECORO",
      place: "Rua Direita, 10",
      occurredAt: new Date(Date.now() - 120_000),
    },
    { ...testActor, userId: fiscalT.id, role: "FISCAL", municipalityId: w.mB.id },
  );
  return { ...w, people, holderPhoto, fiscalTAuto };
}

export type MatrixWorld = Awaited<ReturnType<typeof buildMatrixWorld>>;

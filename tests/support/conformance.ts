// The conformance matrix's builders: for a shipped rule pack, a category and a person mode, an
// application taken through the same models the pages call — the wizard's personal data
// (savePerson), its vehicle step (saveVehicleDraft), uploads (attachDocument, by whoever the pack
// says submits each document), the operator's invitation and its declarations, the analyst's
// review, the vistoria and "Aprovar e emitir". The passing answers are derived from the rules the
// pack applies to that category and mode, by rule kind, so a rule of a known kind added to a pack
// (a federal baseline, say) is answered without touching this file; a rule of an unknown kind
// stops the builder, naming it.
import { randomInt } from "node:crypto";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from "pdf-lib";
import sharp from "sharp";
import { type VehicleDraft, zVehicleDraft } from "~/domain/applications/draft";
import { personFormFor } from "~/domain/applications/person-form";
import { OPERATOR_UPLOAD_STATUSES } from "~/domain/applications/status";
import { addDays, addYears } from "~/domain/eligibility/calendar";
import { driverQuestions, type PersonField, questionFields } from "~/domain/facts";
import {
  type Category,
  type CnhCategory,
  holderPhotoDocument,
  type Mode,
  needsOperator,
  type OwnerKind,
  type RegistrationCategory,
  type RulePack,
  rulesFor,
} from "~/domain/rule-packs";
import { CNH_CATEGORIES } from "~/domain/rule-packs";
import { allPacks } from "~/domain/rule-packs/shipped";
import {
  evaluateFor,
  getApplication,
  saveVehicleDraft,
  startApplication,
  submitApplication,
  today,
} from "~/models/application.server";
import { currentDocuments } from "~/models/application-facts.server";
import { attachDocument, decideDocument } from "~/models/document.server";
import { acceptLink, inviteDriver } from "~/models/driver-invitation.server";
import { declareDriverDataSent } from "~/models/driver-link.server";
import { offeredKinds, operatorFactsAsked } from "~/models/operator-policy.server";
import { savePerson } from "~/models/person.server";
import { sendPrepostoDocument } from "~/models/preposto.server";
import { startReview } from "~/models/review.server";
import { recordVistoria, scheduleVistoria } from "~/models/vistoria.server";
import type { Actor } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { actorFor, credentialed, staffActor, town, validCpf } from "../e2e/fixtures/operator-support";
import { storedFile } from "./factories";
import { perFile } from "./per-file";

/**
 * A driver's account as sign-up leaves it (confirmed e-mail). No password: none of the rules reads
 * it, and hashing one per driver (argon2id) would be most of the matrix's time.
 */
async function driverAccount(name: string) {
  const cpf = validCpf();
  return db.user.create({ data: { cpf, name, email: `condutor.${cpf}@teste.com.br`, emailVerifiedAt: new Date() } });
}

/** An analyst of the municipality (the review screen's actor: a user with a staff role there). */
export async function analystOf(municipalityId: string) {
  const user = await driverAccount("Analista da Matriz");
  await db.roleAssignment.create({ data: { userId: user.id, role: "ANALISTA", municipalityId } });
  const actor: Actor & { userId: string } = { userId: user.id, role: "ANALISTA", municipalityId, requestId: "matriz" };
  return actor;
}

export const PERSON_MODES: readonly Mode[] = ["AUTONOMO", "VINCULADO", "PREPOSTO"];
const MOTORCYCLE_CATEGORIES: readonly Category[] = ["MOTOTAXI", "MOTOBOY", "MOTOFRETE"];
const CARGO_CATEGORIES: readonly Category[] = ["MOTOBOY", "MOTOFRETE"];

export type Combo = { pack: RulePack; category: Category; mode: Mode };

/** Every municipality × category × person mode its law allows. */
export function conformanceMatrix(packs: readonly RulePack[] = allPacks): Combo[] {
  return packs.flatMap((pack) =>
    pack.categories.flatMap((c) =>
      c.modes.filter((m) => PERSON_MODES.includes(m.mode)).map((m) => ({ pack, category: c.code, mode: m.mode })),
    ),
  );
}

/** The mode of the driver a preposto (or additional driver) works for, in the same category. */
export function titularMode(pack: RulePack, category: Category): Mode {
  const offer = pack.categories.find((c) => c.code === category)!;
  const mode = offer.modes.map((m) => m.mode).find((m) => m === "AUTONOMO" || m === "VINCULADO");
  if (!mode) throw new Error(`${pack.id} ${category}: nenhum titular (AUTONOMO/VINCULADO) para o preposto.`);
  return mode;
}

const unknownKind = (pack: RulePack, kind: string): never => {
  throw new Error(
    `${pack.id}: o construtor de fatos da matriz não sabe responder a uma regra do tipo ${kind} (tests/support/conformance.ts).`,
  );
};

/** The personal data a passing driver types in the wizard, from the person rules that apply. */
export function passingPersonForm(pack: RulePack, category: Category, mode: Mode, date: string, fullName: string) {
  const rules = rulesFor(pack.personRules, category, mode);
  let minAge = 18;
  let minLicensedYears = 0;
  let cnh: CnhCategory[] = [...CNH_CATEGORIES].filter((c) => c !== "ACC");
  for (const r of rules) {
    switch (r.kind) {
      case "MIN_AGE":
        minAge = Math.max(minAge, r.years);
        break;
      case "CNH_MIN_YEARS":
        minLicensedYears = Math.max(minLicensedYears, r.years);
        break;
      case "CNH_CATEGORY":
        cnh = cnh.filter((c) => r.anyOf.includes(c));
        break;
      case "CNH_EAR":
      case "RESIDENCE_IN_MUNICIPALITY":
      case "INCOMPATIBLE_PERMISSIONS":
      case "ONE_VEHICLE":
        break; // answered below / derived
      default:
        unknownKind(pack, (r as { kind: string }).kind);
    }
  }
  if (cnh.length === 0)
    throw new Error(`${pack.id} ${category} ${mode}: nenhuma categoria de CNH atende a todas as regras.`);
  // Comfortably past every minimum: age + 15 years, licensed for (minimum + 3) years, after turning 18.
  const birthDate = addYears(date, -(minAge + 15));
  const firstLicence = addYears(date, -Math.max(minLicensedYears + 3, 5));
  // Exactly the questions the wizard asks for this category and mode, through its own schema.
  const fields = questionFields<PersonField>(driverQuestions(pack, category, mode, "person"));
  const form = personFormFor(fields, date).parse({
    fullName,
    birthDate,
    rgNumber: "MG-12.345.678",
    rgIssuer: "SSP/MG",
    cnhNumber: "",
    cnhCategory: cnh.includes("AB") ? "AB" : cnh[0],
    cnhFirstLicenseDate: firstLicence,
    cnhEar: "sim",
    phone: "",
    cep: "",
    street: "Rua das Flores",
    addressNumber: "100",
    complement: "",
    district: "Centro",
    city: pack.municipality.name,
    uf: pack.municipality.uf,
    livesInMunicipality: "sim",
    // Asked where an identification card prints it (Jardim art. 18 and 22); harmless elsewhere.
    bloodType: "O+",
    heldPermissions: [],
  });
  return { form, fields };
}

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
/** A Mercosul plate no other test uses. */
export const randomPlate = () => {
  const l = () => LETTERS[randomInt(26)];
  return `${l()}${l()}${l()}${randomInt(10)}${l()}${randomInt(10)}${randomInt(10)}`;
};

export const CONTROL_NUMBER = "MT-042";

/** The vehicle step's answers for a passing vehicle, from the vehicle rules that apply. */
export function passingVehicle(pack: RulePack, category: Category, mode: Mode, date: string): VehicleDraft {
  const motorcycle = MOTORCYCLE_CATEGORIES.includes(category);
  const cargo = CARGO_CATEGORIES.includes(category);
  let ccMin = 0,
    ccMax = Infinity,
    seatsMax = Infinity,
    doorsMin = 0;
  let registrationCategory: RegistrationCategory = motorcycle ? "ALUGUEL" : "PARTICULAR";
  let owners: OwnerKind[] = ["HOLDER", "OTHER_PERSON", "OPERATOR", "OTHER_COMPANY"];
  let usedForCargo = cargo,
    usedForPassengers = !cargo;
  for (const r of rulesFor(pack.vehicleRules, category, mode)) {
    switch (r.kind) {
      case "MIN_DISPLACEMENT":
        ccMin = Math.max(ccMin, r.cc);
        break;
      case "MAX_DISPLACEMENT":
        ccMax = Math.min(ccMax, r.cc);
        break;
      case "MAX_PASSENGERS":
        seatsMax = Math.min(seatsMax, r.seats);
        break;
      case "MIN_DOORS":
        doorsMin = Math.max(doorsMin, r.doors);
        break;
      case "REGISTRATION_CATEGORY":
        registrationCategory = r.category;
        break;
      case "OWNERSHIP":
        owners = owners.filter((o) => r.allowed.includes(o));
        break;
      case "SERVICE_EXCLUSIVITY":
        if (r.forbids === "PASSENGERS") usedForPassengers = false;
        else usedForCargo = false;
        break;
      case "MAX_AGE":
      case "LICENSED_IN_MUNICIPALITY":
      case "LICENSING_UP_TO_DATE":
        break; // a new vehicle, licensed here, up to date
      default:
        unknownKind(pack, (r as { kind: string }).kind);
    }
  }
  const cc = Math.min(Math.max(motorcycle ? 160 : 1600, ccMin), ccMax);
  const seats = Math.min(motorcycle ? 1 : 4, seatsMax);
  if (owners.length === 0)
    throw new Error(`${pack.id} ${category} ${mode}: nenhum proprietário atende a todas as regras.`);
  const year = Number(date.slice(0, 4));
  return zVehicleDraft.parse({
    plate: randomPlate(),
    make: motorcycle ? "Honda" : "Chevrolet",
    model: motorcycle ? "CG 160" : "Onix",
    colour: motorcycle ? "Preta" : "Prata",
    manufactureYear: String(year - 1),
    firstRegistrationDate: addDays(date, -200),
    displacementCc: String(cc),
    doors: motorcycle ? "0" : String(Math.max(4, doorsMin)),
    passengerSeats: String(seats),
    registrationCategory,
    licensedInMunicipality: "sim",
    ownerKind: owners.includes("HOLDER") ? "HOLDER" : owners[0],
    leased: "nao",
    usedForCargo: usedForCargo ? "sim" : "nao",
    usedForPassengers: usedForPassengers ? "sim" : "nao",
    licensingUpToDate: "sim",
    controlNumber: CONTROL_NUMBER,
  });
}

// ---- the actors, created once per pack (municipality) and per pack × category (operator) ---------

const municipalities = perFile(() => new Map<string, Awaited<ReturnType<typeof town>>>());
/** The test municipality governed by the pack (one per pack, reused: its signing key, counters, quotas). */
export async function municipalityFor(pack: RulePack) {
  let m = municipalities().get(pack.id);
  if (!m) {
    // Named as the city is (its name is printed on every credential and in the crachá's stamp).
    const t = await town(pack.id, 200_000);
    m = await db.municipality.update({
      where: { id: t.id },
      data: { name: pack.municipality.name, uf: pack.municipality.uf },
    });
    municipalities().set(pack.id, m);
  }
  return m;
}

type Operator = Awaited<ReturnType<typeof credentialed>>;
const operators = perFile(() => new Map<string, Operator>());
/** A company credentialed through its own application (documents, review, approval), once per pack × category. */
export async function operatorFor(pack: RulePack, category: Category) {
  const key = `${pack.id}:${category}`;
  let o = operators().get(key);
  if (!o) {
    const m = await municipalityFor(pack);
    const asked = operatorFactsAsked(pack, category);
    const kind = offeredKinds(pack)[0];
    if (!kind) throw new Error(`${pack.id}: a lei não credencia empresas, mas a matriz pediu uma.`);
    o = await credentialed(m.id, {
      category,
      kind,
      legalName: `Operadora ${pack.municipality.name} Ltda`,
      tradeName: `Operadora ${pack.municipality.name}`,
      facts: {
        ...(asked.headOffice ? { headOfficeHere: true } : {}),
        ...(asked.assets ? { declaredAssetsBrl: asked.assets.minimumBrl * 2 } : {}),
      },
    });
    operators().set(key, o);
  }
  return o;
}

// ---- one application, end to end --------------------------------------------------------------

export type Issued = Awaited<ReturnType<typeof import("~/models/approval.server").approveAndIssue>>;

export type Prepared = {
  combo: Combo;
  municipality: Awaited<ReturnType<typeof town>>;
  user: { id: string; cpf: string; email: string; name: string };
  actor: Actor;
  applicationId: string;
  operator: Operator | null;
  vehicle: VehicleDraft;
  photoType: string | null;
  /** The analyst who reviewed it and has it: the one "Aprovar e emitir" accepts. */
  analyst: Actor & { userId: string };
};

const titulars = perFile(() => new Map<string, { cpf: string; user: { id: string }; vehicle: VehicleDraft }>());

// The same bytes for every file: kept across files on purpose.
let photoBytes: Buffer | null = null;
async function holderPhotoJpeg() {
  // A face-sized JPEG with some structure (not one flat colour), as a phone would send.
  photoBytes ??= await sharp({ create: { width: 300, height: 400, channels: 3, background: "#a0b4c8" } })
    .composite([
      {
        input: await sharp({ create: { width: 150, height: 180, channels: 3, background: "#6b4a3a" } })
          .png()
          .toBuffer(),
        top: 80,
        left: 75,
      },
    ])
    .jpeg()
    .toBuffer();
  return photoBytes;
}

/**
 * Takes an application of the combo up to IN_REVIEW with every document accepted and, where the
 * pack has one, the vistoria passed — everything "Aprovar e emitir" needs. A preposto's titular is
 * issued first (the preposto names them and drives their vehicle).
 */
export async function prepareForApproval(combo: Combo, staff: Actor = staffActor): Promise<Prepared> {
  const { pack, category, mode } = combo;
  const m = await municipalityFor(pack);
  const date = today(new Date(), m.timeZone);

  let titular: { cpf: string; user: { id: string }; vehicle: VehicleDraft } | null = null;
  if (mode === "PREPOSTO") titular = await titularFor(pack, category, staff);

  // The driver: linked through the operator's invitation where the law makes them name one.
  const operator = needsOperator(pack, category, mode) ? await operatorFor(pack, category) : null;
  const name = `Condutor ${pack.municipality.name} ${category} ${mode}`;
  let user: Prepared["user"];
  let linkId: string | null = null;
  if (operator) {
    // The operator invites, the driver accepts in /vinculos.
    user = await driverAccount(name);
    linkId = (await inviteDriver(operator.operator, { cpf: user.cpf, email: user.email }, operator.actor)).linkId;
    await acceptLink(linkId, user, actorFor(user.id, "CONDUTOR"));
  } else {
    user = await driverAccount(name);
  }
  const actor = actorFor(user.id, "CONDUTOR");
  const { application } = await startApplication(
    user.id,
    {
      municipalityId: m.id,
      category,
      mode,
      linkedOperatorId: operator?.operatorId ?? null,
      draftJson: JSON.stringify({ vehicle: {}, ...(titular ? { titularCpf: titular.cpf } : {}) }),
    },
    actor,
  );

  // The wizard: personal data, then the vehicle (a preposto drives the titular's).
  const person = passingPersonForm(pack, category, mode, date, name);
  await savePerson(application.personId!, person.form, person.fields, pack.municipality.ibge, actor, m.id);
  const vehicle = titular ? titular.vehicle : passingVehicle(pack, category, mode, date);
  await saveVehicleDraft(application, vehicle);

  // The operator's declaration where the law waits for it (Lavras art. 10, § 4º).
  if (
    operator &&
    linkId &&
    rulesFor(pack.operatorRules, category, mode).some((r) => r.kind === "DRIVER_DATA_REPORTED")
  ) {
    await declareDriverDataSent(operator.operator, linkId, date, operator.actor);
  }

  // Documents, each by whoever the pack says submits it.
  const app = (await getApplication(application.id))!;
  const { result } = await evaluateFor(app, date);
  const photoType = holderPhotoDocument(pack, category, mode)?.type ?? null;
  const issueDate = addDays(date, -10);
  const expiryDate = addYears(date, 3);
  for (const d of result.requiredDocuments) {
    const file =
      d.type === photoType
        ? await storedFile(await holderPhotoJpeg(), "image/jpeg")
        : await storedFile(`%PDF-1.4 ${d.type}`);
    const meta = { type: d.type, issueDate, expiryDate: d.validity !== null || d.expiryOnDocument ? expiryDate : null };
    if (d.submittedBy === "REQUERENTE") {
      await attachDocument(app, { userId: user.id }, file, meta, actor);
    } else if (d.submittedBy === "OPERADORA") {
      // As operadora.$id.condutores.$linkId.enviar does: only while the driver's application takes them.
      if (!operator)
        throw new Error(`${pack.id}: ${d.type} é entregue pela operadora, mas o requerimento não tem operadora.`);
      if (!OPERATOR_UPLOAD_STATUSES.includes(app.status))
        throw new Error("O requerimento não aceita documentos da operadora.");
      await attachDocument(app, { userId: operator.owner.id }, file, meta, operator.actor);
    } else {
      // HOLDER: the titular's own papers about their preposto, as /prepostos sends them.
      if (!titular)
        throw new Error(`${pack.id}: ${d.type} é entregue pelo titular, mas o requerimento não tem titular.`);
      const t = { id: titular.user.id, cpf: titular.cpf };
      await sendPrepostoDocument(t, app.id, file, meta, actorFor(t.id, "CONDUTOR"));
    }
  }

  const sent = await submitApplication((await getApplication(app.id))!, actor);
  if (!sent.ok) throw new Error(`${pack.id} ${category} ${mode}: envio recusado:\n${sent.blockers.join("\n")}`);
  // As m.$municipio.requerimentos.$id does: an analyst of the town starts the review (and so has
  // it), decides each document and, where the pack has one, records the vistoria.
  const analyst = await analystOf(m.id);
  await startReview(app.id, m.id, analyst, "SUBMITTED");
  for (const d of await currentDocuments(app.id)) await decideDocument(d.id, m.id, { accept: true }, analyst);

  if (rulesFor(pack.vistorias, category, mode).length > 0) {
    const v = await scheduleVistoria(app.id, m.id, new Date(), "Pátio da Prefeitura", analyst);
    await recordVistoria(v.id, m.id, { failedItems: [] }, analyst);
  }
  return { combo, municipality: m, user, actor, applicationId: app.id, operator, vehicle, photoType, analyst };
}

/** The titular a preposto works for: the one issued earlier in the run, or a new one taken through approval. */
async function titularFor(pack: RulePack, category: Category, staff: Actor) {
  const key = `${pack.id}:${category}`;
  const known = titulars().get(key);
  if (known) return known;
  const p = await prepareForApproval({ pack, category, mode: titularMode(pack, category) }, staff);
  await approveThroughPage(p);
  const t = { cpf: p.user.cpf, user: p.user, vehicle: p.vehicle };
  titulars().set(key, t);
  return t;
}

/** "Aprovar e emitir" (m.$municipio.requerimentos.$id.aprovar) by the analyst who has the application. */
export async function approveThroughPage(p: Prepared) {
  const { approveForReview } = await import("~/models/review-dispatch.server");
  // A person's application: the dispatch issues through approveAndIssue.
  return (await approveForReview({ id: p.applicationId, subject: "PESSOA" }, p.municipality.id, p.analyst)) as Issued;
}

/** Remembers a driver issued in the run as the titular a later preposto of the category names. */
export function rememberTitular(p: Prepared) {
  if (p.combo.mode === "AUTONOMO" || p.combo.mode === "VINCULADO") {
    titulars().set(`${p.combo.pack.id}:${p.combo.category}`, { cpf: p.user.cpf, user: p.user, vehicle: p.vehicle });
  }
}

// ---- reading a PDF's images --------------------------------------------------------------------

/** The image XObjects drawn on each page (name, subtype filter, pixel size). */
export async function pageImages(
  bytes: Uint8Array,
): Promise<{ page: number; width: number; height: number; filter: string | null }[]> {
  const doc = await PDFDocument.load(bytes);
  const out: { page: number; width: number; height: number; filter: string | null }[] = [];
  doc.getPages().forEach((page, i) => {
    const resources = page.node.Resources();
    const xobjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    if (!xobjects) return;
    for (const [, ref] of xobjects.entries()) {
      const obj = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      if (!(obj instanceof PDFRawStream)) continue;
      const dict = obj.dict;
      if (dict.get(PDFName.of("Subtype"))?.toString() !== "/Image") continue;
      out.push({
        page: i + 1,
        width: Number(dict.get(PDFName.of("Width"))?.toString()),
        height: Number(dict.get(PDFName.of("Height"))?.toString()),
        filter: dict.get(PDFName.of("Filter"))?.toString() ?? null,
      });
    }
  });
  return out;
}

/** Spaces collapsed, so a line break in a PDF paragraph does not hide a phrase. */
export const squash = (s: string) => s.replace(/\s+/g, " ").trim();

export { db, staffActor };

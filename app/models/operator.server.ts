// Operators: registration (company, owner role and credenciamento in one transaction), lookup, and
// changes to their data (an address change starts the law's notice clock).
import { isId } from "~/domain/ids";
import type { OperatorKind } from "~/domain/operators/vocabulary";
import { type Category, offers } from "~/domain/rule-packs";
import { type Actor, audit } from "~/utils/audit.server";
import { db, type Tx } from "~/utils/db.server";
import { nextApplicationNumber } from "./application.server";
import { recordNotice } from "./notice.server";
import { offeredKinds } from "./operator-policy.server";
import { activePack } from "./rule-pack.server";

export const OPERATOR_STATUS_LABELS: Record<string, string> = {
  DRAFT: "Credenciamento em andamento",
  ACTIVE: "Credenciada",
  SUSPENDED: "Suspensa",
  INACTIVE: "Descredenciada",
};

/** Facts the operator rules read that the Operator row has no column for: kept in the application's draft. */
export type OperatorFactsDraft = { headOfficeHere?: boolean; branchHere?: boolean; declaredAssetsBrl?: number };

type OperatorAddress = {
  cep: string;
  street: string;
  addressNumber: string;
  district: string;
  city: string;
  uf: string;
};

export type NewOperator = {
  municipalityId: string;
  category: Category;
  kind: OperatorKind;
  cnpj: string;
  legalName: string;
  tradeName: string | null;
  address: OperatorAddress;
  legalRepName: string;
  legalRepCpf: string;
  facts: OperatorFactsDraft;
};

type RegisterResult =
  { ok: true; operatorId: string; applicationId: string } | { ok: false; errors: Record<string, string> };

/** Registers the company (DRAFT), its owner and its credenciamento; a CNPJ already in the portal changes nothing. */
export async function registerOperator(
  userId: string,
  input: NewOperator,
  actor: Actor,
  now = new Date(),
): Promise<RegisterResult> {
  const municipality = await db.municipality.findUnique({ where: { id: input.municipalityId } });
  if (!municipality?.active) return { ok: false, errors: { municipio: "Município não encontrado." } };
  const pack = await activePack(municipality);
  if (!offers(pack, input.category, "OPERADORA"))
    return { ok: false, errors: { categoria: "A lei deste município não credencia empresas nesta categoria." } };
  if (!offeredKinds(pack).includes(input.kind))
    return { ok: false, errors: { kind: "A lei deste município não prevê este tipo de empresa." } };
  if (await db.operator.findUnique({ where: { cnpj: input.cnpj } })) {
    return {
      ok: false,
      errors: {
        cnpj: "Já existe uma empresa com este CNPJ no portal. Peça ao responsável que convide você para a equipe dela.",
      },
    };
  }
  const created = await db.$transaction(async (tx) => {
    const operator = await tx.operator.create({
      data: {
        municipalityId: municipality.id,
        cnpj: input.cnpj,
        legalName: input.legalName,
        tradeName: input.tradeName,
        kind: input.kind,
        status: "DRAFT",
        ...input.address,
        legalRepName: input.legalRepName,
        legalRepCpf: input.legalRepCpf,
      },
    });
    const role = await tx.roleAssignment.create({
      data: { userId, role: "OPERADOR", operatorId: operator.id, operatorOwner: true, createdById: actor.userId },
    });
    const where = { municipalityId: municipality.id, at: now };
    await audit(tx, actor, {
      action: "operator.register",
      subjectType: "Operator",
      subjectId: operator.id,
      ...where,
      after: { cnpj: input.cnpj, legalName: input.legalName, kind: input.kind },
    });
    await audit(tx, actor, {
      action: "operator.member_add",
      subjectType: "RoleAssignment",
      subjectId: role.id,
      ...where,
      after: { userId, owner: true },
    });
    const app = await createOperatorApplication(
      tx,
      municipality,
      pack,
      {
        operatorId: operator.id,
        category: input.category,
        draftJson: JSON.stringify({ vehicle: {}, operator: input.facts }),
      },
      actor,
      now,
    );
    return { operatorId: operator.id, applicationId: app.id };
  });
  return { ok: true, ...created };
}

/** The company's credenciamento (first or RENEWAL) as a numbered DRAFT, inside the caller's transaction. */
export async function createOperatorApplication(
  tx: Tx,
  municipality: { id: string; serialPrefix: string; timeZone: string },
  pack: { id: string; version: string },
  input: {
    operatorId: string;
    category: string;
    draftJson: string;
    kind?: "NEW" | "RENEWAL";
    renewalOfId?: string | null;
  },
  actor: Actor,
  now: Date,
) {
  const kind = input.kind ?? "NEW";
  const number = await nextApplicationNumber(tx, municipality, now);
  const app = await tx.application.create({
    data: {
      number,
      municipalityId: municipality.id,
      subject: "OPERADORA",
      operatorId: input.operatorId,
      category: input.category,
      mode: "OPERADORA",
      packId: pack.id,
      packVersion: pack.version,
      draftJson: input.draftJson,
      kind,
      renewalOfId: input.renewalOfId ?? null,
    },
  });
  await tx.applicationStatusChange.create({
    data: { applicationId: app.id, fromStatus: null, toStatus: "DRAFT", actorId: actor.userId, at: now },
  });
  await audit(tx, actor, {
    action: "application.create",
    subjectType: "Application",
    subjectId: app.id,
    municipalityId: municipality.id,
    at: now,
    after: {
      number,
      category: input.category,
      mode: "OPERADORA",
      subject: "OPERADORA",
      ...(kind === "RENEWAL" ? { kind, renewalOf: input.renewalOfId } : {}),
    },
  });
  return app;
}

export async function getOperator(id: string | undefined) {
  if (!isId(id)) return null;
  return db.operator.findUnique({ where: { id }, include: { municipality: true } });
}
export type OperatorWithMunicipality = NonNullable<Awaited<ReturnType<typeof getOperator>>>;

/** The operators the user is an active member of. */
export async function operatorsOfUser(userId: string) {
  const roles = await db.roleAssignment.findMany({
    where: { userId, role: "OPERADOR", disabledAt: null, operatorId: { not: null } },
    include: { operator: { include: { municipality: { select: { name: true, uf: true } } } } },
    orderBy: { createdAt: "asc" },
  });
  return roles.map((r) => ({ ...r.operator!, owner: r.operatorOwner }));
}

export async function isOwner(userId: string, operatorId: string): Promise<boolean> {
  return Boolean(
    await db.roleAssignment.findFirst({
      where: { userId, operatorId, role: "OPERADOR", operatorOwner: true, disabledAt: null },
    }),
  );
}

/** The operator's credenciamento application (the newest). */
export async function operatorApplication(operatorId: string) {
  return db.application.findFirst({ where: { operatorId, subject: "OPERADORA" }, orderBy: { createdAt: "desc" } });
}

/** The operator's category: that of its credenciamento. */
export async function operatorCategory(operatorId: string): Promise<Category | null> {
  return ((await operatorApplication(operatorId))?.category as Category | undefined) ?? null;
}

/**
 * Updates the company's address. Where the law asks for a notice, it is filed now (the portal is
 * how the city is told), on time or late by the change's date.
 */
export async function changeOperatorAddress(
  operator: {
    id: string;
    municipalityId: string;
    cep: string | null;
    street: string | null;
    addressNumber: string | null;
    district: string | null;
    city: string | null;
    uf: string | null;
  },
  address: OperatorAddress,
  changedOn: string,
  actor: Actor,
  now = new Date(),
) {
  const before = {
    cep: operator.cep,
    street: operator.street,
    addressNumber: operator.addressNumber,
    district: operator.district,
    city: operator.city,
    uf: operator.uf,
  };
  const pack = await activePack(await db.municipality.findUniqueOrThrow({ where: { id: operator.municipalityId } }));
  return db.$transaction(async (tx) => {
    await tx.operator.update({ where: { id: operator.id }, data: address });
    await audit(tx, actor, {
      action: "operator.address_change",
      subjectType: "Operator",
      subjectId: operator.id,
      municipalityId: operator.municipalityId,
      before,
      after: { ...address, changedOn },
    });
    return recordNotice(
      tx,
      pack,
      { operatorId: operator.id, municipalityId: operator.municipalityId },
      { kind: "ENDERECO", eventAt: changedOn, details: { from: before, to: address }, fileNow: true },
      actor,
      now,
    );
  });
}

/** Company data other than the address (legal name, trade name, legal representative). */
export async function updateOperatorData(
  operatorId: string,
  municipalityId: string,
  data: { legalName: string; tradeName: string | null; legalRepName: string; legalRepCpf: string },
  actor: Actor,
) {
  return db.$transaction(async (tx) => {
    const before = await tx.operator.findUniqueOrThrow({
      where: { id: operatorId },
      select: { legalName: true, tradeName: true, legalRepName: true, legalRepCpf: true },
    });
    await tx.operator.update({ where: { id: operatorId }, data });
    await audit(tx, actor, {
      action: "operator.update",
      subjectType: "Operator",
      subjectId: operatorId,
      municipalityId,
      before,
      after: data,
    });
  });
}

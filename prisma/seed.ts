// Demo data: the four municipalities whose laws ship with the portal, one account per role in
// each, a platform administrator and a few drivers with applications in different states.
// Safe to run twice (it skips what exists). Demo accounts sign in only while DEMO_MODE is on.
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { cpfWithCheckDigits } from "../app/domain/br/cpf";
import { getPack } from "../app/domain/rule-packs/shipped";
import { timeZoneForUf } from "../app/domain/time";
import { saveLawText } from "../app/models/law-text.server";
import { audit, systemActor } from "../app/utils/audit.server";
import { db } from "../app/utils/db.server";
import { hashPassword } from "../app/utils/password.server";
import { getStorage, newStorageKey } from "../app/utils/storage.server";
import { placeholderEmblemPng } from "./demo-emblem";
import { seedJourneys } from "./seed-journeys";

export const DEMO_PASSWORD = "demonstracao-credencia";

// Census 2022 populations (IBGE); the gestor updates them in the portal with source and date.
export const DEMO_MUNICIPALITIES = [
  {
    slug: "itauna",
    name: "Itaúna",
    uf: "MG",
    ibgeCode: "3133808",
    population: 97669,
    fiscalUnitName: "UFPM",
    rulePackId: "itauna-mg",
    serialPrefix: "ITA",
    // The bodies the laws name as competent (Itaúna Lei 4.785/2013, Patrocínio Lei 4.883/2017
    // art. 28, Lavras Lei 4.544/2019, Jardim Lei 904/1997); the signatories are fictional.
    identity: {
      secretariaName: "Divisão de Planejamento Urbano e Trânsito",
      signatoryName: "Ana Paula Rezende",
      signatoryRole: "Chefe da Divisão de Planejamento Urbano e Trânsito",
    },
  },
  {
    slug: "patrocinio",
    name: "Patrocínio",
    uf: "MG",
    ibgeCode: "3148103",
    population: 89826,
    fiscalUnitName: "UFM",
    rulePackId: "patrocinio-mg",
    serialPrefix: "PTC",
    identity: {
      secretariaName: "Secretaria Municipal de Segurança Pública, Trânsito e Transportes",
      signatoryName: "Ronaldo Alves de Castro",
      signatoryRole: "Secretário Municipal de Segurança Pública, Trânsito e Transportes",
    },
  },
  {
    slug: "lavras",
    name: "Lavras",
    uf: "MG",
    ibgeCode: "3138203",
    population: 104761,
    fiscalUnitName: "UFML",
    rulePackId: "lavras-mg",
    serialPrefix: "LAV",
    identity: {
      secretariaName: "Secretaria Municipal de Desenvolvimento Econômico, Indústria, Comércio e Turismo",
      signatoryName: "Luciana Moreira Lima",
      signatoryRole: "Secretária Municipal de Desenvolvimento Econômico",
    },
  },
  {
    slug: "jardim",
    name: "Jardim",
    uf: "MS",
    ibgeCode: "5005004",
    population: 23981,
    fiscalUnitName: "SM",
    rulePackId: "jardim-ms",
    serialPrefix: "JAR",
    identity: {
      secretariaName: "Departamento Municipal de Trânsito",
      signatoryName: "Carlos Eduardo Martins",
      signatoryRole: "Diretor do Departamento Municipal de Trânsito",
    },
  },
] as const;

/** A valid CPF from nine base digits. */
export const cpfFrom = cpfWithCheckDigits;

const STAFF = [
  { role: "GESTOR", label: "gestor", first: "Gestora" },
  { role: "ANALISTA", label: "analista", first: "Analista" },
  { role: "FISCAL", label: "fiscal", first: "Fiscal" },
] as const;

export const demoEmail = (label: string, slug?: string) =>
  slug ? `${label}.${slug}@credencia.demo` : `${label}@credencia.demo`;

async function ensureUser(
  cpf: string,
  name: string,
  email: string,
  passwordHash: string,
  extra: { isPlatformAdmin?: boolean } = {},
) {
  const existing = await db.user.findUnique({ where: { cpf } });
  if (existing) return existing;
  return db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        cpf,
        name,
        email,
        demo: true,
        emailVerifiedAt: new Date(),
        ...extra,
        password: { create: { hash: passwordHash } },
      },
    });
    await audit(tx, systemActor(), { action: "seed.user", subjectType: "User", subjectId: user.id, after: { name } });
    return user;
  });
}

/** The demo identity on the documents: the secretaria, a fictional signatory, a placeholder emblem ("MODELO"). */
async function seedIdentity(
  municipality: { id: string; name: string },
  identity: { secretariaName: string; signatoryName: string; signatoryRole: string },
) {
  const png = await placeholderEmblemPng(municipality.name);
  const stored = await getStorage().put(newStorageKey(), Readable.from([Buffer.from(png)]), {
    contentType: "image/png",
  });
  await db.$transaction(async (tx) => {
    await tx.municipality.update({
      where: { id: municipality.id },
      data: { ...identity, coatOfArmsKey: stored.key, coatOfArmsMime: "image/png", coatOfArmsSha256: stored.sha256 },
    });
    await audit(tx, systemActor(), {
      action: "seed.identity",
      subjectType: "Municipality",
      subjectId: municipality.id,
      municipalityId: municipality.id,
      after: identity,
    });
  });
}

/** The law whose pack the municipality uses, as the prefeitura published it (shipped beside the pack). */
async function seedLaw(municipality: { id: string; rulePackId: string }) {
  const { law } = getPack(municipality.rulePackId)!;
  const file = new URL(`../app/domain/rule-packs/cities/${municipality.rulePackId}.law.txt`, import.meta.url);
  const text = readFileSync(file, "utf8");
  await saveLawText(
    municipality.id,
    { label: law.label, title: law.title, publishedOn: law.date, text, position: 0 },
    systemActor(),
  );
}

export async function seed() {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ensureUser(cpfFrom("100000001"), "Administradora da Plataforma", demoEmail("admin"), passwordHash, {
    isPlatformAdmin: true,
  });

  let n = 10;
  for (const { identity, ...m } of DEMO_MUNICIPALITIES) {
    const municipality =
      (await db.municipality.findUnique({ where: { ibgeCode: m.ibgeCode } })) ??
      (await db.$transaction(async (tx) => {
        const created = await tx.municipality.create({
          data: {
            ...m,
            timeZone: timeZoneForUf(m.uf)!,
            populationSource: "IBGE, Censo 2022",
            populationDate: "2022-08-01",
          },
        });
        await audit(tx, systemActor(), {
          action: "seed.municipality",
          subjectType: "Municipality",
          subjectId: created.id,
          municipalityId: created.id,
          after: m,
        });
        return created;
      }));
    if (!municipality.coatOfArmsKey) await seedIdentity(municipality, identity);
    if ((await db.lawText.count({ where: { municipalityId: municipality.id } })) === 0) await seedLaw(municipality);
    for (const s of STAFF) {
      const user = await ensureUser(
        cpfFrom(`2000000${String(n++).padStart(2, "0")}`),
        `${s.first} de ${m.name}`,
        demoEmail(s.label, m.slug),
        passwordHash,
      );
      const has = await db.roleAssignment.findFirst({
        where: { userId: user.id, role: s.role, municipalityId: municipality.id },
      });
      if (!has) {
        await db.$transaction(async (tx) => {
          const r = await tx.roleAssignment.create({
            data: { userId: user.id, role: s.role, municipalityId: municipality.id },
          });
          await audit(tx, systemActor(), {
            action: "seed.role",
            subjectType: "RoleAssignment",
            subjectId: r.id,
            municipalityId: municipality.id,
            after: { role: s.role },
          });
        });
      }
    }
  }

  const drivers = [
    { base: "300000001", name: "João Batista Ferreira", label: "condutor.joao" },
    { base: "300000002", name: "Maria Aparecida Souza", label: "condutora.maria" },
    { base: "300000003", name: "Łukasz Nguyễn Kowalski", label: "condutor.lukasz" },
  ];
  const driverIds: Record<string, string> = {};
  for (const d of drivers) {
    const user = await ensureUser(cpfFrom(d.base), d.name, demoEmail(d.label), passwordHash);
    driverIds[d.label] = user.id;
    if (!(await db.person.findUnique({ where: { userId: user.id } }))) {
      await db.person.create({ data: { userId: user.id, fullName: d.name, cpf: user.cpf } });
    }
  }
  const bySlug = async (slug: string) => (await db.municipality.findUniqueOrThrow({ where: { slug } })).id;
  await seedJourneys({ patrocinio: await bySlug("patrocinio"), lavras: await bySlug("lavras"), drivers: driverIds });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seed()
    .then(() => {
      console.log(`Dados de demonstração prontos. Senha de todas as contas de demonstração: ${DEMO_PASSWORD}`);
      return db.$disconnect();
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}

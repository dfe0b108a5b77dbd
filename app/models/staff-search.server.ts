// The staff search boxes: what was typed becomes a condition an index can answer (ADR 063). Names and
// fragments are looked up in their own table and handed over as ids: an OR across tables made
// PostgreSQL read every row of the municipality (~500 ms at 100 k credentials).
import { printedPlateStarts } from "~/domain/br";
import { LIST_COUNT_CAP } from "~/domain/format";
import { readSearchText } from "~/domain/search-text";
import { db, type Prisma } from "~/utils/db.server";
import { insensitive } from "~/utils/env.server";

/** More matches than this and a name is too common to hand over as ids (Prisma binds at most 999
 * values on SQLite): searched in place. */
const MAX_IDS = 500;

/** `count` reading at most LIST_COUNT_CAP + 1 rows (Prisma's `take` on a count limits the rows read). */
export const cappedCount = (count: (args: { take: number }) => Promise<number>) => count({ take: LIST_COUNT_CAP + 1 });

/** Pages for a capped total: at most LIST_COUNT_CAP's worth. */
export const cappedPages = (total: number, pageSize: number) =>
  Math.max(Math.ceil(Math.min(total, LIST_COUNT_CAP) / pageSize), 1);

/** The ids `find` returns, or null when there are more than MAX_IDS of them. */
async function fewIds(find: (take: number) => Promise<Array<{ id: string }>>): Promise<string[] | null> {
  const rows = await find(MAX_IDS + 1);
  return rows.length > MAX_IDS ? null : rows.map((r) => r.id);
}

const peopleWhose = (where: Prisma.PersonWhereInput) =>
  fewIds((take) => db.person.findMany({ where, select: { id: true }, take }));

/** The credential search's condition for what was typed; null when nothing was. */
export async function credentialSearch(typed: string): Promise<Prisma.CredentialWhereInput | null> {
  const text = readSearchText(typed);
  if (!text) return null;
  switch (text.kind) {
    case "cpf":
      return { holderPerson: { cpf: text.cpf } };
    case "serial":
      return { serial: text.serial };
    case "number":
      return { application: { number: text.number } };
    case "plate":
      return { OR: printedPlateStarts(text.plate).map((start) => ({ plate: { startsWith: start } })) };
    case "code":
      return { serial: { contains: text.code } };
    case "name":
      // The name printed on the credential, as the fiscal and the holder read it.
      return { holderDisplayName: { contains: text.name, ...insensitive() } };
    case "digits": {
      const people = await peopleWhose({ cpf: { contains: text.digits } });
      const byCpf = people ? { holderPersonId: { in: people } } : { holderPerson: { cpf: { contains: text.digits } } };
      return { OR: [{ serial: { contains: text.digits } }, byCpf] };
    }
  }
}

/** The review queue's condition for what was typed; null when nothing was. */
export async function applicationSearch(typed: string): Promise<Prisma.ApplicationWhereInput | null> {
  const text = readSearchText(typed);
  if (!text) return null;
  switch (text.kind) {
    case "cpf":
      return { person: { cpf: text.cpf } };
    case "number":
      return { number: text.number };
    case "serial":
      return { credentials: { some: { serial: text.serial } } };
    case "plate":
      // Until the vistoria, the plate lives in the wizard's draft (JSON); after it, on the Vehicle.
      return {
        OR: [{ vehicle: { plate: { startsWith: text.plate } } }, { draftJson: { contains: `"plate":"${text.plate}` } }],
      };
    case "digits": {
      const people = await peopleWhose({ cpf: { contains: text.digits } });
      const byCpf = people ? { personId: { in: people } } : { person: { cpf: { contains: text.digits } } };
      return { OR: [{ number: { contains: text.digits } }, byCpf] };
    }
    case "code": {
      const serial = { serial: { contains: text.code } };
      const issued = await fewIds(async (take) =>
        (
          await db.credential.findMany({
            where: { ...serial, applicationId: { not: null } },
            select: { applicationId: true },
            take,
          })
        ).map((c) => ({ id: c.applicationId! })),
      );
      return {
        OR: [{ number: { contains: text.code } }, issued ? { id: { in: issued } } : { credentials: { some: serial } }],
      };
    }
    case "name": {
      const name = { contains: text.name, ...insensitive() };
      const [people, operators] = await Promise.all([
        peopleWhose({ fullName: name }),
        fewIds((take) => db.operator.findMany({ where: { legalName: name }, select: { id: true }, take })),
      ]);
      return {
        OR: [
          people ? { personId: { in: people } } : { person: { fullName: name } },
          operators ? { operatorId: { in: operators } } : { operator: { legalName: name } },
        ],
      };
    }
  }
}

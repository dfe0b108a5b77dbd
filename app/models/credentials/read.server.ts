// Reading credentials: one by id, a person's, a user's with their verification counts.
import { isId } from "~/domain/ids";
import { db } from "~/utils/db.server";

async function listCredentialsOfPerson(personId: string) {
  return db.credential.findMany({
    where: { holderPersonId: personId },
    orderBy: [{ issuedAt: "desc" }, { serial: "asc" }],
    include: { municipality: { select: { name: true, uf: true, timeZone: true } } },
  });
}

export async function getCredential(id: string) {
  if (!isId(id)) return null;
  return db.credential.findUnique({
    where: { id },
    include: { holderPerson: { select: { userId: true } }, municipality: true },
  });
}

/** A user's credentials, with how many times each was verified since `since`. */
export async function credentialsOfUser(userId: string, since: Date) {
  const person = await db.person.findUnique({ where: { userId } });
  if (!person) return { credentials: [], checkCount: new Map<string, number>() };
  const credentials = await listCredentialsOfPerson(person.id);
  const checks = await db.verificationLog.groupBy({
    by: ["credentialId"],
    where: { credential: { holderPersonId: person.id }, at: { gte: since } },
    _count: true,
  });
  return { credentials, checkCount: new Map(checks.map((c) => [c.credentialId, c._count])) };
}

// The names of the people behind ids in history, queues and audit trails, read in one query.
import { db } from "~/utils/db.server";

/** id → name for the given user ids (nulls and repeats ignored). */
export async function userNames(ids: (string | null | undefined)[]) {
  const unique = [...new Set(ids.filter((x): x is string => Boolean(x)))];
  if (!unique.length) return new Map<string, string>();
  const users = await db.user.findMany({ where: { id: { in: unique } }, select: { id: true, name: true } });
  return new Map(users.map((u) => [u.id, u.name]));
}

/** Names for a trail: "Sistema" where no person acted, "—" for an account no longer found. */
export async function actorNames(ids: (string | null | undefined)[]) {
  const names = await userNames(ids);
  return (id: string | null | undefined) => (id ? (names.get(id) ?? "—") : "Sistema");
}

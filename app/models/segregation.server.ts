// The facts the segregation-of-duties rule reads (ADR 051, app/domain/auth/segregation.ts), through
// the act's transaction when there is one, so the check and the act see the same rows.
import type { Role, StaffRole } from "~/domain/auth/permissions";
import {
  type Applicant,
  assertSegregation,
  isStaffRole,
  segregation,
  SEGREGATION_NOTICES,
  type StaffAct,
} from "~/domain/auth/segregation";
import { db, type Tx } from "~/utils/db.server";

type Reader = Tx | typeof db;
type ApplicationKeys = { id: string; municipalityId: string; personId: string | null; operatorId: string | null };

/** Who is behind each application (one query per kind of fact, however many applications). */
async function applicantsOf(q: Reader, apps: readonly ApplicationKeys[]): Promise<Map<string, Applicant>> {
  const personIds = [...new Set(apps.flatMap((a) => (a.personId ? [a.personId] : [])))];
  const operatorIds = [...new Set(apps.flatMap((a) => (!a.personId && a.operatorId ? [a.operatorId] : [])))];
  // One query after another: inside a transaction the queries share its one connection.
  const people = personIds.length
    ? await q.person.findMany({ where: { id: { in: personIds } }, select: { id: true, userId: true } })
    : [];
  // Members who left still count: leaving the team for a day must not open the review to them.
  const members = operatorIds.length
    ? await q.roleAssignment.findMany({
        where: { operatorId: { in: operatorIds }, role: "OPERADOR" },
        select: { operatorId: true, userId: true },
      })
    : [];
  const userOfPerson = new Map(people.map((p) => [p.id, p.userId]));
  const usersOf = (a: ApplicationKeys): string[] => {
    if (a.personId) {
      const userId = userOfPerson.get(a.personId);
      return userId ? [userId] : [];
    }
    return [...new Set(members.filter((m) => m.operatorId === a.operatorId).map((m) => m.userId))];
  };
  const allUsers = [...new Set(apps.flatMap(usersOf))];
  const staff = allUsers.length
    ? await q.roleAssignment.findMany({
        where: {
          userId: { in: allUsers },
          municipalityId: { in: [...new Set(apps.map((a) => a.municipalityId))] },
          disabledAt: null,
        },
        select: { userId: true, role: true, municipalityId: true },
      })
    : [];
  return new Map(
    apps.map((a) => {
      const userIds = usersOf(a);
      const roles = staff
        .filter((s) => s.municipalityId === a.municipalityId && userIds.includes(s.userId))
        .map((s) => s.role)
        .filter(isStaffRole);
      const applicant: Applicant = {
        subject: a.personId ? "PESSOA" : "OPERADORA",
        userIds,
        staffRoles: [...new Set<StaffRole>(roles)],
      };
      return [a.id, applicant];
    }),
  );
}

/** The roles the account holds in the municipality now (none for the system). */
async function rolesIn(q: Reader, userId: string | null, municipalityId: string): Promise<Role[]> {
  if (!userId) return [];
  const rows = await q.roleAssignment.findMany({
    where: { userId, municipalityId, disabledAt: null },
    select: { role: true },
  });
  return rows.map((r) => r.role as Role);
}

/**
 * Refuses (403) the staff act to the people behind the application, and an approval of a staff
 * member's application to anyone but a gestor; returns the verdict (the audit says a gestor approved).
 */
export async function assertSegregated(
  q: Reader,
  app: ApplicationKeys,
  actor: { userId: string | null },
  act: StaffAct,
) {
  const applicant = (await applicantsOf(q, [app])).get(app.id)!;
  const roles = await rolesIn(q, actor.userId, app.municipalityId);
  return { ...assertSegregation({ userId: actor.userId, roles }, applicant, act), applicant, roles };
}

/** What the audit event of an act on a staff member's application adds: whose it is, and who approved. */
export function segregationNote(duty: Awaited<ReturnType<typeof assertSegregated>> | null) {
  if (!duty?.staffApplication) return {};
  const approvedBy = duty.gestorApproval ? { approvedBy: "GESTOR" } : {};
  return { staffApplication: { applicantRoles: duty.applicant.staffRoles, ...approvedBy } };
}

/** What a staff screen may offer the viewer on each application, and the notice shown instead of what is refused. */
export async function segregationViews(
  apps: readonly ApplicationKeys[],
  viewer: { userId: string; municipalityId: string },
) {
  const applicants = await applicantsOf(db, apps);
  const roles = await rolesIn(db, viewer.userId, viewer.municipalityId);
  return new Map(
    apps.map((a) => {
      const applicant = applicants.get(a.id)!;
      const actor = { userId: viewer.userId, roles };
      const review = segregation(actor, applicant, "start_review");
      const approve = segregation(actor, applicant, "approve");
      const staffApplication = applicant.staffRoles.length > 0;
      const view = {
        /** The viewer is behind it: no staff act at all. */
        own: !review.allowed,
        staffApplication,
        /** Only a gestor may approve it, and the viewer is a gestor not behind it. */
        gestorApproves: approve.allowed && approve.gestorApproval,
        /** What the screen says instead of the refused actions (null: nothing refused). */
        notice: !review.allowed
          ? SEGREGATION_NOTICES[review.reason === "member" ? "member" : "own"]
          : staffApplication
            ? SEGREGATION_NOTICES.staff
            : null,
      };
      return [a.id, view] as const;
    }),
  );
}

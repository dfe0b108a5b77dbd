// The staff landing's workload: applications per review stage and infraction terms. Deadlines come
// only from the law or the record itself; where none is set, only the age is given.
import type { ApplicationStatus } from "~/domain/applications/status";
import type { IsoDate } from "~/domain/eligibility/calendar";
import type { RulePack } from "~/domain/rule-packs";
import { db, type Prisma } from "~/utils/db.server";

/** The stages an application goes through between submission and decision, in the order work flows. */
const REVIEW_STAGES = ["novos", "conferencia", "vistoria", "decisao", "correcao"] as const;
export type ReviewStage = (typeof REVIEW_STAGES)[number];

export const isReviewStage = (s: string | null | undefined): s is ReviewStage =>
  (REVIEW_STAGES as readonly string[]).includes(s ?? "");

const pendingDocument: Prisma.DocumentWhereInput = { replacedById: null, reviewStatus: "PENDING" };
const scheduledVistoria: Prisma.VistoriaWhereInput = { status: "SCHEDULED" };
const inReview: ApplicationStatus = "IN_REVIEW";

/** Which applications are in a stage: one definition for the landing's counts and the queue's filter. */
export function stageWhere(stage: ReviewStage): Prisma.ApplicationWhereInput {
  switch (stage) {
    case "novos":
      return { status: { in: ["SUBMITTED", "RESUBMITTED"] satisfies ApplicationStatus[] } };
    case "conferencia":
      return {
        status: inReview,
        vistorias: { none: scheduledVistoria },
        documents: { some: pendingDocument },
      };
    case "vistoria":
      return { status: inReview, vistorias: { some: scheduledVistoria } };
    case "decisao":
      return {
        status: inReview,
        vistorias: { none: scheduledVistoria },
        documents: { none: pendingDocument },
      };
    case "correcao":
      return { status: "CHANGES_REQUESTED" satisfies ApplicationStatus };
  }
}

/** The statuses a stage spans, so that the queue's status filter does not hide it. */
export const STAGE_STATUSES: Record<ReviewStage, ApplicationStatus[]> = {
  novos: ["SUBMITTED", "RESUBMITTED"],
  conferencia: ["IN_REVIEW"],
  vistoria: ["IN_REVIEW"],
  decisao: ["IN_REVIEW"],
  correcao: ["CHANGES_REQUESTED"],
};

const DAY = 86_400_000;
const ageInDays = (since: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY));

type StageLoad = {
  stage: ReviewStage;
  count: number;
  /** The application waiting longest in the stage (by its last submission), and for how many days. */
  oldest: { id: string; number: string; waitingDays: number } | null;
};

/** Count and oldest application of every review stage of a municipality. */
export async function reviewWorkload(municipalityId: string, now = new Date()): Promise<StageLoad[]> {
  return Promise.all(
    REVIEW_STAGES.map(async (stage) => {
      const where = { AND: [{ municipalityId }, stageWhere(stage)] };
      const [count, oldest] = await Promise.all([
        db.application.count({ where }),
        db.application.findFirst({
          where: { AND: [where, { submittedAt: { not: null } }] },
          orderBy: [{ submittedAt: "asc" }, { number: "asc" }],
          select: { id: true, number: true, submittedAt: true },
        }),
      ]);
      return {
        stage,
        count,
        oldest: oldest
          ? { id: oldest.id, number: oldest.number, waitingDays: ageInDays(oldest.submittedAt!, now) }
          : null,
      };
    }),
  );
}

export type InfractionTerm = {
  key: "notificar" | "defesa" | "julgar" | "recurso" | "recursos";
  /** The status the autos list filters on. */
  status: string;
  count: number;
  /** The nearest end of a running term (defence, appeal), inclusive. */
  nextDeadline: IsoDate | null;
  /** The oldest auto of the group, for groups that only wait (no term running). */
  oldestDays: number | null;
  citation: string | null;
};

/** The autos grouped by where their terms stand on the municipality's `today`. */
export async function infractionTerms(
  municipalityId: string,
  pack: Pick<RulePack, "infractions">,
  today: IsoDate,
  now = new Date(),
): Promise<InfractionTerm[]> {
  const base = { municipalityId };
  const group = async (
    key: InfractionTerm["key"],
    status: string,
    where: Prisma.InfractionWhereInput,
    deadline: "defenceDeadline" | "appealDeadline" | null,
  ): Promise<InfractionTerm> => {
    const all = { ...base, status, ...where };
    const [count, first] = await Promise.all([
      db.infraction.count({ where: all }),
      deadline
        ? db.infraction.findFirst({ where: all, orderBy: { [deadline]: "asc" }, select: { [deadline]: true } })
        : db.infraction.findFirst({ where: all, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
    ]);
    const row = first as { defenceDeadline?: string | null; appealDeadline?: string | null; createdAt?: Date } | null;
    return {
      key,
      status,
      count,
      nextDeadline: deadline && row ? ((row[deadline] as IsoDate | null | undefined) ?? null) : null,
      oldestDays: !deadline && row?.createdAt ? ageInDays(row.createdAt, now) : null,
      citation: key === "recurso" ? (pack.infractions.enforcement.appeal?.citation ?? null) : null,
    };
  };
  return Promise.all([
    group("notificar", "REGISTERED", {}, null),
    group("defesa", "NOTIFIED", { defenceDeadline: { gte: today } }, "defenceDeadline"),
    group("julgar", "NOTIFIED", { defenceDeadline: { lt: today } }, "defenceDeadline"),
    group("recurso", "DECIDED", { appealDeadline: { gte: today } }, "appealDeadline"),
    group("recursos", "APPEALED", {}, null),
  ]);
}

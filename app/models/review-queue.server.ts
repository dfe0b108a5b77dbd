// The analysts' review queue, filtered, searched and paged in one indexed query.
import { parseDraft } from "~/domain/applications/draft";
import { APPLICATION_STATUSES, type ApplicationStatus, WAITING_STATUSES } from "~/domain/applications/status";
import { CATEGORIES, type Category } from "~/domain/rule-packs";
import { db, type Prisma } from "~/utils/db.server";
import { isReviewStage, type ReviewStage, STAGE_STATUSES, stageWhere } from "./review-workload.server";
import { segregationViews } from "./segregation.server";
import { applicationSearch } from "./staff-search.server";
import { userNames } from "./user-names.server";

const PAGE_SIZE = 25;

export type QueueFilters = {
  statuses: ApplicationStatus[];
  category?: Category | null;
  /** Name, CPF, plate, credential serial or application number. */
  q?: string | null;
  assigned?: "any" | "me" | "nobody" | "others";
  order?: "oldest" | "newest";
  page?: number;
  /** A stage of the review (the staff landing's counts link here with it). */
  stage?: ReviewStage | null;
};

/** Reads the queue's filters from a URL's search params; anything unknown falls back to the default. */
export function parseQueueFilters(params: URLSearchParams): Required<QueueFilters> {
  const statuses = params
    .getAll("situacao")
    .filter((s): s is ApplicationStatus => (APPLICATION_STATUSES as readonly string[]).includes(s));
  const category = params.get("categoria");
  const assigned = params.get("atribuicao");
  const page = Number(params.get("pagina"));
  const stage = params.get("etapa");
  return {
    statuses: statuses.length ? statuses : isReviewStage(stage) ? STAGE_STATUSES[stage] : WAITING_STATUSES,
    category: (CATEGORIES as readonly string[]).includes(category ?? "") ? (category as Category) : null,
    q: (params.get("q") ?? "").trim().slice(0, 80) || null,
    assigned: assigned === "me" || assigned === "nobody" || assigned === "others" ? assigned : "any",
    order: params.get("ordem") === "recentes" ? "newest" : "oldest",
    page: Number.isInteger(page) && page > 0 && page < 10_000 ? page : 1,
    stage: isReviewStage(stage) ? stage : null,
  };
}

async function baseWhere(
  municipalityId: string,
  f: QueueFilters,
  userId: string,
): Promise<Prisma.ApplicationWhereInput> {
  const and: Prisma.ApplicationWhereInput[] = [{ municipalityId }];
  if (f.category) and.push({ category: f.category });
  if (f.assigned === "me") and.push({ assignedToId: userId });
  if (f.assigned === "nobody") and.push({ assignedToId: null });
  if (f.assigned === "others") and.push({ assignedToId: { not: null } }, { NOT: { assignedToId: userId } });
  const search = await applicationSearch(f.q ?? "");
  if (search) and.push(search);
  if (f.stage) and.push(stageWhere(f.stage));
  return { AND: and };
}

/** One page of the queue (oldest submission first by default), its total, and counts per status, same filters. */
export async function reviewQueue(
  municipalityId: string,
  filters: QueueFilters,
  opts: { userId: string; now?: Date; pageSize?: number },
) {
  const pageSize = opts.pageSize ?? PAGE_SIZE;
  const page = Math.max(filters.page ?? 1, 1);
  const where = await baseWhere(municipalityId, filters, opts.userId);
  const inStatuses: Prisma.ApplicationWhereInput = { AND: [where, { status: { in: filters.statuses } }] };
  const direction = filters.order === "newest" ? "desc" : "asc";
  const [rows, counts] = await Promise.all([
    db.application.findMany({
      where: inStatuses,
      orderBy: [{ submittedAt: direction }, { number: direction }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: {
        id: true,
        municipalityId: true,
        personId: true,
        operatorId: true,
        number: true,
        status: true,
        category: true,
        mode: true,
        kind: true,
        submittedAt: true,
        createdAt: true,
        assignedToId: true,
        draftJson: true,
        person: { select: { fullName: true, cpf: true } },
        operator: { select: { legalName: true, cnpj: true } },
        vehicle: { select: { plate: true } },
      },
    }),
    db.application.groupBy({ by: ["status"], where, _count: { _all: true } }),
  ]);
  const countByStatus = Object.fromEntries(counts.map((c) => [c.status, c._count._all])) as Partial<
    Record<ApplicationStatus, number>
  >;
  const total = filters.statuses.reduce((sum, s) => sum + (countByStatus[s] ?? 0), 0);
  const names = await userNames(rows.map((r) => r.assignedToId));
  // What the viewer may not do on each row: their own application, or a staff member's (ADR 051).
  const duties = await segregationViews(rows, { userId: opts.userId, municipalityId });
  const now = (opts.now ?? new Date()).getTime();
  return {
    rows: rows.map(({ draftJson, operator, municipalityId: _m, personId: _p, operatorId: _o, ...r }) => ({
      ...r,
      segregation: duties.get(r.id)!,
      // A company's application has no person: the queue shows the company instead.
      person: r.person ?? (operator ? { fullName: operator.legalName, cpf: "" } : null),
      plate: r.vehicle?.plate ?? parseDraft(draftJson).vehicle.plate ?? null,
      waitingDays: r.submittedAt ? Math.floor((now - r.submittedAt.getTime()) / 86_400_000) : null,
      assignedToName: r.assignedToId ? (names.get(r.assignedToId) ?? "—") : null,
    })),
    total,
    page,
    pages: Math.max(Math.ceil(total / pageSize), 1),
    countByStatus,
  };
}

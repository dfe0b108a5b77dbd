// The world of the segregation-of-duties test (issue #35, finding 2): one municipality (Itaúna,
// where a motofrete driver may apply alone and a company may be credentialed) with
// - Ana, an analyst of the town who is also a driver applying there (taken by the conformance
//   builder up to review, documents accepted and vistoria passed; Bia has since taken it over);
// - Bia, a second analyst; Gil, a gestor;
// - Caio, an analyst who owns a company applying there (its application submitted).
import type { StaffRole } from "~/domain/auth/permissions";
import { submitOperatorApplication } from "~/models/operator-application.server";
import { offeredKinds, operatorFactsAsked } from "~/models/operator-policy.server";
import { assignToMe } from "~/models/review.server";
import type { Actor } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { registered, withDocuments } from "../e2e/fixtures/operator-support";
import { conformanceMatrix, municipalityFor, prepareForApproval } from "../support/conformance";
import { createUser } from "../support/factories";

const ITAUNA_MOTOFRETE = conformanceMatrix().find(
  (c) => c.pack.id === "itauna-mg" && c.category === "MOTOFRETE" && c.mode === "AUTONOMO",
)!;

export const staffActor = (userId: string, municipalityId: string, role: StaffRole): Actor & { userId: string } => ({
  userId,
  role,
  municipalityId,
  requestId: "teste",
});

async function grant(userId: string, municipalityId: string, role: StaffRole) {
  await db.roleAssignment.create({ data: { userId, role, municipalityId } });
}

export async function buildStaffApplicantWorld() {
  const { pack, category } = ITAUNA_MOTOFRETE;
  const m = await municipalityFor(pack);
  const staff = async (name: string, role: StaffRole) => {
    const user = await createUser({ name });
    await grant(user.id, m.id, role);
    return { user, actor: staffActor(user.id, m.id, role) };
  };
  const bia = await staff("Bia Segunda Analista", "ANALISTA");
  const gil = await staff("Gil Gestor", "GESTOR");

  // Ana's application, reviewed by Bia; then Ana joins the town's staff as an analyst.
  const prepared = await prepareForApproval(ITAUNA_MOTOFRETE, bia.actor);
  // The matrix builder reviewed it as its own town analyst; Bia takes it over, audited.
  await assignToMe(prepared.applicationId, m.id, bia.actor, { takeOver: true });
  const ana = { user: prepared.user, actor: staffActor(prepared.user.id, m.id, "ANALISTA"), driver: prepared.actor };
  await grant(ana.user.id, m.id, "ANALISTA");

  // Caio's company: registered, documented and sent; Caio is an analyst of the same town.
  const asked = operatorFactsAsked(pack, category);
  const company = await registered(
    m.id,
    {
      category,
      kind: offeredKinds(pack)[0],
      legalName: "Entregas do Caio Ltda",
      facts: {
        ...(asked.headOffice ? { headOfficeHere: true } : {}),
        ...(asked.assets ? { declaredAssetsBrl: asked.assets.minimumBrl * 2 } : {}),
      },
    },
    "Caio Analista Empresário",
  );
  await withDocuments(company.applicationId, company.owner.id, company.actor);
  const sent = await submitOperatorApplication(
    await db.application.findUniqueOrThrow({ where: { id: company.applicationId } }),
    company.actor,
  );
  if (!sent.ok) throw new Error(sent.blockers.join("\n"));
  await grant(company.owner.id, m.id, "ANALISTA");
  const caio = { user: company.owner, actor: staffActor(company.owner.id, m.id, "ANALISTA") };

  return {
    m,
    ana,
    bia,
    gil,
    caio,
    applicationId: prepared.applicationId,
    company: { operatorId: company.operatorId, applicationId: company.applicationId, owner: company.actor },
  };
}
export type StaffApplicantWorld = Awaited<ReturnType<typeof buildStaffApplicantWorld>>;

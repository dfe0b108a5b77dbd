// "Approve and issue": checks the application against its pack, approves and issues — all or nothing.
import { approvalRefusalMessage, approvalTenancy } from "~/domain/operators/vehicle-tenancy";
import { conflict } from "~/domain/refusal";
import type { Actor } from "~/utils/audit.server";
import { db } from "~/utils/db.server";
import { applyAction } from "./application.server";
import { applicantSide, approvalFacts } from "./approval-facts.server";
import { driverCredentialSpecs } from "./credentials/driver-specs.server";
import { issueCredentials } from "./credentials/issue.server";
import { ensureStoredPdf } from "./credentials/pdf.server";
import { townOf, vehicleHolding } from "./fleet-checks.server";
import { assertApprovalKeepsPenalties } from "./renewal.server";
import { signerFor } from "./signing-key.server";

export async function approveAndIssue(applicationId: string, municipalityId: string, actor: Actor, now = new Date()) {
  const facts = await approvalFacts(applicationId, municipalityId, now);
  const { app, person, date, result, category, vehicleDraft, link } = facts;
  const plate = vehicleDraft.plate ?? null;
  const specs = driverCredentialSpecs(facts);
  if (specs.length === 0) {
    // A registration with nothing to print (Lavras's additional driver, art. 8º): approval stops here.
    if (!result.act) throw conflict("A lei não prevê ato nem credencial para esta categoria e modo.");
    await applyAction(app.id, "approve", actor, { expectedStatus: "IN_REVIEW", now });
    return [];
  }

  // The vehicle stays whose it is (ADR 055): checked before anything is signed, and again in the transaction.
  const side = await applicantSide(app, link?.operatorId ?? null);
  const here = townOf(app.municipality);
  if (plate) {
    const tenancy = approvalTenancy(await vehicleHolding(plate), side);
    if (!tenancy.ok) throw conflict(approvalRefusalMessage(tenancy, plate, here));
  }
  const signer = await signerFor(municipalityId, actor);
  const previous = await db.credential.findMany({
    where: { holderPersonId: person.id, municipalityId, category, status: { in: ["ACTIVE", "SUSPENDED"] } },
    select: { id: true, type: true, serial: true, status: true, suspendedUntil: true },
  });
  await assertApprovalKeepsPenalties(app, previous, date);
  const issued = await db
    .$transaction(async (tx) => {
      await applyAction(app.id, "approve", actor, { tx, expectedStatus: "IN_REVIEW", now });
      let vehicleId = app.vehicleId;
      if (plate) {
        const holding = await vehicleHolding(plate, tx);
        const tenancy = approvalTenancy(holding, side);
        if (!tenancy.ok) throw conflict(approvalRefusalMessage(tenancy, plate, here));
        const data = {
          renavam: vehicleDraft.renavam,
          make: vehicleDraft.make,
          model: vehicleDraft.model,
          colour: vehicleDraft.colour,
          manufactureYear: vehicleDraft.manufactureYear,
          firstRegistrationDate: vehicleDraft.firstRegistrationDate,
          displacementCc: vehicleDraft.displacementCc,
          doors: vehicleDraft.doors,
          passengerSeats: vehicleDraft.passengerSeats,
          registrationCategory: vehicleDraft.registrationCategory,
          ownerKind: vehicleDraft.ownerKind,
          ownerName: vehicleDraft.ownerName,
          leased: vehicleDraft.leased ?? false,
          controlNumber: vehicleDraft.controlNumber,
          operatorId: side.operatorId,
        };
        if (!holding) {
          vehicleId = (await tx.vehicle.create({ data: { plate, ...data } })).id;
        } else {
          vehicleId = holding.id;
          // An unheld vehicle, or one in the linked company's fleet, takes the approved data; a
          // preposto only joins the titular's vehicle.
          if (tenancy.kind !== "SHARED") {
            const written = await tx.vehicle.updateMany({
              where: { id: holding.id, operatorId: holding.fleet?.operatorId ?? null },
              data,
            });
            if (written.count !== 1)
              throw conflict(
                "O veículo mudou de frota agora há pouco. Recarregue a página e confira antes de aprovar.",
              );
          }
        }
        await tx.application.update({ where: { id: app.id }, data: { vehicleId } });
        const linked = await tx.vehicleDriver.findFirst({
          where: { vehicleId, personId: person.id, until: null },
        });
        if (!linked) await tx.vehicleDriver.create({ data: { vehicleId, personId: person.id } });
      }
      const credentials = await issueCredentials(
        tx,
        app.municipality,
        specs.map((s) => ({ ...s, vehicleId })),
        signer,
        actor,
        { applicationId: app.id, supersedes: previous, now },
      );
      await applyAction(app.id, "issue", actor, { tx, expectedStatus: "APPROVED", now });
      return credentials;
    })
    .catch((e: unknown) => {
      // Two approvals at once: the one that lost the race changed nothing (one transaction).
      if ((e as { code?: string }).code === "P2002")
        throw conflict("Outra pessoa emitiu as credenciais deste requerimento agora há pouco. Recarregue a página.");
      throw e;
    });
  // A PDF failure leaves the credential valid: the PDF is rendered from stored data on first download.
  for (const c of issued) await ensureStoredPdf(c.id).catch((e) => console.error("PDF não armazenado:", c.serial, e));
  return issued;
}

// The driver's profile, written directly by the wizard so the next application and renewal reuse it.
import type { PersonForm } from "~/domain/applications/person-form";
import type { PersonField } from "~/domain/facts";
import { type Actor, audit } from "~/utils/audit.server";
import { db } from "~/utils/db.server";

/** Saves the answers to the fields the page asked — and only those: what another city asked stays. */
export async function savePerson(
  personId: string,
  form: PersonForm,
  fields: readonly PersonField[],
  municipalityIbge: string,
  actor: Actor,
  municipalityId: string,
) {
  const data: Record<string, unknown> = {};
  for (const f of fields) {
    if (f === "livesInMunicipality") {
      // The wizard asks "do you live here?": yes is the municipality's code; no is any other code.
      data.residenceMunicipalityIbge =
        form.livesInMunicipality === undefined ? null : form.livesInMunicipality ? municipalityIbge : "0000000";
    } else if (f === "heldPermissions") data.heldPermissionsJson = JSON.stringify(form.heldPermissions ?? []);
    else if (f === "fullName") {
      if (form.fullName) data.fullName = form.fullName;
    } else data[f] = form[f] ?? null;
  }
  await db.$transaction(async (tx) => {
    const before = await tx.person.findUniqueOrThrow({ where: { id: personId } });
    await tx.person.update({ where: { id: personId }, data });
    const changed = Object.keys(data).filter((k) => (before as Record<string, unknown>)[k] !== data[k]);
    if (changed.length)
      await audit(tx, actor, {
        action: "person.update",
        subjectType: "Person",
        subjectId: personId,
        municipalityId,
        after: { fields: changed },
      });
  });
}

/** The form's initial values from the stored profile. */
export function personFormValues(
  p: {
    fullName: string;
    birthDate: string | null;
    rgNumber: string | null;
    rgIssuer: string | null;
    cnhNumber: string | null;
    cnhCategory: string | null;
    cnhFirstLicenseDate: string | null;
    cnhEar: boolean | null;
    phone: string | null;
    cep: string | null;
    street: string | null;
    addressNumber: string | null;
    complement: string | null;
    district: string | null;
    city: string | null;
    uf: string | null;
    residenceMunicipalityIbge: string | null;
    bloodType: string | null;
    heldPermissionsJson: string;
  },
  municipalityIbge: string,
): Record<string, string | string[]> {
  const yn = (b: boolean | null) => (b === null ? "" : b ? "sim" : "nao");
  return {
    fullName: p.fullName,
    birthDate: p.birthDate ?? "",
    rgNumber: p.rgNumber ?? "",
    rgIssuer: p.rgIssuer ?? "",
    cnhNumber: p.cnhNumber ?? "",
    cnhCategory: p.cnhCategory ?? "",
    cnhFirstLicenseDate: p.cnhFirstLicenseDate ?? "",
    cnhEar: yn(p.cnhEar),
    phone: p.phone ?? "",
    cep: p.cep ?? "",
    street: p.street ?? "",
    addressNumber: p.addressNumber ?? "",
    complement: p.complement ?? "",
    district: p.district ?? "",
    city: p.city ?? "",
    uf: p.uf ?? "",
    livesInMunicipality:
      p.residenceMunicipalityIbge === null ? "" : p.residenceMunicipalityIbge === municipalityIbge ? "sim" : "nao",
    bloodType: p.bloodType ?? "",
    heldPermissions: JSON.parse(p.heldPermissionsJson) as string[],
  };
}

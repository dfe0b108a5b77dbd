// Who holds a vehicle, and who may take it (issue #35, ADR 055): one row per plate for the whole
// platform; neither a fleet nor an approval ever takes a vehicle someone else holds.
import { formatPlate } from "~/domain/br";

/** A municipality as the messages name it ("Patrocínio/MG"). */
export type Town = { id: string; label: string };

/** A non-fleet hold: an open assignment, a credential in force, or an open application's vistoria. */
export type VehicleClaim = {
  kind: "DRIVER" | "CREDENTIAL" | "PENDING";
  personId: string | null;
  /** The company the hold came through: the application's linked operator, or the credential's holder company. */
  viaOperatorId: string | null;
  /** The mode of the application behind the hold (a preposto's hold is on the titular's vehicle). */
  mode: string | null;
  town: Town | null;
};

export type VehicleHolding = {
  plate: string;
  fleet: { operatorId: string; name: string; town: Town } | null;
  claims: VehicleClaim[];
};

type TenancyRefusal =
  | { ok: false; reason: "IN_THIS_FLEET" }
  | { ok: false; reason: "OTHER_FLEET"; fleet: NonNullable<VehicleHolding["fleet"]> }
  | { ok: false; reason: "HELD"; towns: Town[] };

/** A hold that came through the company: its credential or application was linked to it, or the driver's credential on the vehicle was. */
function throughCompany(claim: VehicleClaim, claims: readonly VehicleClaim[], operatorId: string) {
  if (claim.kind !== "DRIVER") return claim.viaOperatorId === operatorId;
  return claims.some((c) => c.kind === "CREDENTIAL" && c.personId === claim.personId && c.viaOperatorId === operatorId);
}

/** A company may fleet a plate held by nobody or only through itself; else a linked driver applies. */
export function fleetTenancy(
  holding: VehicleHolding | null,
  operatorId: string,
): { ok: true; kind: "NEW" | "FREE" } | TenancyRefusal {
  if (!holding) return { ok: true, kind: "NEW" };
  if (holding.fleet?.operatorId === operatorId) return { ok: false, reason: "IN_THIS_FLEET" };
  if (holding.fleet) return { ok: false, reason: "OTHER_FLEET", fleet: holding.fleet };
  const foreign = holding.claims.filter((c) => !throughCompany(c, holding.claims, operatorId));
  if (foreign.length) return { ok: false, reason: "HELD", towns: townsOf(foreign) };
  return { ok: true, kind: "FREE" };
}

/** Holds on a fleet vehicle not the company's (pre-ADR 055): it may take the vehicle out, not end them. */
export function foreignHolds(holding: VehicleHolding, operatorId: string, linkedPersonIds: ReadonlySet<string>) {
  return holding.claims.filter(
    (c) => c.kind !== "PENDING" && c.viaOperatorId !== operatorId && !(c.personId && linkedPersonIds.has(c.personId)),
  );
}

/** The persons (or companies) who hold the vehicle in their own right: a preposto's hold is the titular's vehicle, not theirs. */
function primaryHolders(claims: readonly VehicleClaim[]) {
  const held = claims.filter((c) => c.kind !== "PENDING");
  const prepostoOnly = (personId: string) => {
    const modes = held.filter((c) => c.kind === "CREDENTIAL" && c.personId === personId).map((c) => c.mode);
    return modes.length > 0 && modes.every((m) => m === "PREPOSTO");
  };
  const holders = new Map<string, VehicleClaim[]>();
  for (const c of held) {
    const key = c.personId ? `p:${c.personId}` : `o:${c.viaOperatorId}`;
    if (c.personId && prepostoOnly(c.personId)) continue;
    holders.set(key, [...(holders.get(key) ?? []), c]);
  }
  return holders;
}

export type ApplicantSide = {
  personId: string;
  mode: string;
  /** The company the driver applies as linked to, with the bond in force; null otherwise. */
  operatorId: string | null;
  /** For a preposto: the titular who named them (by the CPF the application gives). */
  titularPersonId: string | null;
};

/** NEW, TAKE, FLEET or SHARED (joined, unchanged); refused if in another fleet or held by another driver. */
export function approvalTenancy(
  holding: VehicleHolding | null,
  applicant: ApplicantSide,
): { ok: true; kind: "NEW" | "TAKE" | "FLEET" | "SHARED" } | TenancyRefusal {
  if (!holding) return { ok: true, kind: "NEW" };
  const held = holding.claims.filter((c) => c.kind !== "PENDING");
  if (
    applicant.mode === "PREPOSTO" &&
    applicant.titularPersonId &&
    held.some((c) => c.personId === applicant.titularPersonId)
  )
    return { ok: true, kind: "SHARED" };
  if (holding.fleet)
    return holding.fleet.operatorId === applicant.operatorId
      ? { ok: true, kind: "FLEET" }
      : { ok: false, reason: "OTHER_FLEET", fleet: holding.fleet };
  const holders = primaryHolders(holding.claims);
  holders.delete(`p:${applicant.personId}`);
  if (holders.size === 0) return { ok: true, kind: "TAKE" };
  if (!applicant.operatorId && held.some((c) => c.personId === applicant.personId)) return { ok: true, kind: "SHARED" };
  return { ok: false, reason: "HELD", towns: townsOf([...holders.values()].flat()) };
}

function townsOf(claims: readonly VehicleClaim[]): Town[] {
  const towns = new Map<string, Town>();
  for (const c of claims) if (c.town) towns.set(c.town.id, c.town);
  return [...towns.values()];
}

/** What the company reads when the fleet refuses a plate: nothing about who holds it. */
export function fleetRefusalMessage(refusal: TenancyRefusal): string {
  switch (refusal.reason) {
    case "IN_THIS_FLEET":
      return "Este veículo já está na frota da empresa.";
    case "OTHER_FLEET":
      return "Esta placa está cadastrada na frota de outra empresa.";
    case "HELD":
      return (
        "Esta placa é de um veículo registrado por um condutor, e a empresa não pode incluí-lo na frota nem alterar os seus dados. " +
        "Se o condutor vai trabalhar com este veículo pela empresa, convide-o em “Condutores”: quando a prefeitura aprovar o credenciamento dele vinculado à empresa, o veículo passa para a frota."
      );
  }
}

/** What the analyst reads, on the confirmation page and in the refusal: the conflict and what to do. */
export function approvalRefusalMessage(refusal: TenancyRefusal, plate: string, here: Town): string {
  const placa = formatPlate(plate);
  switch (refusal.reason) {
    case "IN_THIS_FLEET":
    case "OTHER_FLEET": {
      const fleet = refusal.reason === "OTHER_FLEET" ? refusal.fleet : null;
      const where = fleet ? ` ${fleet.name} (${fleet.town.label})` : "";
      return (
        `Não é possível aprovar: o veículo de placa ${placa} está na frota da empresa${where}, e a aprovação não tira um veículo da frota de uma empresa. ` +
        "Confirme a placa com o condutor: se estiver errada, peça correções; se o veículo é dele e deixou a empresa, a empresa precisa retirá-lo da frota no portal antes; " +
        "se ele vai dirigir pela empresa, o pedido deve ser de condutor vinculado a ela."
      );
    }
    case "HELD": {
      const others = refusal.towns.filter((t) => t.id !== here.id).map((t) => t.label);
      const where =
        refusal.towns.length === 0
          ? ""
          : others.length === 0
            ? ", credenciado neste município"
            : `, credenciado em ${others.join(", ")}${refusal.towns.length > others.length ? " e neste município" : ""}`;
      return (
        `Não é possível aprovar: o veículo de placa ${placa} está registrado por outro condutor${where}, e a aprovação não transfere o veículo de outro titular. ` +
        "Confirme a placa com o condutor: se estiver errada, peça correções; se o veículo mudou de dono, a credencial do condutor anterior precisa ser baixada antes na prefeitura que a emitiu; " +
        "um preposto só dirige o veículo do titular que o indicou."
      );
    }
  }
}

// Who holds a vehicle, and who may take it (issue #35, ADR 055). A plate is one row for the
// whole platform, shared by every municipality; a vehicle belongs to whoever registered it: the
// company whose fleet it is in, or the drivers who drive it under a credential. A company takes
// into its fleet only a vehicle nobody holds (or one its own drivers brought through it); an
// approval never takes a vehicle out of a company's fleet, nor from another driver; a preposto
// drives the titular's vehicle without changing it. Pure: the models read the holds and decide here.
import { formatPlate } from "~/domain/br";

/** A municipality as the messages name it ("Patrocínio/MG"). */
export type Town = { id: string; label: string };

/**
 * One hold on a vehicle besides a fleet: an open driver assignment, a credential in force naming
 * it, or an application still under way whose vistoria inspected it.
 */
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

export type TenancyRefusal =
  | { ok: false; reason: "IN_THIS_FLEET" }
  | { ok: false; reason: "OTHER_FLEET"; fleet: NonNullable<VehicleHolding["fleet"]> }
  | { ok: false; reason: "HELD"; towns: Town[] };

/** A hold that came through the company: its credential or application was linked to it, or the driver's credential on the vehicle was. */
function throughCompany(claim: VehicleClaim, claims: readonly VehicleClaim[], operatorId: string) {
  if (claim.kind !== "DRIVER") return claim.viaOperatorId === operatorId;
  return claims.some((c) => c.kind === "CREDENTIAL" && c.personId === claim.personId && c.viaOperatorId === operatorId);
}

/**
 * Whether a company may put the plate in its fleet: a plate unknown or held by nobody; or one held
 * only through this company (its own linked drivers' credentials, say after it took the vehicle out
 * by mistake). Anything else — another fleet, a driver's own vehicle, a preposto's, an application
 * under way elsewhere — is refused: the holder's way in is the driver applying as linked to it.
 */
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

/**
 * The holds on a vehicle of the company's fleet that are not the company's: a driver without a bond
 * in force with it whose hold did not come through it — a vehicle put in the fleet before ADR 055.
 * The company may take such a vehicle out of its fleet, but neither ends those holds nor adds drivers.
 */
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

/**
 * What an approval may do with the vehicle its application names:
 * - NEW: no such plate yet — registered with the application's data, in the linked company's fleet if any;
 * - TAKE: held by nobody else (or by the applicant alone) — the application's data, moved into the linked company's fleet if any;
 * - FLEET: in the fleet of the company the driver is linked to — the driver joins it (the data as approved);
 * - SHARED: the titular's vehicle for their preposto, or a vehicle the applicant already drives beside others — the driver joins it, nothing about the vehicle changes.
 * Refused: a vehicle in another company's fleet, or held by another driver.
 */
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

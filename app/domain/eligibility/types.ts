// The engine's contract: what evaluate() takes and returns.
import type {
  ActKind,
  BaselinePack,
  BloodType,
  Category,
  CnhCategory,
  CredentialType,
  HeldPermission,
  Mode,
  OwnerKind,
  QuotaUnit,
  RegistrationCategory,
  RulePack,
  Submitter,
  WithoutObject,
} from "~/domain/rule-packs";
import type { IsoDate } from "./calendar";
import type { CarryOver, RenewalCounting } from "./renewal";

/** Every fact is optional: a missing (or null) fact makes its check PENDING, never PASS. */
export interface PersonFacts {
  birthDate?: IsoDate | null;
  cnhCategory?: CnhCategory | null;
  /** Date of first licence in the category the rule asks for (the CNH prints it per category). */
  cnhFirstLicenseDate?: IsoDate | null;
  /** The CNH carries the "EAR" remark (exerce atividade remunerada). */
  cnhEar?: boolean | null;
  residenceMunicipalityIbge?: string | null;
  /** Permissions or concessions the person holds in this municipality. */
  heldPermissions?: readonly HeldPermission[] | null;
  /** Vehicles already registered to this person in the service, not counting this one. */
  otherRegisteredVehicles?: number | null;
  bloodType?: BloodType | null;
}

export interface VehicleFacts {
  plate?: string | null;
  manufactureYear?: number | null;
  firstRegistrationDate?: IsoDate | null;
  displacementCc?: number | null;
  doors?: number | null;
  /** Passenger places, not counting the driver. */
  passengerSeats?: number | null;
  registrationCategory?: RegistrationCategory | null;
  licensingMunicipalityIbge?: string | null;
  ownerKind?: OwnerKind | null;
  leased?: boolean | null;
  /** The vehicle is also registered or used for cargo / for passengers. */
  usedForCargo?: boolean | null;
  usedForPassengers?: boolean | null;
  /** No licensing fees in arrears. */
  licensingUpToDate?: boolean | null;
  /** The company's control number of the motorcycle (Jardim art. 22, b). */
  operatorControlNumber?: string | null;
}

export interface OperatorFacts {
  name?: string | null;
  /** The operator the driver is linked to holds a credential in force in this municipality. */
  credentialed?: boolean | null;
  headOfficeMunicipalityIbge?: string | null;
  branchMunicipalityIbges?: readonly string[] | null;
  declaredAssetsBrl?: number | null;
  /** The operator has sent the city the driver's data (Lavras art. 10, § 4º). */
  reportedDriverData?: boolean | null;
}

type ReviewState = "PENDING" | "ACCEPTED" | "REJECTED";

export interface DocumentOnFile {
  type: string;
  issueDate?: IsoDate | null;
  /** The expiry printed on the document itself (CNH, CRLV, policies), if any. */
  expiryDate?: IsoDate | null;
  reviewState: ReviewState;
  reason?: string | null;
  /** Sent with an earlier application and carried over by this renewal (ADR 057). */
  carried?: boolean;
}

/** A renewal's facts (ADR 057): the last day of each credential it renews. */
export interface RenewalFacts {
  previous: ReadonlyArray<{ type: string; validUntil: IsoDate }>;
}

export interface RenewalOutcome {
  carried: Extract<CarryOver, { decision: "CARRIED" }>[];
  asked: Extract<CarryOver, { decision: "ASKED" }>[];
}

export interface QuotaFacts {
  population?: number | null;
  /** Units in force now, not counting the one applied for. */
  inForce?: Partial<Record<QuotaUnit, number | null>>;
}

export interface EvaluationInput {
  /** The exact pack version to apply: decisions are reproducible against it. */
  pack: RulePack;
  category: Category;
  mode: Mode;
  /** The date of the evaluation (YYYY-MM-DD); the engine never reads a clock. */
  date: IsoDate;
  person?: PersonFacts | null;
  vehicle?: VehicleFacts | null;
  operator?: OperatorFacts | null;
  documents?: readonly DocumentOnFile[] | null;
  quota?: QuotaFacts | null;
  /** The federal baseline layered under the pack; default: the shipped one (federalBr). */
  baseline?: BaselinePack;
  /** Set when the application renews credentials (ADR 057). */
  renewal?: RenewalFacts | null;
}

export type CheckStatus = "PASS" | "FAIL" | "PENDING";

export interface Check {
  /** Stable snake_case id ("min_age"). */
  id: string;
  status: CheckStatus;
  citation: string;
  /** Plain-language pt-BR. */
  message: string;
  details: Record<string, unknown>;
}

export type DocumentStatus = "MISSING" | "AWAITING_REVIEW" | "ACCEPTED" | "REJECTED" | "EXPIRING" | "EXPIRED";

export interface RequiredDocument {
  type: string;
  label: string;
  citation: string;
  /** ISO-8601 duration ("P1Y", "P90D" for a "recent" document), or null when the law sets none. */
  validity: string | null;
  /** Where the validity comes from, when another provision sets it (Patrocínio art. 5º, § 2º). */
  validityCitation?: string;
  /** The paper states its own expiry (CNH, CRLV, a policy): its "válido até" is what counts. */
  expiryOnDocument?: true;
  submittedBy: Submitter;
  fromMunicipality: boolean;
  quantity?: number;
  status: DocumentStatus;
  /** Last day of validity (inclusive), when known. */
  expiresOn?: IsoDate;
  reason?: string;
  /** Other provisions asking for the same paper (the federal baseline under the pack). */
  alsoRequiredBy?: string[];
}

export interface CredentialPreview {
  type: CredentialType;
  label: string;
  citation: string;
  validFrom: IsoDate;
  /** Last day of validity (inclusive); null when the law sets no validity. */
  validUntil: IsoDate | null;
  validityCitation?: string;
  /** MUNICIPALITY_PARAMETER: the law is silent and the gestor's parameter sets it (not shown as law). */
  validitySource?: "LAW" | "MUNICIPALITY_PARAMETER";
  /** With MUNICIPALITY_PARAMETER: the parameter's key and its value as an ISO-8601 duration. */
  validityParameter?: { key: string; duration: string };
  /** How its renewal counts (ADR 057); `previousUntil`: the last day of the credential it renews. */
  renewal?: RenewalCounting & { previousUntil?: IsoDate };
  /** APPROVAL, or VISTORIA: issued at approval only once the vehicle's inspection passed (the seal). */
  issuedOn: "APPROVAL" | "VISTORIA";
}

export interface VistoriaSchedule {
  period: string;
  nextOn: IsoDate;
  citation: string;
  /** The law allows it at that period "when the authority sees fit". */
  discretionary: boolean;
  /** Other provisions asking the same period (the federal baseline), or weaker ones this one supersedes. */
  alsoRequiredBy?: string[];
  stricterThan?: string[];
  /** Besides it, inspections the authority may order at this period (Patrocínio art. 5º, § 6º). */
  discretionaryVistorias?: { period: string; nextOn: IsoDate; citation: string };
}

export interface ActPreview {
  kind: ActKind;
  label: string;
  citation: string;
  /** Latest end of the term (the decree may set a shorter one). */
  maxTermUntil?: IsoDate;
  extension?: { duration: string; times: number };
}

export interface EvaluationResult {
  pack: { id: string; version: string; law: string };
  date: IsoDate;
  category: Category;
  mode: Mode;
  /** True only when every check is PASS and every document ACCEPTED or EXPIRING. */
  eligible: boolean;
  checks: Check[];
  requiredDocuments: RequiredDocument[];
  credentials: CredentialPreview[];
  nextVistoria: VistoriaSchedule | null;
  act: ActPreview | null;
  baseline: { id: string; version: string };
  /** What the law names but cannot be asked today, with the reason and its basis (DPVAT): never a blocker. */
  withoutObject: WithoutObject[];
  /** For a renewal: the documents carried over and those asked again (ADR 057). */
  renewal?: RenewalOutcome;
}

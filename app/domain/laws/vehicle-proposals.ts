// What a law asks of the vehicle, and of its inspection, read unit by unit (issue #30, ADR 074):
// its age, engine, doors and seats; that it be registered "na categoria aluguel", in the town
// ("registrada no Município"), in the holder's name ("de propriedade do condutor"); how often it is
// inspected ("vistoria anual") and whether the inspection issues a seal ("expedirá o selo de
// vistoria"). Each reading is the words of one unit; what a unit leaves open (whose the vehicle may
// be when the law allows a lease, a company's fleet) is not read, and the author writes it.
import { NUMBER, numberValue } from "./numbers";

export type VehicleKind =
  | "VEHICLE_MAX_AGE"
  | "MIN_DISPLACEMENT"
  | "MAX_DISPLACEMENT"
  | "MIN_DOORS"
  | "MAX_PASSENGERS"
  | "VEHICLE_REGISTRATION_CATEGORY"
  | "VEHICLE_LICENSED_HERE"
  | "VEHICLE_OWNERSHIP"
  | "VISTORIA_PERIOD"
  | "VISTORIA_SEAL";

type Reading = { kind: VehicleKind; text: string; value: Record<string, unknown> };

const n = (m: RegExpExecArray, at: number) => numberValue(m[at], m[at + 1]);

/** Words of the vehicle: a unit about something else (a driver's age) says nothing of it. */
export const VEHICLE = /ve[íi]culo|motocicleta|moto\b|autom[óo]ve/i;

/** Kinds whose wording names a vehicle's property: read only in a unit about the vehicle or its article. */
export const ABOUT_VEHICLE = new Set<VehicleKind>([
  "VEHICLE_MAX_AGE",
  "MIN_DISPLACEMENT",
  "MAX_DISPLACEMENT",
  "VEHICLE_REGISTRATION_CATEGORY",
  "VEHICLE_LICENSED_HERE",
  "VEHICLE_OWNERSHIP",
]);

/** "Registrada no Município", "licenciado e emplacado no Município", "CRLV atualizado no Município". */
const LICENSED_HERE =
  /(?:registrad|licenciad|emplacad)[ao]s?(?:\s+e\s+(?:registrad|licenciad|emplacad)[ao]s?)?\s+n[oa]\s+(?:Munic[íi]pio|cidade)|\bCRLV\)?\s+atualizado\s+n[oa]\s+Munic[íi]pio/i;
/** "Exceto veículos locados": a leased vehicle may be registered elsewhere. */
const EXCEPT_LEASED = /(?:exceto|salvo|ressalvad)[^.;]{0,30}?locad/i;
/** In the holder's own name: "de propriedade do condutor", "em nome dos permissionários" (sic "permisss"). */
const HOLDERS_OWN =
  /(?:de\s+propriedade|em\s+nome)\s+d[oa]s?\s+(?:pr[óo]prio\s+)?(?:condutor|permis+ion[áa]rio|autorizat[áa]rio|titular)/i;
/** The inspection hands out a seal: "expedirá o selo de vistoria", "receberá selo", "liberado o selo". */
const SEAL_ISSUED =
  /(?:expedir[áa]|expedid[oa]|receber[áa]|liberad[oa]|emitid[oa]|fornecid[oa]|entregue)\s[^.;]{0,60}?\bselo\b|\bselo\b[^.;]{0,40}?ser[áa]\s+(?:expedid|emitid|fornecid|liberad)/i;

export const VEHICLE_READERS: Record<VehicleKind, (text: string) => Reading | null> = {
  VEHICLE_MAX_AGE: (t) => {
    const m = new RegExp(
      `(?:no\\s+m[áa]ximo|idade\\s+m[áa]xima\\s+de)\\s+${NUMBER}\\s+anos(?:\\s+de\\s+(fabrica[çc][ãa]o|uso|vida\\s+[úu]til))?`,
      "i",
    ).exec(t);
    const years = m && n(m, 1);
    if (!years) return null;
    // "Anos de uso", or counted "a contar do primeiro emplacamento": from the first registration.
    const fromRegistration = /a\s+contar\s+do\s+primeiro\s+(?:emplacamento|licenciamento|registro)/i.test(t);
    const basis = (m[3] && /uso/i.test(m[3])) || fromRegistration ? "FIRST_REGISTRATION" : "MANUFACTURE_YEAR";
    return { kind: "VEHICLE_MAX_AGE", text: `Veículo com no máximo ${years} anos`, value: { years, basis } };
  },
  MIN_DISPLACEMENT: (t) => {
    const m = new RegExp(
      `(?:m[íi]nim[ao]\\s+de|igual\\s+ou\\s+superior\\s+a|no\\s+m[íi]nimo,?)\\s+${NUMBER}\\s*(?:cc\\b|cilindradas|cent[íi]metros\\s+c[úu]bicos)`,
      "i",
    ).exec(t);
    const cc = m && n(m, 1);
    return cc ? { kind: "MIN_DISPLACEMENT", text: `Motor de pelo menos ${cc} cc`, value: { cc } } : null;
  },
  MAX_DISPLACEMENT: (t) => {
    const m = new RegExp(
      `(?:m[áa]xim[ao]\\s+de|igual\\s+ou\\s+inferior\\s+a)\\s+${NUMBER}\\s*(?:cc\\b|cilindradas)`,
      "i",
    ).exec(t);
    const cc = m && n(m, 1);
    return cc ? { kind: "MAX_DISPLACEMENT", text: `Motor de no máximo ${cc} cc`, value: { cc } } : null;
  },
  MIN_DOORS: (t) => {
    const m = new RegExp(`(?:pelo\\s+menos|no\\s+m[íi]nimo),?\\s+${NUMBER}\\s+portas`, "i").exec(t);
    const doors = m && n(m, 1);
    return doors ? { kind: "MIN_DOORS", text: `Pelo menos ${doors} portas`, value: { doors } } : null;
  },
  MAX_PASSENGERS: (t) => {
    const m =
      new RegExp(`capacidade\\s+m[áa]xima\\s+(?:para|de)\\s+${NUMBER}\\s+passageiros`, "i").exec(t) ??
      new RegExp(`transportar\\s+mais\\s+de\\s+${NUMBER}\\s+passageiros?`, "i").exec(t);
    const seats = m && n(m, 1);
    return seats ? { kind: "MAX_PASSENGERS", text: `No máximo ${seats} passageiros`, value: { seats } } : null;
  },
  VEHICLE_REGISTRATION_CATEGORY: (t) =>
    /(?:categoria|placa)\s+(?:de\s+)?aluguel/i.test(t)
      ? {
          kind: "VEHICLE_REGISTRATION_CATEGORY",
          text: "Veículo registrado na categoria aluguel (placa vermelha)",
          value: { category: "ALUGUEL" },
        }
      : null,
  VEHICLE_LICENSED_HERE: (t) => {
    if (!LICENSED_HERE.test(t)) return null;
    const exceptLeased = EXCEPT_LEASED.test(t);
    return {
      kind: "VEHICLE_LICENSED_HERE",
      text: `Veículo registrado e licenciado no município${exceptLeased ? ", exceto o locado" : ""}`,
      value: { exceptLeased },
    };
  },
  VEHICLE_OWNERSHIP: (t) =>
    HOLDERS_OWN.test(t)
      ? {
          kind: "VEHICLE_OWNERSHIP",
          text: "Veículo em nome do próprio condutor",
          value: { allowed: ["HOLDER"] },
        }
      : null,
  VISTORIA_PERIOD: (t) => {
    if (!/vistoria|inspe[çc][ãa]o|inspe[çc][õo]es/i.test(t)) return null;
    const months = new RegExp(`a\\s+cada\\s+${NUMBER}\\s+meses`, "i").exec(t);
    const m = /\b(anual|semestral|anuais|semestrais|anualmente|semestralmente)\b/i.exec(t);
    const every = months ? n(months, 1) : null;
    if (!m && !(every === 6 || every === 12)) return null;
    const period = every === 6 || (m && /semestra/i.test(m[1])) ? "P6M" : "P1Y";
    return { kind: "VISTORIA_PERIOD", text: `Vistoria ${period === "P6M" ? "semestral" : "anual"}`, value: { period } };
  },
  VISTORIA_SEAL: (t) =>
    SEAL_ISSUED.test(t) && /vistoria|inspe[çc][ãa]o/i.test(t)
      ? { kind: "VISTORIA_SEAL", text: "Selo de vistoria, válido até a próxima vistoria", value: {} }
      : null,
};

// Checks on facts about the vehicle.
import type { OwnerKind, RegistrationCategory, VehicleRule } from "~/domain/rule-packs";
import { formatDate, formatYears } from "../format";
import { addDuration, addYears, compareDates, completedYears, type IsoDate, yearOf } from "./calendar";
import { type CheckContext, makeCheck, missing, yesNo } from "./check";
import type { Check, VehicleFacts } from "./types";

type MaxAgeRule = Extract<VehicleRule, { kind: "MAX_AGE" }>;

const REGISTRATION_LABELS: Record<RegistrationCategory, string> = {
  PARTICULAR: "particular",
  ALUGUEL: "aluguel",
  OFICIAL: "oficial",
  APRENDIZAGEM: "aprendizagem",
  DIPLOMATICO: "representação diplomática",
};

const OWNER_LABELS: Record<OwnerKind, string> = {
  HOLDER: "ao próprio titular",
  OTHER_PERSON: "a outra pessoa física",
  OPERATOR: "à empresa operadora",
  OTHER_COMPANY: "a outra pessoa jurídica",
};

interface VehicleAge {
  withinLimit: boolean;
  ageYears: number;
  /** Last day of the useful life (FIRST_REGISTRATION basis only). */
  usefulLifeEndsOn?: IsoDate;
}

/** The vehicle's age under the rule, or undefined when the needed fact is missing. */
export function vehicleAge(rule: MaxAgeRule, vehicle: VehicleFacts, date: IsoDate): VehicleAge | undefined {
  if (rule.basis === "MANUFACTURE_YEAR") {
    if (missing(vehicle.manufactureYear)) return undefined;
    const ageYears = yearOf(date) - vehicle.manufactureYear;
    return { withinLimit: ageYears <= rule.years, ageYears };
  }
  if (missing(vehicle.firstRegistrationDate)) return undefined;
  // A useful life of N years is a term: it ends on the Nth anniversary (CC art. 132, § 3º), inclusive.
  const usefulLifeEndsOn = addYears(vehicle.firstRegistrationDate, rule.years);
  return {
    withinLimit: compareDates(date, usefulLifeEndsOn) <= 0,
    ageYears: completedYears(vehicle.firstRegistrationDate, date),
    usefulLifeEndsOn,
  };
}

function maxAgeCheck(rule: MaxAgeRule, ctx: CheckContext): Check {
  const v = ctx.vehicle;
  const age = vehicleAge(rule, v, ctx.date);
  if (!age) {
    return makeCheck(
      rule,
      "PENDING",
      rule.basis === "MANUFACTURE_YEAR"
        ? `Informe o ano de fabricação do veículo (limite: ${formatYears(rule.years)}).`
        : `Informe a data do primeiro emplacamento do veículo (limite: ${formatYears(rule.years)}).`,
      { basis: rule.basis, maxYears: rule.years },
    );
  }
  const details: Record<string, unknown> = { basis: rule.basis, maxYears: rule.years, ageYears: age.ageYears };
  let describe: string;
  if (rule.basis === "MANUFACTURE_YEAR") {
    details.manufactureYear = v.manufactureYear;
    describe = `Veículo fabricado em ${v.manufactureYear}, com ${formatYears(age.ageYears)}; o limite é ${rule.years}`;
  } else {
    details.firstRegistrationDate = v.firstRegistrationDate;
    details.usefulLifeEndsOn = age.usefulLifeEndsOn;
    const verb = age.withinLimit ? "vai até" : "terminou em";
    describe = `Primeiro emplacamento em ${formatDate(v.firstRegistrationDate as string)}: a vida útil de ${formatYears(rule.years)} ${verb} ${formatDate(age.usefulLifeEndsOn as string)}`;
  }
  if (age.withinLimit) return makeCheck(rule, "PASS", `${describe}.`, details);

  if (rule.replaceWithin && age.usefulLifeEndsOn) {
    details.replaceBy = addDuration(age.usefulLifeEndsOn, rule.replaceWithin.duration);
    details.replaceCitation = rule.replaceWithin.citation;
    describe += `; um veículo já credenciado deve ser substituído até ${formatDate(details.replaceBy as string)}`;
  }
  if (rule.olderAllowedWith) {
    const doc = ctx.documents.find((d) => d.type === rule.olderAllowedWith?.document);
    details.document = rule.olderAllowedWith.document;
    details.documentStatus = doc?.status ?? "MISSING";
    if (doc && (doc.status === "ACCEPTED" || doc.status === "EXPIRING")) {
      return makeCheck(rule, "PASS", `${describe}, mas há laudo técnico válido que o admite.`, details);
    }
    if (doc && (doc.status === "REJECTED" || doc.status === "EXPIRED")) {
      return makeCheck(rule, "FAIL", `${describe}; o laudo técnico que o admitiria foi recusado ou venceu.`, details);
    }
    return makeCheck(
      rule,
      "PENDING",
      `${describe}; ele só é admitido com laudo técnico válido (${doc ? "em análise" : "não enviado"}).`,
      details,
    );
  }
  return makeCheck(rule, "FAIL", `${describe}.`, details);
}

function limit(
  rule: { id: string; citation: string },
  value: number | null | undefined,
  bound: number,
  comparison: "min" | "max",
  words: { fact: string; unit: string; pending: string },
): Check {
  if (missing(value)) return makeCheck(rule, "PENDING", words.pending, { [comparison]: bound });
  const ok = comparison === "min" ? value >= bound : value <= bound;
  const limitText = `${comparison === "min" ? "mínimo" : "máximo"} de ${bound} ${words.unit}`;
  return makeCheck(rule, ok ? "PASS" : "FAIL", `${words.fact}: ${value} ${words.unit}; a lei exige ${limitText}.`, {
    value,
    [comparison]: bound,
  });
}

export function vehicleCheck(rule: VehicleRule, ctx: CheckContext): Check {
  const v = ctx.vehicle;
  const town = ctx.pack.municipality.name;
  switch (rule.kind) {
    case "MAX_AGE":
      return maxAgeCheck(rule, ctx);
    case "MIN_DISPLACEMENT":
    case "MAX_DISPLACEMENT":
      return limit(rule, v.displacementCc, rule.cc, rule.kind === "MIN_DISPLACEMENT" ? "min" : "max", {
        fact: "Cilindrada",
        unit: "cc",
        pending: "Informe a cilindrada do veículo.",
      });
    case "MIN_DOORS":
      return limit(rule, v.doors, rule.doors, "min", {
        fact: "Portas",
        unit: "portas",
        pending: "Informe o número de portas do veículo.",
      });
    case "MAX_PASSENGERS":
      return limit(rule, v.passengerSeats, rule.seats, "max", {
        fact: "Lugares para passageiros",
        unit: rule.seats === 1 ? "passageiro" : "passageiros",
        pending: "Informe quantos passageiros o veículo leva (sem contar o condutor).",
      });
    case "REGISTRATION_CATEGORY": {
      const wanted = REGISTRATION_LABELS[rule.category];
      if (missing(v.registrationCategory))
        return makeCheck(rule, "PENDING", `Informe a categoria de registro do veículo (exigida: ${wanted}).`);
      const details = { registrationCategory: v.registrationCategory, required: rule.category };
      return v.registrationCategory === rule.category
        ? makeCheck(rule, "PASS", `Veículo registrado na categoria ${wanted}.`, details)
        : makeCheck(
            rule,
            "FAIL",
            `O veículo está na categoria ${REGISTRATION_LABELS[v.registrationCategory]}; a lei exige ${wanted}.`,
            details,
          );
    }
    case "LICENSED_IN_MUNICIPALITY": {
      const here = v.licensingMunicipalityIbge === ctx.pack.municipality.ibge;
      const details = {
        licensingMunicipalityIbge: v.licensingMunicipalityIbge ?? null,
        required: ctx.pack.municipality.ibge,
        leased: v.leased ?? null,
      };
      if (here) return makeCheck(rule, "PASS", `Veículo licenciado em ${town}.`, details);
      if (rule.exceptLeased && v.leased === true)
        return makeCheck(rule, "PASS", `Veículo locado: dispensado do licenciamento em ${town}.`, details);
      if (missing(v.licensingMunicipalityIbge) || (rule.exceptLeased && missing(v.leased))) {
        return makeCheck(
          rule,
          "PENDING",
          `Informe o município de licenciamento${rule.exceptLeased ? " e se o veículo é locado" : ""}.`,
          details,
        );
      }
      return makeCheck(
        rule,
        "FAIL",
        `A lei exige veículo licenciado em ${town}${rule.exceptLeased ? ", salvo se locado" : ""}.`,
        details,
      );
    }
    case "OWNERSHIP": {
      if (missing(v.ownerKind)) return makeCheck(rule, "PENDING", "Informe quem é o proprietário do veículo.");
      const details = {
        ownerKind: v.ownerKind,
        allowed: rule.allowed,
        allowedWhenLeased: rule.allowedWhenLeased,
        leased: v.leased ?? null,
      };
      const owner = OWNER_LABELS[v.ownerKind];
      if (rule.allowed.includes(v.ownerKind))
        return makeCheck(rule, "PASS", `O veículo pertence ${owner}, como a lei admite.`, details);
      if (rule.allowedWhenLeased.includes(v.ownerKind)) {
        if (v.leased === true)
          return makeCheck(rule, "PASS", `O veículo pertence ${owner} e há contrato de locação.`, details);
        if (missing(v.leased))
          return makeCheck(rule, "PENDING", `O veículo pertence ${owner}: informe se há contrato de locação.`, details);
        return makeCheck(rule, "FAIL", `Veículo pertencente ${owner} só é admitido com contrato de locação.`, details);
      }
      return makeCheck(
        rule,
        "FAIL",
        `O veículo pertence ${owner}; a lei exige que pertença ${rule.allowed.map((k) => OWNER_LABELS[k]).join(" ou ")}.`,
        details,
      );
    }
    case "LICENSING_UP_TO_DATE":
      return yesNo(rule, v.licensingUpToDate, {
        pass: "Licenciamento do veículo em dia.",
        fail: "Com licenciamento em atraso não se concede a autorização até a quitação dos débitos.",
        pending: "Informe se o licenciamento do veículo está em dia.",
      });
    case "SERVICE_EXCLUSIVITY": {
      const other = rule.forbids === "PASSENGERS" ? v.usedForPassengers : v.usedForCargo;
      const what = rule.forbids === "PASSENGERS" ? "transporte de passageiros" : "transporte de cargas";
      if (missing(other))
        return makeCheck(rule, "PENDING", `Informe se o veículo também é usado para ${what}.`, {
          forbids: rule.forbids,
        });
      return makeCheck(
        rule,
        other ? "FAIL" : "PASS",
        other ? `O veículo não pode servir também ao ${what}.` : `O veículo não é usado para ${what}.`,
        { forbids: rule.forbids, usedForOther: other },
      );
    }
  }
}

// Checks on facts about the person, and the data the identification card must carry.
import type { HeldPermission, IdCardField, PersonRule, RulePack } from "~/domain/rule-packs";
import { formatCount, formatDate, formatYears } from "../format";
import { addYears, compareDates, completedYears } from "./calendar";
import { type CheckContext, makeCheck, missing, yesNo } from "./check";
import type { Check } from "./types";

const PERMISSION_LABELS: Record<HeldPermission, string> = {
  TAXI: "táxi",
  TRANSPORTE_ESCOLAR: "transporte escolar",
  TRANSPORTE_COLETIVO: "transporte coletivo",
  MOTOTAXI: "mototáxi",
  MOTOBOY: "motoboy",
  MOTOFRETE: "motofrete",
  APLICATIVO: "transporte por aplicativo",
};

function listPt(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} ou ${items[items.length - 1]}`;
}

export function personCheck(rule: PersonRule, ctx: CheckContext): Check {
  const p = ctx.person;
  const town = ctx.pack.municipality.name;
  switch (rule.kind) {
    case "MIN_AGE": {
      if (missing(p.birthDate)) {
        return makeCheck(
          rule,
          "PENDING",
          `Informe a data de nascimento para verificar a idade mínima de ${formatYears(rule.years)}.`,
          { minimumYears: rule.years },
        );
      }
      const reachesOn = addYears(p.birthDate, rule.years);
      const age = completedYears(p.birthDate, ctx.date);
      const details = { age, minimumYears: rule.years, reachesMinimumOn: reachesOn };
      return compareDates(ctx.date, reachesOn) >= 0
        ? makeCheck(rule, "PASS", `Tem ${formatYears(age)}; a lei exige no mínimo ${rule.years}.`, details)
        : makeCheck(
            rule,
            "FAIL",
            `Tem ${formatYears(age)}; a lei exige no mínimo ${rule.years}. Completa ${formatYears(rule.years)} em ${formatDate(reachesOn)}.`,
            details,
          );
    }
    case "CNH_CATEGORY": {
      if (missing(p.cnhCategory))
        return makeCheck(rule, "PENDING", `Informe a categoria da CNH (exigida: ${rule.label}).`, {
          required: rule.label,
        });
      const details = { category: p.cnhCategory, required: rule.label, accepted: rule.anyOf };
      return rule.anyOf.includes(p.cnhCategory)
        ? makeCheck(rule, "PASS", `A CNH categoria ${p.cnhCategory} atende à exigência (${rule.label}).`, details)
        : makeCheck(
            rule,
            "FAIL",
            `A CNH categoria ${p.cnhCategory} não atende à exigência: é preciso categoria ${rule.label}.`,
            details,
          );
    }
    case "CNH_MIN_YEARS": {
      if (missing(p.cnhFirstLicenseDate)) {
        return makeCheck(
          rule,
          "PENDING",
          `Informe a data da primeira habilitação na categoria para verificar os ${formatYears(rule.years)} exigidos.`,
          { minimumYears: rule.years },
        );
      }
      const reachesOn = addYears(p.cnhFirstLicenseDate, rule.years);
      const years = completedYears(p.cnhFirstLicenseDate, ctx.date);
      const details = { licensedYears: years, minimumYears: rule.years, reachesMinimumOn: reachesOn };
      return compareDates(ctx.date, reachesOn) >= 0
        ? makeCheck(rule, "PASS", `Habilitado há ${formatYears(years)}; a lei exige ${rule.years}.`, details)
        : makeCheck(
            rule,
            "FAIL",
            `Habilitado há ${formatYears(years)}; a lei exige ${rule.years}. Completa o tempo em ${formatDate(reachesOn)}.`,
            details,
          );
    }
    case "CNH_EAR":
      return yesNo(rule, p.cnhEar, {
        pass: "A CNH tem a observação EAR (exerce atividade remunerada).",
        fail: "A CNH precisa ter a observação EAR (exerce atividade remunerada).",
        pending: "Informe se a CNH tem a observação EAR (exerce atividade remunerada).",
      });
    case "RESIDENCE_IN_MUNICIPALITY": {
      if (missing(p.residenceMunicipalityIbge))
        return makeCheck(rule, "PENDING", `Informe o município de residência (a lei exige residência em ${town}).`);
      const details = { residenceMunicipalityIbge: p.residenceMunicipalityIbge, required: ctx.pack.municipality.ibge };
      return p.residenceMunicipalityIbge === ctx.pack.municipality.ibge
        ? makeCheck(rule, "PASS", `Reside em ${town}.`, details)
        : makeCheck(rule, "FAIL", `A lei exige residência em ${town}.`, details);
    }
    case "INCOMPATIBLE_PERMISSIONS": {
      const forbidden = listPt(rule.permissions.map((x) => PERMISSION_LABELS[x]));
      if (missing(p.heldPermissions))
        return makeCheck(rule, "PENDING", `Informe se possui permissão ou concessão de ${forbidden} no município.`);
      const conflicts = rule.permissions.filter((x) => p.heldPermissions?.includes(x));
      return conflicts.length === 0
        ? makeCheck(rule, "PASS", `Não possui permissão de ${forbidden}.`, { conflicts })
        : makeCheck(
            rule,
            "FAIL",
            `Quem tem permissão de ${listPt(conflicts.map((x) => PERMISSION_LABELS[x]))} não pode exercer esta atividade.`,
            { conflicts },
          );
    }
    case "ONE_VEHICLE": {
      const n = p.otherRegisteredVehicles;
      if (missing(n))
        return makeCheck(
          rule,
          "PENDING",
          "Informe quantos outros veículos já estão cadastrados em seu nome no serviço.",
        );
      return n === 0
        ? makeCheck(rule, "PASS", "Nenhum outro veículo cadastrado: a lei admite um só.", {
            otherRegisteredVehicles: n,
          })
        : makeCheck(
            rule,
            "FAIL",
            `Já há ${formatCount(n, "veículo cadastrado", "veículos cadastrados")}; a lei admite um só por titular.`,
            { otherRegisteredVehicles: n },
          );
    }
  }
}

const ID_CARD_FACTS: Partial<Record<IdCardField, { id: string; read: (ctx: CheckContext) => unknown; label: string }>> =
  {
    BLOOD_TYPE: { id: "id_card_blood_type", read: (c) => c.person.bloodType, label: "o tipo sanguíneo" },
    COMPANY_NAME: { id: "id_card_company_name", read: (c) => c.operator.name, label: "o nome da empresa" },
    VEHICLE_CONTROL_NUMBER: {
      id: "id_card_vehicle_control_number",
      read: (c) => c.vehicle.operatorControlNumber,
      label: "o número de controle da motocicleta na empresa",
    },
  };

/** The card fields the applicant supplies (photo, names and numbers come from documents and the registration). */
export function idCardChecks(pack: RulePack, ctx: CheckContext): Check[] {
  const card = pack.identificationCard;
  if (!card) return [];
  const citations = new Map<IdCardField, string[]>();
  for (const c of card.cards)
    for (const f of c.fields) citations.set(f.field, [...(citations.get(f.field) ?? []), f.citation]);
  const checks: Check[] = [];
  for (const [field, cites] of citations) {
    const fact = ID_CARD_FACTS[field];
    if (!fact) continue;
    const rule = { id: fact.id, citation: cites.join("; ") };
    const value = fact.read(ctx);
    checks.push(
      missing(value) || value === ""
        ? makeCheck(rule, "PENDING", `Informe ${fact.label}: ele consta obrigatoriamente do cartão de identificação.`, {
            field,
          })
        : makeCheck(
            rule,
            "PASS",
            `${fact.label[0].toUpperCase()}${fact.label.slice(1)} foi informado para o cartão de identificação.`,
            { field },
          ),
    );
  }
  return checks;
}

// Checks on facts about the operator company — its own credentialing, or the one a driver is linked to.
import type { OperatorRule } from "~/domain/rule-packs";
import { formatBrl } from "../format";
import { type CheckContext, makeCheck, missing, yesNo } from "./check";
import type { Check } from "./types";

export function operatorCheck(rule: OperatorRule, ctx: CheckContext): Check {
  const o = ctx.operator;
  const town = ctx.pack.municipality.name;
  const ibge = ctx.pack.municipality.ibge;
  switch (rule.kind) {
    case "HEAD_OFFICE_IN_MUNICIPALITY": {
      const branchHere = rule.orBranch && (o.branchMunicipalityIbges ?? []).includes(ibge);
      const details = {
        headOfficeMunicipalityIbge: o.headOfficeMunicipalityIbge ?? null,
        branchMunicipalityIbges: o.branchMunicipalityIbges ?? null,
        required: ibge,
      };
      if (o.headOfficeMunicipalityIbge === ibge)
        return makeCheck(rule, "PASS", `A empresa tem sede em ${town}.`, details);
      if (branchHere) return makeCheck(rule, "PASS", `A empresa tem filial em ${town}.`, details);
      const unknown = missing(o.headOfficeMunicipalityIbge) || (rule.orBranch && missing(o.branchMunicipalityIbges));
      const where = rule.orBranch ? "sede ou filial" : "sede";
      return unknown
        ? makeCheck(rule, "PENDING", `Informe o município da ${where} da empresa.`, details)
        : makeCheck(rule, "FAIL", `A lei exige ${where} em ${town}.`, details);
    }
    case "MIN_ASSETS": {
      if (missing(o.declaredAssetsBrl))
        return makeCheck(rule, "PENDING", `Informe o patrimônio da empresa (mínimo de ${formatBrl(rule.brl)}).`, {
          minimumBrl: rule.brl,
        });
      const details = { declaredAssetsBrl: o.declaredAssetsBrl, minimumBrl: rule.brl };
      return o.declaredAssetsBrl >= rule.brl
        ? makeCheck(
            rule,
            "PASS",
            `Patrimônio de ${formatBrl(o.declaredAssetsBrl)}; o mínimo é ${formatBrl(rule.brl)}.`,
            details,
          )
        : makeCheck(
            rule,
            "FAIL",
            `Patrimônio de ${formatBrl(o.declaredAssetsBrl)} abaixo do mínimo de ${formatBrl(rule.brl)}.`,
            details,
          );
    }
    case "OPERATOR_CREDENTIALED":
      return yesNo(rule, o.credentialed, {
        pass: `A empresa à qual o condutor se vincula está credenciada em ${town}.`,
        fail: `O condutor só pode se vincular a empresa credenciada em ${town}.`,
        pending: "Aguardando o vínculo com a empresa: ela convida o condutor e ele aceita no portal.",
      });
    case "DRIVER_DATA_REPORTED":
      return yesNo(rule, o.reportedDriverData, {
        pass: "A operadora já enviou os dados do motorista à Prefeitura.",
        fail: "A vistoria só é feita depois que a operadora envia os dados do motorista à Prefeitura.",
        pending: "Aguardando a operadora informar que enviou os dados do motorista à Prefeitura.",
      });
  }
}

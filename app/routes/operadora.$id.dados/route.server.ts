import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { isEditable } from "~/domain/applications/status";
import { formatCep, formatCpf } from "~/domain/br";
import { OPERATOR_KIND_LABELS, type OperatorKind } from "~/domain/operators/vocabulary";
import { conflict } from "~/domain/refusal";
import type { Category } from "~/domain/rule-packs";
import { zAddressChange, zCompanyData, zOperatorFacts } from "~/forms/operator";
import { readForm } from "~/http/csrf.server";
import { frameOf } from "~/http/operator-frame.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { today } from "~/models/application.server";
import { changeOperatorAddress, operatorApplication, updateOperatorData } from "~/models/operator.server";
import { operatorFacts, saveOperatorFacts } from "~/models/operator-application.server";
import { noticeDeadline, operatorFactsAsked } from "~/models/operator-policy.server";
import { activePack } from "~/models/rule-pack.server";
import { formValues, parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:operator");
  const pack = await activePack(operator.municipality);
  const app = await operatorApplication(operator.id);
  const facts = app ? operatorFacts(app.draftJson) : {};
  const deadline = noticeDeadline(pack, "ENDERECO", "OPERADORA");
  return {
    frame: frameOf(operator),
    kind: OPERATOR_KIND_LABELS[operator.kind as OperatorKind] ?? operator.kind,
    company: {
      legalName: operator.legalName,
      tradeName: operator.tradeName ?? "",
      legalRepName: operator.legalRepName ?? "",
      legalRepCpf: operator.legalRepCpf ? formatCpf(operator.legalRepCpf) : "",
    },
    address: {
      cep: operator.cep ? formatCep(operator.cep) : "",
      street: operator.street ?? "",
      addressNumber: operator.addressNumber ?? "",
      district: operator.district ?? "",
      city: operator.city ?? "",
      uf: operator.uf ?? "",
    },
    addressDuty: deadline
      ? { label: deadline.label, citation: deadline.citation, within: deadline.within ?? null }
      : null,
    facts:
      app && isEditable(app.status)
        ? {
            asked: operatorFactsAsked(pack, app.category as Category),
            sede: facts.headOfficeHere,
            filial: facts.branchHere,
            patrimonio: facts.declaredAssetsBrl ?? null,
          }
        : null,
    municipality: operator.municipality.name,
    today: today(new Date(), operator.municipality.timeZone),
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await requireOperator(request, params.id, "update:operator");
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const back = (ok: string) => redirect(`/operadora/${operator.id}/dados?ok=${ok}`);
  if (intent === "endereco") {
    const parsed = parseForm(zAddressChange, form);
    if (!parsed.ok) return data({ intent, errors: parsed.errors, values: parsed.values }, { status: 400 });
    if (parsed.data.changedOn > today(new Date(), operator.municipality.timeZone))
      return data(
        {
          intent,
          errors: { changedOn: "A data da mudança não pode estar no futuro." } as Record<string, string>,
          values: formValues(form),
        },
        { status: 400 },
      );
    const { changedOn, ...address } = parsed.data;
    await changeOperatorAddress(operator, address, changedOn, actor);
    return back("endereco");
  }
  if (intent === "fatos") {
    const app = await operatorApplication(operator.id);
    if (!app || !isEditable(app.status))
      throw conflict("O requerimento está em análise: estes dados não podem mudar agora.");
    const parsed = parseForm(zOperatorFacts, form);
    if (!parsed.ok) return data({ intent, errors: parsed.errors, values: parsed.values }, { status: 400 });
    await saveOperatorFacts(app, {
      headOfficeHere: parsed.data.sede,
      branchHere: parsed.data.filial,
      declaredAssetsBrl: parsed.data.patrimonio,
    });
    return back("fatos");
  }
  const parsed = parseForm(zCompanyData, form);
  if (!parsed.ok) return data({ intent: "dados", errors: parsed.errors, values: parsed.values }, { status: 400 });
  await updateOperatorData(
    operator.id,
    operator.municipalityId,
    { ...parsed.data, tradeName: parsed.data.tradeName ?? null },
    actor,
  );
  return back("dados");
});

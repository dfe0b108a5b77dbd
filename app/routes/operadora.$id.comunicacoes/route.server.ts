import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { NoticeKind } from "~/domain/operators/vocabulary";
import { localDateTime } from "~/domain/time";
import { zNotice } from "~/forms/operator";
import { readForm } from "~/http/csrf.server";
import { frameOf } from "~/http/operator-frame.server";
import { requireOperator } from "~/http/operator-guard.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { fileNotice, listOperatorNotices, reportEvent } from "~/models/notice.server";
import { noticeDuties } from "~/models/operator-policy.server";
import { activePack } from "~/models/rule-pack.server";
import { formValues, parseForm } from "~/utils/forms";

/** Events notified through other pages: the end of a driver's bond, and the address (Dados da empresa). */
const ELSEWHERE: Partial<Record<NoticeKind, "condutores" | "dados">> = {
  DESLIGAMENTO: "condutores",
  OBITO_ACIDENTE: "condutores",
  EXCLUSAO: "condutores",
  REMOCAO_AUXILIAR: "condutores",
  ENDERECO: "dados",
};

async function duties(municipality: { id: string; rulePackId: string }) {
  return noticeDuties(await activePack(municipality), "OPERADORA");
}

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { operator } = await requireOperator(request, params.id, "read:operator");
  const all = await duties(operator.municipality);
  return {
    frame: frameOf(operator),
    notices: await listOperatorNotices(operator.id),
    duties: all.map((d) => ({
      kind: d.kind,
      label: d.label,
      lawLabel: d.deadline.label,
      citation: d.deadline.citation,
      within: d.deadline.within ?? null,
      immediate: d.deadline.immediate,
      elsewhere: ELSEWHERE[d.kind] ?? null,
    })),
    now: localDateTime(new Date(), operator.municipality.timeZone),
  };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { operator, actor } = await requireOperator(request, params.id, "create:notice");
  const form = await readForm(request);
  if (form.get("intent") === "comunicar") {
    await fileNotice(String(form.get("noticeId") ?? ""), { operatorId: operator.id }, operator.municipalityId, actor);
    return redirect(`/operadora/${operator.id}/comunicacoes?ok=comunicado`);
  }
  const parsed = parseForm(zNotice, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const allowed = (await duties(operator.municipality)).filter((d) => !ELSEWHERE[d.kind]).map((d) => d.kind as string);
  if (!allowed.includes(parsed.data.kind))
    return data(
      {
        errors: { kind: "Escolha uma das comunicações que a lei pede." } as Record<string, string>,
        values: formValues(form),
      },
      { status: 400 },
    );
  await reportEvent(
    await activePack(operator.municipality),
    { operatorId: operator.id, municipalityId: operator.municipalityId },
    { ...parsed.data, kind: parsed.data.kind as NoticeKind },
    actor,
  );
  return redirect(`/operadora/${operator.id}/comunicacoes?ok=${parsed.data.fileNow ? "comunicado" : "registrado"}`);
});

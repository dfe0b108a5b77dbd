import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readForm } from "~/http/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { requireOperator } from "~/http/operator-guard.server";
import { frameOf } from "~/http/operator-frame.server";
import { activePack } from "~/models/rule-pack.server";
import { fileNotice, listOperatorNotices, reportEvent } from "~/models/notice.server";
import { noticeDuties } from "~/models/operator-policy.server";
import type { NoticeKind } from "~/domain/operators/vocabulary";
import { zNotice } from "~/forms/operator";
import { OperatorFrame, Flash } from "~/components/operator/operator-frame";
import { NewNoticeForm, NoticeList, termText } from "~/components/operator/notices";
import styles from "~/components/operator/operator.css";
import { useFormResult } from "~/components/ui/form-result";
import { localDateTime } from "~/domain/time";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";

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

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
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

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
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

const OK: Record<string, string> = {
  comunicado: "Comunicação feita à prefeitura.",
  registrado: "Fato registrado. Comunique à prefeitura dentro do prazo.",
  desvinculado: "Vínculo encerrado. Veja abaixo a comunicação à prefeitura e o prazo da lei.",
};
/** Some laws' labels already say "(a lei não fixa prazo)": said once, by the term after the colon. */
const withoutSilence = (label: string) => label.replace(/\s*\(a lei não fixa prazo\)\s*$/, "");
const term = (within: string | null, immediate: boolean) =>
  immediate ? "imediatamente" : within ? `em até ${termText(within)}` : "sem prazo fixado";

export default function OperatorNotices() {
  const d = useLoaderData<typeof loader>();
  const { errors, values, flash } = useFormResult(OK);
  const base = `/operadora/${d.frame.id}`;
  const here = d.duties.filter((x) => !x.elsewhere);
  return (
    <OperatorFrame operator={d.frame} current="comunicacoes" title="Comunicações à prefeitura">
      <Flash {...flash} />
      <section className="cartao" aria-labelledby="lei">
        <h2 id="lei">O que a lei manda comunicar</h2>
        {d.duties.length === 0 ? (
          <p>A lei deste município não fixa comunicações de fatos para a empresa.</p>
        ) : (
          <ul>
            {d.duties.map((x) => (
              <li key={x.kind}>
                {withoutSilence(x.lawLabel)}: <strong>{term(x.within, x.immediate)}</strong>{" "}
                <span className="citacao">{x.citation}</span>
                {x.elsewhere === "condutores" ? (
                  <span className="dica">
                    {" "}
                    Registre ao <Link to={`${base}/condutores`}>encerrar o vínculo do condutor</Link>.
                  </span>
                ) : null}
                {x.elsewhere === "dados" ? (
                  <span className="dica">
                    {" "}
                    Registre ao <Link to={`${base}/dados`}>alterar o endereço</Link>.
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <NoticeList notices={d.notices} listClassName="op-lista" buttonClassName="botao pequeno" />
      {here.length ? (
        <section className="cartao" aria-labelledby="nova">
          <h2 id="nova">Nova comunicação</h2>
          <NewNoticeForm
            kindLabel="O que aconteceu"
            options={here.map((x) => ({ value: x.kind, label: x.label }))}
            now={d.now}
            values={values}
            errors={errors}
          />
        </section>
      ) : null}
    </OperatorFrame>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Comunicações — Portal de Credenciamento" }];

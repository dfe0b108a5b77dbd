import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { readForm } from "~/utils/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { requireOperator, refusal } from "~/components/operator/guard.server";
import { frameOf } from "~/components/operator/frame.server";
import { activePack } from "~/models/rule-pack.server";
import { fileNotice, instantToCivil, listOperatorNotices, reportEvent } from "~/models/notice.server";
import { noticeDuties, type NoticeKind } from "~/models/operator-policy.server";
import { zNotice } from "~/components/operator/forms";
import { OperatorFrame, Flash } from "~/components/operator/operator-frame";
import { NoticeClock } from "~/components/operator/notice-clock";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import styles from "~/components/operator/operator.css";

/** Events notified through other pages: the end of a driver's bond, and the address (Dados da empresa). */
const ELSEWHERE: Partial<Record<NoticeKind, "condutores" | "dados">> = {
  DESLIGAMENTO: "condutores", OBITO_ACIDENTE: "condutores", EXCLUSAO: "condutores", REMOCAO_AUXILIAR: "condutores", ENDERECO: "dados",
};

async function duties(municipality: { id: string; rulePackId: string }) {
  return noticeDuties(await activePack(municipality), "OPERADORA");
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { operator } = await requireOperator(request, params.id, "read:operator");
  const all = await duties(operator.municipality);
  return {
    frame: frameOf(operator),
    notices: await listOperatorNotices(operator.id),
    duties: all.map((d) => ({ kind: d.kind, label: d.label, lawLabel: d.deadline.label, citation: d.deadline.citation, within: d.deadline.within ?? null, immediate: d.deadline.immediate, elsewhere: ELSEWHERE[d.kind] ?? null })),
    now: instantToCivil(new Date()),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { operator, actor } = await requireOperator(request, params.id, "create:notice");
  const form = await readForm(request);
  try {
    if (form.get("intent") === "comunicar") {
      await fileNotice(String(form.get("noticeId") ?? ""), { operatorId: operator.id }, operator.municipalityId, actor);
      return redirect(`/operadora/${operator.id}/comunicacoes?ok=comunicado`);
    }
    const parsed = parseForm(zNotice, form);
    if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
    const allowed = (await duties(operator.municipality)).filter((d) => !ELSEWHERE[d.kind]).map((d) => d.kind as string);
    if (!allowed.includes(parsed.data.kind)) return data({ errors: { kind: "Escolha uma das comunicações que a lei pede." } as Record<string, string>, values: formValues(form) }, { status: 400 });
    await reportEvent(await activePack(operator.municipality), { operatorId: operator.id, municipalityId: operator.municipalityId },
      { ...parsed.data, kind: parsed.data.kind as NoticeKind }, actor);
    return redirect(`/operadora/${operator.id}/comunicacoes?ok=${parsed.data.fileNow ? "comunicado" : "registrado"}`);
  } catch (e) {
    return refusal(e);
  }
}

const OK: Record<string, string> = {
  comunicado: "Comunicação feita à prefeitura.",
  registrado: "Fato registrado. Comunique à prefeitura dentro do prazo.",
  desvinculado: "Vínculo encerrado. Veja abaixo a comunicação à prefeitura e o prazo da lei.",
};
const term = (within: string | null, immediate: boolean) =>
  immediate ? "imediatamente" : within ? `em até ${within.replace(/^PT(\d+)H$/, "$1 horas").replace(/^P(\d+)D$/, "$1 dias")}` : "sem prazo fixado";

export default function OperatorNotices() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors: Record<string, string | undefined> = result && "errors" in result ? result.errors : {};
  const values: Record<string, string> = result && "values" in result ? result.values : {};
  const base = `/operadora/${d.frame.id}`;
  const here = d.duties.filter((x) => !x.elsewhere);
  return (
    <OperatorFrame operator={d.frame} current="comunicacoes" title="Comunicações à prefeitura">
      <Flash ok={OK[params.get("ok") ?? ""]} error={result && "error" in result ? result.error : null} />
      <section className="cartao" aria-labelledby="lei">
        <h2 id="lei">O que a lei manda comunicar</h2>
        {d.duties.length === 0 ? <p>A lei deste município não fixa comunicações de fatos para a empresa.</p> : (
          <ul>
            {d.duties.map((x) => (
              <li key={x.kind}>
                {x.lawLabel}: <strong>{term(x.within, x.immediate)}</strong> <span className="citacao">{x.citation}</span>
                {x.elsewhere === "condutores" ? <span className="dica"> Registre ao <Link to={`${base}/condutores`}>encerrar o vínculo do condutor</Link>.</span> : null}
                {x.elsewhere === "dados" ? <span className="dica"> Registre ao <Link to={`${base}/dados`}>alterar o endereço</Link>.</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="cartao" aria-labelledby="registradas">
        <h2 id="registradas">Comunicações</h2>
        {d.notices.length === 0 ? <p>Nenhuma comunicação registrada.</p> : (
          <ul className="op-lista">
            {d.notices.map((n) => (
              <li key={n.id}>
                <h3 style={{ fontSize: "1.05rem", margin: 0 }}>{n.kindLabel}{n.driverName ? ` — ${n.driverName}` : ""}</h3>
                <NoticeClock notice={n} />
                {n.description ? <p>{n.description}</p> : null}
                <p className="citacao">{n.label} ({n.citation}){n.sanction ? ` · sanção: ${n.sanction}` : ""}</p>
                {!n.filedAt ? (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="noticeId" value={n.id} />
                    <button type="submit" name="intent" value="comunicar" className="botao pequeno">Comunicar agora</button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {here.length ? (
        <section className="cartao" aria-labelledby="nova">
          <h2 id="nova">Nova comunicação</h2>
          <Form method="post" noValidate>
            <CsrfInput />
            <SelectField label="O que aconteceu" name="kind" defaultValue={values.kind} error={errors.kind} options={here.map((x) => ({ value: x.kind, label: x.label }))} />
            <Field label="Data e hora do fato" name="eventAt" type="datetime-local" defaultValue={values.eventAt ?? d.now} max={d.now} error={errors.eventAt} />
            <Field label="Descrição" name="description" defaultValue={values.description} error={errors.description} />
            <div className="campo opcoes">
              <label><input type="checkbox" name="fileNow" value="sim" defaultChecked /> Comunicar à prefeitura agora</label>
            </div>
            <SubmitButton busyText="Registrando…">Registrar</SubmitButton>
          </Form>
        </section>
      ) : null}
    </OperatorFrame>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Comunicações — Portal de Credenciamento" }];

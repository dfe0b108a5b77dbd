import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/http/auth.server";
import { actorOf } from "~/http/permissions.server";
import { readForm } from "~/http/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { ensurePerson } from "~/models/application.server";
import { fileNotice, listPersonNotices, reportEvent, ownNotice, personNoticeDuties } from "~/models/notice.server";
import type { NoticeKind } from "~/domain/operators/vocabulary";
import { zNotice } from "~/forms/operator";
import { Flash } from "~/components/operator/operator-frame";
import { NewNoticeForm, NoticeList, termText } from "~/components/operator/notices";
import { useFormResult } from "~/components/ui/form-result";
import { DEFAULT_TIME_ZONE, localDateTime } from "~/domain/time";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  const { person, options } = await personNoticeDuties(user.id);
  return {
    notices: person ? await listPersonNotices(person.id) : [],
    options: options.map((o) => ({ value: o.value, label: o.label, citation: o.citation, within: o.within })),
    // The latest wall clock among the titular's municipalities: the form's upper bound.
    now: options.reduce(
      (max, o) => {
        const t = localDateTime(new Date(), o.m.timeZone);
        return t > max ? t : max;
      },
      localDateTime(new Date(), DEFAULT_TIME_ZONE),
    ),
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (form.get("intent") === "comunicar") {
    const person = await ensurePerson(user.id);
    const notice = await ownNotice(String(form.get("noticeId") ?? ""), person.id);
    const municipalityId = (JSON.parse(notice.detailsJson) as { municipalityId?: string }).municipalityId ?? null;
    await fileNotice(notice.id, { personId: person.id }, municipalityId ?? "", {
      ...actorOf(user, request),
      municipalityId,
    });
    return redirect("/vinculos/comunicacoes?ok=comunicado");
  }
  const parsed = parseForm(zNotice, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const { person, options } = await personNoticeDuties(user.id);
  const chosen = options.find((o) => o.value === parsed.data.kind);
  if (!person || !chosen)
    return data(
      {
        errors: { kind: "Escolha uma das comunicações que a lei pede." } as Record<string, string>,
        values: formValues(form),
      },
      { status: 400 },
    );
  await reportEvent(
    chosen.pack,
    { personId: person.id, municipalityId: chosen.m.id },
    { ...parsed.data, kind: chosen.kind as NoticeKind },
    { ...actorOf(user, request), municipalityId: chosen.m.id },
  );
  return redirect(`/vinculos/comunicacoes?ok=${parsed.data.fileNow ? "comunicado" : "registrado"}`);
});

const OK: Record<string, string> = {
  comunicado: "Comunicação feita à prefeitura.",
  registrado: "Fato registrado. Comunique à prefeitura dentro do prazo.",
};

export default function MyNotices() {
  const d = useLoaderData<typeof loader>();
  const { errors, values, flash } = useFormResult(OK);
  return (
    <>
      <p className="dica">
        <Link to="/vinculos">Vínculos com empresas</Link>
      </p>
      <h1>Minhas comunicações à prefeitura</h1>
      <Flash {...flash} />
      <NoticeList notices={d.notices} itemClassName="documento" buttonClassName="botao secundario" />
      <section className="cartao" aria-labelledby="nova">
        <h2 id="nova">Nova comunicação</h2>
        {d.options.length === 0 ? (
          <p>A lei dos municípios em que você pediu credenciamento não fixa comunicações de fatos para o titular.</p>
        ) : (
          <NewNoticeForm
            kindLabel="O que comunicar"
            now={d.now}
            values={values}
            errors={errors}
            options={d.options.map((o) => ({
              value: o.value,
              label: `${o.label}${o.within ? ` — prazo ${termText(o.within)}` : ""}`,
            }))}
          />
        )}
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Minhas comunicações — Portal de Credenciamento" }];

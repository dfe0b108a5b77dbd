import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/utils/auth.server";
import { actorOf } from "~/utils/permissions.server";
import { readForm } from "~/utils/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { db } from "~/utils/db.server";
import { activePack } from "~/models/rule-pack.server";
import { ensurePerson } from "~/models/application.server";
import { fileNotice, instantToCivil, listPersonNotices, reportEvent } from "~/models/notice.server";
import { noticeDuties } from "~/models/operator-policy.server";
import type { NoticeKind } from "~/domain/operators/vocabulary";
import { refusal } from "~/components/operator/guard.server";
import { zNotice } from "~/forms/operator";
import { Flash } from "~/components/operator/operator-frame";
import { NewNoticeForm, NoticeList, termText } from "~/components/operator/notices";
import { useFormResult } from "~/components/ui/form-result";

// A titular's own notices to the city where the law sets a term for them (an accident with the
// vehicle, the end of an auxiliary driver's bond…), in the municipalities where they hold or
// requested a credential: each with its deadline from the rule pack and its clock.
async function duties(userId: string) {
  const person = await db.person.findUnique({ where: { userId } });
  if (!person) return { person: null, options: [] };
  const ids = [
    ...new Set(
      (await db.application.findMany({ where: { personId: person.id }, select: { municipalityId: true } })).map(
        (a) => a.municipalityId,
      ),
    ),
  ];
  const municipalities = await db.municipality.findMany({ where: { id: { in: ids } }, orderBy: { name: "asc" } });
  const options = [];
  for (const m of municipalities) {
    const pack = await activePack(m);
    for (const d of noticeDuties(pack, "PESSOA"))
      options.push({
        value: `${m.id}:${d.kind}`,
        label: `${m.name}: ${d.deadline.label}`,
        citation: d.deadline.citation,
        within: d.deadline.within ?? null,
        m,
        pack,
        kind: d.kind,
      });
  }
  return { person, options };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { person, options } = await duties(user.id);
  return {
    notices: person ? await listPersonNotices(person.id) : [],
    options: options.map((o) => ({ value: o.value, label: o.label, citation: o.citation, within: o.within })),
    // The latest wall clock among the titular's municipalities: the form's upper bound.
    now: options.reduce(
      (max, o) => {
        const t = instantToCivil(new Date(), o.m.timeZone);
        return t > max ? t : max;
      },
      instantToCivil(new Date(), "America/Sao_Paulo"),
    ),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  try {
    if (form.get("intent") === "comunicar") {
      const person = await ensurePerson(user.id);
      const notice = await db.notice.findFirst({
        where: { id: String(form.get("noticeId") ?? ""), personId: person.id },
      });
      if (!notice) throw new Response("Comunicação não encontrada.", { status: 404 });
      const municipalityId = (JSON.parse(notice.detailsJson) as { municipalityId?: string }).municipalityId ?? null;
      await fileNotice(notice.id, { personId: person.id }, municipalityId ?? "", {
        ...actorOf(user, request),
        municipalityId,
      });
      return redirect("/vinculos/comunicacoes?ok=comunicado");
    }
    const parsed = parseForm(zNotice, form);
    if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
    const { person, options } = await duties(user.id);
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
  } catch (e) {
    return refusal(e);
  }
}

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

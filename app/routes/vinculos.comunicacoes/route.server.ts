import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { NoticeKind } from "~/domain/operators/vocabulary";
import { DEFAULT_TIME_ZONE, localDateTime } from "~/domain/time";
import { zNotice } from "~/forms/operator";
import { requireUser } from "~/http/auth.server";
import { readForm } from "~/http/csrf.server";
import { actorOf } from "~/http/permissions.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { ensurePerson } from "~/models/application.server";
import { fileNotice, listPersonNotices, ownNotice, personNoticeDuties, reportEvent } from "~/models/notice.server";
import { formValues, parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
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

export const action = withFormRefusals(async ({ request }: ActionFunctionArgs) => {
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

import { instantAt } from "~/domain/time";
import { zScheduleVistoria } from "~/forms/back-office";
import { scheduleVistoria } from "~/models/vistoria.server";
import { formValues, parseForm } from "~/utils/forms";
import type { Intent } from "./route.server";

export const scheduleVistoriaIntent: Intent = async ({ app, municipality, actor, form, done, fail }) => {
  const parsed = parseForm(zScheduleVistoria, form);
  if (!parsed.ok) return fail(400, { errors: parsed.errors, values: parsed.values });
  const when = instantAt(parsed.data.when, municipality.timeZone); // on the municipality's clock
  if (!when || when.getTime() < Date.now() - 86_400_000)
    return fail(400, { errors: { when: "Escolha uma data a partir de hoje." }, values: formValues(form) });
  await scheduleVistoria(app.id, municipality.id, when, parsed.data.place, actor);
  return done("vistoria-agendada", "vistoria");
};

import { conflict, invalid } from "~/domain/refusal";
import { zRecordVistoria } from "~/forms/back-office";
import { checklistFor, recordVistoria } from "~/models/vistoria.server";
import { parseForm } from "~/utils/forms";
import type { Intent } from "./route.server";

/** The vistoria's result, item by item: every item of the pack's checklist answered. */
export const recordVistoriaIntent: Intent = async ({ app, municipality, actor, form, done, fail }) => {
  const parsed = parseForm(zRecordVistoria, form);
  if (!parsed.ok) throw invalid("Pedido inválido.");
  const spec = await checklistFor(app);
  if (!spec) throw conflict("A lei não prevê vistoria para esta categoria.");
  const answers = spec.items.map((i) => [i.code, form.get(`item:${i.code}`)] as const);
  if (answers.some(([, v]) => v !== "conforme" && v !== "nao"))
    return fail(400, { errors: { items: "Responda todos os itens: conforme ou não conforme." } });
  await recordVistoria(
    parsed.data.vistoriaId,
    municipality.id,
    { failedItems: answers.filter(([, v]) => v === "nao").map(([c]) => c), notes: parsed.data.notes ?? null },
    actor,
  );
  return done("vistoria-registrada", "vistoria");
};

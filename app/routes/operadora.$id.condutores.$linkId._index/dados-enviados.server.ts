import { data, redirect } from "@remix-run/node";
import { zDriverDataSent } from "~/forms/operator";
import { declareDriverDataSent } from "~/models/driver-link.server";
import { parseForm } from "~/utils/forms";
import type { LinkStep } from "./route.server";

/** The operator declares the day it sent the driver's data to the city (Lavras art. 10, § 4º). */
export async function dataSent({ operator, actor, form, linkId }: LinkStep) {
  const sent = parseForm(zDriverDataSent, form);
  if (!sent.ok) return data({ errors: sent.errors, values: sent.values }, { status: 400 });
  await declareDriverDataSent(operator, linkId, sent.data.sentOn, actor);
  return redirect(
    `/operadora/${operator.id}/condutores/${linkId}?enviado=${encodeURIComponent("Envio dos dados à prefeitura registrado.")}`,
  );
}

// The driver's wizard: each page's owner, application and live evaluation; the question steps' action.
import { data, redirect } from "@remix-run/node";
import type { z } from "zod";
import type { ApplicationStatus } from "~/domain/applications/status";
import { driverQuestions, questionFields } from "~/domain/facts";
import type { Category, Mode } from "~/domain/rule-packs";
import { parseValidPart } from "~/forms/driver";
import { requireUser } from "~/http/auth.server";
import { readForm } from "~/http/csrf.server";
import { actorOf } from "~/http/permissions.server";
import { assertEditable } from "~/models/application.server";
import { ownApplicationFor, ownedApplication } from "~/models/driver-wizard.server";
import type { Actor } from "~/utils/audit.server";
import type { FormErrors, ListFormValues } from "~/utils/forms";

export async function loadOwnApplication(
  request: Request,
  id: string | undefined,
  permission: "read:application" | "update:application" = "read:application",
) {
  return ownApplicationFor(await requireUser(request), id, permission);
}

/** The wizard layout's guard: the signed-in person owns the application (nothing evaluated). */
export async function requireOwnApplicationOf(request: Request, id: string | undefined) {
  await ownedApplication(await requireUser(request), id, "read:application");
}

type Owned = Awaited<ReturnType<typeof loadOwnApplication>>;

/** A step's questions (issue #20): the driver's facts the applicable rules read, plus identification. */
export function stepQuestions({ app, pack }: Pick<Owned, "app" | "pack">, subject: "person" | "vehicle") {
  return driverQuestions(pack, app.category as Category, app.mode as Mode, subject);
}

/** A question step's action: valid answers saved even when another is refused (issue #16: nothing
 * typed is lost), then on to `next` or back with the refused fields. */
export async function saveStep<F extends string, T>(
  request: Request,
  id: string | undefined,
  step: {
    subject: "person" | "vehicle";
    /** The form of exactly the fields given (personFormFor, vehicleFormFor). */
    schemaFor: (owned: Owned) => (fields: readonly F[]) => z.ZodType<T>;
    /** Fields that take several values (checkboxes). */
    lists?: string[];
    save: (owned: Owned & { actor: Actor }, part: { data: Partial<T>; fields: F[] }) => Promise<unknown>;
    next: "veiculo" | "documentos";
  },
) {
  const owned = await loadOwnApplication(request, id, "update:application");
  assertEditable(owned.app.status as ApplicationStatus);
  const form = await readForm(request);
  const fields = questionFields<F>(stepQuestions(owned, step.subject));
  const part = parseValidPart(step.schemaFor(owned), fields, form, step.lists);
  if (part.fields.length) await step.save({ ...owned, actor: actorOf(owned.user, request) }, part);
  return saveOrContinue(owned.app.id, form, part, step.next);
}

/** "Salvar e sair" leaves even with fields to fix (the overview says so); "Salvar e continuar" goes
 * to `next`, or stays with the refused fields and every typed value. */
function saveOrContinue(
  appId: string,
  form: FormData,
  part: { errors: FormErrors; values: ListFormValues },
  next: string,
) {
  const refused = Object.keys(part.errors).length > 0;
  if (form.get("depois") === "sair") return redirect(`/requerimentos/${appId}${refused ? "?salvo=parcial" : ""}`);
  if (refused) return data({ errors: part.errors, values: part.values, saved: true }, { status: 400 });
  return redirect(`/requerimentos/${appId}/${next}`);
}

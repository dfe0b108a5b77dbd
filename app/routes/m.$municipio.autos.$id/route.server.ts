import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { IntentResult } from "~/components/back-office/infraction/types";
import { allowedActions } from "~/domain/infractions/status";
import { invalid } from "~/domain/refusal";
import { infractionSteps } from "~/forms/back-office";
import { readForm } from "~/http/csrf.server";
import { infractionPageView } from "~/http/infraction-view.server";
import { refusedForm, withRefusals } from "~/http/refusal.server";
import { may, requireStaff, requireStaffRecord } from "~/http/staff-guard.server";
import { today } from "~/models/application.server";
import { ruleOnAppeal } from "~/models/infraction-appeal.server";
import { decideInfraction, notifyOffender, recordAppeal, recordDefence } from "~/models/infraction-decision.server";
import { applyDailyFine, applyRemoval, recordRemedy } from "~/models/infraction-enforcement.server";
import { photosOf } from "~/models/infraction-photo.server";
import { infractionForDecision } from "~/models/infraction-review.server";
import { auditHistory } from "~/models/review-history.server";
import { formValues, parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const staff = await requireStaffRecord(request, params, "read:infraction", infractionForDecision);
  const { municipality, user, record: x } = staff;
  const i = x.infraction;
  const [history, photos] = await Promise.all([auditHistory([{ type: "Infraction", ids: [i.id] }]), photosOf(i.id)]);
  const canDecide = may(user, municipality.id, "decide:infraction")["decide:infraction"];
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    ...infractionPageView(
      x,
      history,
      photos,
      canDecide ? allowedActions(i.status, { defenceOnFile: Boolean(x.process.defence) }) : [],
    ),
  };
});

type Result = IntentResult;

export const action = withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor } = await requireStaff(request, params.municipio, "decide:infraction");
  const id = params.id ?? "";
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const bad = (errors: Record<string, string | undefined>, values: Record<string, string>) =>
    data<Result>({ intent, errors, values }, { status: 400 });
  try {
    switch (intent) {
      case "notify": {
        const r = parseForm(infractionSteps.notify, form);
        if (!r.ok) return bad(r.errors, r.values);
        await notifyOffender(id, municipality.id, r.data, actor);
        break;
      }
      case "defence": {
        const r = parseForm(infractionSteps.defence, form);
        if (!r.ok) return bad(r.errors, r.values);
        await recordDefence(id, municipality.id, r.data, actor);
        break;
      }
      case "decide": {
        const r = parseForm(infractionSteps.decide, form);
        if (!r.ok) return bad(r.errors, r.values);
        const v = r.data;
        await decideInfraction(
          id,
          municipality.id,
          {
            outcome: "PENALTY",
            reason: v.reason,
            notifiedOn: v.notifiedOn,
            appealDeadline: v.appealDeadline ?? null,
            applyToCredential: v.apply === "sim",
            penalty: {
              notice: v.notice === "sim",
              warning: v.warning === "sim",
              cassacao: v.cassacao === "sim",
              fine: v.fine ?? null,
              suspensionDays: v.suspensionDays ?? null,
            },
          },
          actor,
        );
        break;
      }
      case "archive": {
        const r = parseForm(infractionSteps.archive, form);
        if (!r.ok) return bad(r.errors, r.values);
        await decideInfraction(id, municipality.id, { outcome: "ARCHIVE", reason: r.data.reason }, actor);
        break;
      }
      case "appeal": {
        const r = parseForm(infractionSteps.appeal, form);
        if (!r.ok) return bad(r.errors, r.values);
        await recordAppeal(id, municipality.id, r.data, actor);
        break;
      }
      case "appeal_ruling": {
        const r = parseForm(infractionSteps.appeal_ruling, form);
        if (!r.ok) return bad(r.errors, r.values);
        // "Today" is the municipality's civil day, so the check runs here, where it is known.
        if (r.data.decidedOn > today(new Date(), municipality.timeZone))
          return bad({ decidedOn: "A data do julgamento não pode ser no futuro." }, formValues(form));
        await ruleOnAppeal(id, municipality.id, r.data, actor);
        break;
      }
      case "remedy":
        await recordRemedy(id, municipality.id, actor);
        break;
      case "daily_fine":
        await applyDailyFine(id, municipality.id, actor);
        break;
      case "removal":
        await applyRemoval(id, municipality.id, actor);
        break;
      default:
        throw invalid("Ação desconhecida.");
    }
  } catch (e) {
    return refusedForm<Result>(e, {
      intent,
      values: Object.fromEntries(
        [...form.entries()].filter(([k, v]) => k !== "csrf" && typeof v === "string"),
      ) as Record<string, string>,
    });
  }
  return redirect(`/m/${municipality.slug}/autos/${id}?ok=${intent}`);
});

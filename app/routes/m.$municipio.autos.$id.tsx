import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ErrorSummary } from "~/components/ui/error-summary";
import { readForm } from "~/http/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { infractionSteps } from "~/forms/back-office";
import { decideInfraction, notifyOffender, recordAppeal, recordDefence } from "~/models/infraction-decision.server";
import { applyDailyFine, applyRemoval, recordRemedy } from "~/models/infraction-enforcement.server";
import { infractionForDecision } from "~/models/infraction-review.server";
import { may, requireStaff, requireStaffRecord } from "~/http/staff-guard.server";
import { ruleOnAppeal } from "~/models/infraction-appeal.server";
import { today } from "~/models/application.server";
import { auditHistory } from "~/models/review-history.server";
import { photosOf } from "~/models/infraction-photo.server";
import { allowedActions } from "~/domain/infractions/status";
import { INFRACTION_STATUS_LABELS, INFRACTION_STATUS_TONES } from "~/domain/infractions/labels";
import { Timeline } from "~/components/timeline";
import { ClassificationCard, FactsCard, ProcessCard } from "~/components/back-office/infraction/auto-cards";
import { NoticeCard, RemovalCard } from "~/components/back-office/infraction/enforcement-cards";
import { DecidePanel } from "~/components/back-office/infraction/decide-panel";
import {
  AppealPanel,
  AppealRulingPanel,
  ArchivePanel,
  DefencePanel,
  NotifyPanel,
} from "~/components/back-office/infraction/process-panels";
import type { IntentResult } from "~/components/back-office/infraction/types";
import { autoPageView } from "~/components/back-office/infraction/view";
import { DONE_MESSAGES } from "~/components/back-office/infraction/intent-form";
import styles from "~/components/back-office/back-office.css";
import { refusedForm, withRefusals } from "~/http/refusal.server";
import { invalid } from "~/domain/refusal";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const staff = await requireStaffRecord(request, params, "read:infraction", infractionForDecision);
  const { municipality, user, record: x } = staff;
  const i = x.infraction;
  const [history, photos] = await Promise.all([auditHistory([{ type: "Infraction", ids: [i.id] }]), photosOf(i.id)]);
  const canDecide = may(user, municipality.id, "decide:infraction")["decide:infraction"];
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    ...autoPageView(
      x,
      history,
      photos,
      canDecide ? allowedActions(i.status, { defenceOnFile: Boolean(x.process.defence) }) : [],
    ),
  };
});

type Result = IntentResult;

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
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

export default function AutoPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const ok = params.get("ok");
  const base = `/m/${d.municipality.slug}`;
  const a = d.auto;
  const allowed = d.allowed;
  return (
    <>
      <p className="bo-voltar">
        <Link to={`${base}/autos`}>← Autos de infração</Link>
      </p>
      <div className="bo-cabecalho">
        <h1>Auto {a.number}</h1>
        <span className={`selo ${INFRACTION_STATUS_TONES[a.status] ?? "pendente"}`}>
          {INFRACTION_STATUS_LABELS[a.status] ?? a.status}
        </span>
      </div>
      {ok && DONE_MESSAGES[ok] ? (
        <div className="aviso sucesso" role="status">
          {DONE_MESSAGES[ok]}
        </div>
      ) : null}
      <ErrorSummary errors={result?.errors} error={result?.error} idOf={(name) => `${result?.intent}-${name}`} />

      <div className="bo-revisao">
        <div>
          <FactsCard d={d} base={base} />
          <ClassificationCard d={d} base={base} />
          <ProcessCard d={d} base={base} />
          {d.notice ? <NoticeCard d={{ ...d, notice: d.notice }} allowed={allowed} /> : null}
          {d.removal ? <RemovalCard d={{ ...d, removal: d.removal }} allowed={allowed} /> : null}
        </div>

        <div>
          {allowed.includes("notify") ? <NotifyPanel d={d} result={result} /> : null}
          {allowed.includes("defence") ? <DefencePanel d={d} result={result} /> : null}
          {allowed.includes("decide") ? <DecidePanel d={d} result={result} /> : null}
          {allowed.includes("archive") ? <ArchivePanel result={result} /> : null}
          {allowed.includes("appeal") && d.process.decision?.outcome === "PENALTY" ? (
            <AppealPanel d={d} result={result} />
          ) : null}
          {allowed.includes("deny_appeal") || allowed.includes("grant_appeal") ? (
            <AppealRulingPanel d={d} result={result} />
          ) : null}

          <section className="cartao bo-painel" aria-labelledby="auto-historico">
            <h2 id="auto-historico">Histórico</h2>
            <Timeline entries={d.history} label="Histórico do auto" timeZone={d.timeZone} />
          </section>
        </div>
      </div>
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Auto ${data?.auto.number ?? ""} — Portal de Credenciamento` },
];

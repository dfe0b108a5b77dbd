import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ErrorSummary } from "~/components/ui/error-summary";
import { readForm } from "~/utils/csrf.server";
import { formValues, parseForm } from "~/utils/forms";
import { infractionSteps } from "~/forms/back-office";
import { may, requireStaff } from "~/components/back-office/guard.server";
import {
  applyDailyFine,
  applyRemoval,
  decideInfraction,
  infractionForDecision,
  notifyOffender,
  recordAppeal,
  recordDefence,
  recordRemedy,
} from "~/models/infraction-decision.server";
import { ruleOnAppeal } from "~/models/infraction-appeal.server";
import { today } from "~/models/application.server";
import { auditHistory } from "~/models/review-queue.server";
import { photosOf } from "~/models/infraction-photo.server";
import { dateBr } from "~/domain/credentials/labels";
import { describeHistory } from "~/components/back-office/describe-history";
import { penaltyText } from "~/components/back-office/pack-text";
import { INFRACTION_STATUS_LABELS, INFRACTION_STATUS_TONES, when } from "~/components/back-office/labels";
import { Timeline } from "~/components/timeline";
import { CsrfInput } from "~/components/csrf-input";
import styles from "~/components/back-office/back-office.css";

const brDateTime = (v: string) => `${dateBr(v.slice(0, 10))} às ${v.slice(11, 16)}`;
const brl = (n: number | null) =>
  n === null
    ? "valor do salário mínimo não definido pelo gestor"
    : n.toLocaleString("pt-BR", { style: "currency", currency: "BRL" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { municipality, user } = await requireStaff(request, params.municipio, "read:infraction");
  const x = await infractionForDecision(params.id ?? "", municipality.id);
  const i = x.infraction;
  const [history, photos] = await Promise.all([auditHistory([{ type: "Infraction", ids: [i.id] }]), photosOf(i.id)]);
  const p = x.proposal;
  return {
    municipality: { name: municipality.name, slug: municipality.slug },
    canDecide: may(user, municipality.id, "decide:infraction")["decide:infraction"],
    auto: {
      id: i.id,
      number: i.number,
      status: i.status,
      occurredAt: i.occurredAt.toISOString(),
      place: i.place,
      notes: i.notes,
      defenceDeadline: i.defenceDeadline,
      appealDeadline: i.appealDeadline,
      decidedAt: i.decidedAt?.toISOString() ?? null,
      credential: i.credential
        ? {
            id: i.credential.id,
            serial: i.credential.serial,
            holder: i.credential.holderDisplayName,
            status: i.credential.status,
          }
        : null,
      photos: photos.map((f) => ({
        id: f.id,
        sizeKb: Math.ceil(f.sizeBytes / 1024),
        sha256: f.sha256,
        at: f.createdAt.toISOString(),
      })),
    },
    proposal: {
      description: p.description,
      citation: p.citation,
      offender: p.offender,
      classLabel: p.class?.label ?? null,
      appliedClassLabel: p.appliedClass?.label ?? null,
      escalated: p.escalated,
      repeat: p.repeat
        ? { priorDate: p.repeat.priorDate, windowLastDay: p.repeat.windowLastDay, citation: p.repeat.citation }
        : null,
      penaltyText: penaltyText(p.penalty),
      penaltyCitation: p.penalty.citation,
      citations: p.citations,
      allows: {
        notice: x.canNotice,
        warning: p.penalty.warning,
        fine: p.penalty.fine
          ? { max: p.penalty.fine.max ?? null, amount: p.penalty.fine.amount ?? null, unit: p.penalty.fine.unit }
          : null,
        suspension: p.penalty.suspension ? { maxDays: p.penalty.suspension.maxDays ?? null } : null,
        cassacao: p.penalty.cassacao,
      },
    },
    priors: x.priors.map((r) => ({
      id: r.id,
      number: r.number,
      code: r.code,
      occurredAt: r.occurredAt.toISOString(),
      status: r.status,
    })),
    process: x.process,
    notice: x.notice,
    removal: x.removal,
    appealRule: x.appealRule,
    processNote: x.processNote,
    reclassification: x.reclassification,
    history: describeHistory(history, {
      infraction: (code) => x.pack.infractions.catalogue.find((c) => c.code === code)?.description ?? code,
    }),
    repeatRule: x.pack.infractions.repeat
      ? { window: x.pack.infractions.repeat.window, citation: x.pack.infractions.repeat.citation }
      : null,
    today: x.today,
  };
}

type Result = {
  intent: string;
  error?: string | null;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string>;
};

export async function action({ request, params }: ActionFunctionArgs) {
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
        throw new Response("Ação desconhecida.", { status: 400 });
    }
  } catch (e) {
    if (e instanceof Response && (e.status === 409 || e.status === 400))
      return data<Result>(
        {
          intent,
          error: await e.text(),
          values: Object.fromEntries(
            [...form.entries()].filter(([k, v]) => k !== "csrf" && typeof v === "string"),
          ) as Record<string, string>,
        },
        { status: e.status },
      );
    throw e;
  }
  return redirect(`/m/${municipality.slug}/autos/${id}?ok=${intent}`);
}

const OK: Record<string, string> = {
  notify: "Notificação registrada; o prazo de defesa está correndo.",
  defence: "Defesa registrada.",
  decide: "Auto julgado. A penalidade foi aplicada.",
  archive: "Auto arquivado.",
  appeal: "Recurso registrado.",
  appeal_ruling: "Julgamento do recurso registrado.",
  remedy: "Notificação atendida: a multa diária não corre mais.",
  daily_fine: "Multa diária aplicada.",
  removal: "Afastamento aplicado: a credencial está suspensa.",
};

export default function AutoPage() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const ok = params.get("ok");
  const base = `/m/${d.municipality.slug}`;
  const a = d.auto;
  const p = d.proposal;
  const e = (intent: string) =>
    (result?.intent === intent ? (result.errors ?? {}) : {}) as Record<string, string | undefined>;
  const v = (intent: string) => (result?.intent === intent ? (result.values ?? {}) : {}) as Record<string, string>;
  const field = (intent: string, name: string, label: string, input: JSX.Element) => (
    <div className="campo">
      <label htmlFor={`${intent}-${name}`}>{label}</label>
      {input}
      {e(intent)[name] ? (
        <p className="erro-campo" id={`${intent}-${name}-erro`}>
          {e(intent)[name]}
        </p>
      ) : null}
    </div>
  );
  const inputProps = (intent: string, name: string) => ({
    id: `${intent}-${name}`,
    name,
    defaultValue: v(intent)[name],
    "aria-invalid": e(intent)[name] ? true : undefined,
    "aria-describedby": e(intent)[name] ? `${intent}-${name}-erro` : undefined,
  });
  const decided = a.status === "DECIDED" || a.status === "APPEALED" || a.status === "FINAL";
  const ruling = d.process.appealRuling;
  const penalty = d.process.decision?.penalty;
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
      {ok && OK[ok] ? (
        <div className="aviso sucesso" role="status">
          {OK[ok]}
        </div>
      ) : null}
      <ErrorSummary errors={result?.errors} error={result?.error} idOf={(name) => `${result?.intent}-${name}`} />

      <div className="bo-revisao">
        <div>
          <section className="cartao" aria-labelledby="auto-fatos">
            <h2 id="auto-fatos">O fato</h2>
            <dl className="bo-dados">
              <dt>Quando</dt>
              <dd>{when(a.occurredAt)}</dd>
              <dt>Onde</dt>
              <dd>{a.place ?? "—"}</dd>
              <dt>Credencial</dt>
              <dd>
                {a.credential ? (
                  <>
                    <Link to={`${base}/credenciais/${a.credential.id}`}>{a.credential.serial}</Link> —{" "}
                    {a.credential.holder}
                  </>
                ) : (
                  "—"
                )}
              </dd>
              <dt>Infração</dt>
              <dd>
                {p.description} ({p.citation})
              </dd>
              {a.notes ? (
                <>
                  <dt>Observações do fiscal</dt>
                  <dd>{a.notes}</dd>
                </>
              ) : null}
            </dl>
            <h3>Fotos do fiscal</h3>
            {a.photos.length ? (
              <ul className="bo-fotos">
                {a.photos.map((f, n) => (
                  <li key={f.id}>
                    <a href={`${base}/autos/${a.id}/fotos/${f.id}`} target="_blank" rel="noreferrer">
                      <img
                        src={`${base}/autos/${a.id}/fotos/${f.id}`}
                        alt={`Foto ${n + 1} do auto ${a.number}`}
                        loading="lazy"
                        width={160}
                      />
                    </a>
                    <span className="dica">
                      Foto {n + 1} · {f.sizeKb} KB · SHA-256 {f.sha256.slice(0, 12)}…
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="dica">O fiscal não anexou fotos a este auto.</p>
            )}
          </section>

          <section className="cartao" aria-labelledby="auto-classificacao">
            <h2 id="auto-classificacao">Classificação e penalidade proposta</h2>
            <p>
              {p.classLabel ? (
                <>
                  Classe: <strong>{p.classLabel}</strong>.{" "}
                </>
              ) : (
                <>A lei fixa a penalidade da própria infração. </>
              )}
              {p.escalated ? (
                <>
                  <strong>Reincidência</strong>: tratada como <strong>{p.appliedClassLabel}</strong>.
                </>
              ) : null}
            </p>
            {p.repeat ? (
              <p className="aviso atencao">
                Infração anterior em {dateBr(p.repeat.priorDate)}; esta ocorreu dentro da janela de reincidência, que ia
                até {dateBr(p.repeat.windowLastDay)} ({p.repeat.citation}).
              </p>
            ) : null}
            <p>
              Penalidade prevista: <strong>{p.penaltyText}</strong> ({p.penaltyCitation}).
            </p>
            {d.reclassification ? (
              <p className="dica">
                {d.reclassification.note} ({d.reclassification.citation})
              </p>
            ) : null}
            {d.processNote ? (
              <p className="dica">
                {d.processNote.note} ({d.processNote.citation})
              </p>
            ) : null}
            {d.priors.length ? (
              <>
                <h3>Infrações anteriores do mesmo autuado</h3>
                {!d.repeatRule ? (
                  <p className="dica">A lei deste município não agrava a penalidade por reincidência.</p>
                ) : null}
                <ul>
                  {d.priors.map((r) => (
                    <li key={r.id}>
                      <Link to={`${base}/autos/${r.id}`}>{r.number}</Link> — {when(r.occurredAt)} —{" "}
                      {INFRACTION_STATUS_LABELS[r.status] ?? r.status}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="dica">Nenhuma infração anterior do mesmo autuado.</p>
            )}
          </section>

          <section className="cartao" aria-labelledby="auto-prazos">
            <h2 id="auto-prazos">Processo e prazos</h2>
            <dl className="bo-dados">
              <dt>Notificação</dt>
              <dd>{d.process.notifiedOn ? dateBr(d.process.notifiedOn) : "ainda não notificado"}</dd>
              <dt>Prazo de defesa</dt>
              <dd>
                {a.defenceDeadline
                  ? `até ${dateBr(a.defenceDeadline)}${a.defenceDeadline < d.today ? " (encerrado)" : ""}`
                  : "—"}
              </dd>
              <dt>Defesa</dt>
              <dd>
                {d.process.defence ? `${dateBr(d.process.defence.receivedOn)}: ${d.process.defence.summary}` : "—"}
              </dd>
              <dt>Decisão</dt>
              <dd>
                {d.process.decision
                  ? `${d.process.decision.summary}${d.process.decision.reason ? ` — ${d.process.decision.reason}` : ""}`
                  : "—"}
              </dd>
              <dt>Prazo de recurso</dt>
              <dd>
                {a.appealDeadline
                  ? `até ${dateBr(a.appealDeadline)}${d.appealRule ? ` (${d.appealRule.citation})` : ""}`
                  : d.appealRule
                    ? `${d.appealRule.within === "P8D" ? "8 dias" : d.appealRule.within} da notificação da decisão (${d.appealRule.citation})`
                    : "a lei municipal não fixa; informe-o na decisão"}
              </dd>
              <dt>Recurso</dt>
              <dd>{d.process.appeal ? `${dateBr(d.process.appeal.receivedOn)}: ${d.process.appeal.summary}` : "—"}</dd>
              <dt>Julgamento do recurso</dt>
              <dd>
                {ruling
                  ? `${dateBr(ruling.decidedOn)}: ${ruling.outcome === "GRANTED" ? "deferido — penalidade anulada, auto arquivado" : "indeferido — penalidade mantida em definitivo"} — ${ruling.reason}`
                  : d.process.appeal
                    ? "aguardando julgamento"
                    : "—"}
              </dd>
            </dl>
            {ruling?.credential ? (
              <p className={`aviso ${ruling.credential.action === "REVIEW" ? "atencao" : "sucesso"}`}>
                Credencial <Link to={`${base}/credenciais/${ruling.credential.id}`}>{ruling.credential.serial}</Link>.{" "}
                {ruling.credential.detail}
                {ruling.credential.action === "REVIEW" ? (
                  <>
                    {" "}
                    <Link to={`${base}/credenciais/${ruling.credential.id}`}>Abrir a credencial para agir</Link>.
                  </>
                ) : null}
              </p>
            ) : null}
          </section>

          {d.notice ? (
            <section
              className={`cartao ${d.notice.state === "DAILY_FINE" ? "bo-perigo" : ""}`}
              aria-labelledby="auto-notificacao"
            >
              <h2 id="auto-notificacao">Notificação escrita</h2>
              <p>
                Emitida em {brDateTime(d.notice.issuedAt)}; corrigir até{" "}
                <strong>{brDateTime(d.notice.remedyBy)}</strong> ({d.notice.citation}).
              </p>
              {d.notice.state === "OPEN" ? <p className="aviso atencao">No prazo: ainda não atendida.</p> : null}
              {d.notice.state === "REMEDIED" ? (
                <p className="aviso sucesso">Atendida em {brDateTime(d.notice.remediedAt!)}.</p>
              ) : null}
              {d.notice.state === "DAILY_FINE" ? (
                <p className="aviso erro">
                  Não atendida no prazo: <strong>multa diária</strong> de {Math.round(d.notice.dailyFineFraction * 100)}
                  % do salário mínimo ({brl(d.notice.dailyFineBrl)} por dia) — {d.notice.fineDays}{" "}
                  {d.notice.fineDays === 1 ? "dia" : "dias"}, total {brl(d.notice.totalFineBrl)}
                  {d.notice.remediedAt ? `, até a correção em ${brDateTime(d.notice.remediedAt)}` : " até agora"}.
                </p>
              ) : null}
              {d.process.dailyFine ? (
                <p>
                  Multa diária aplicada em {brDateTime(d.process.dailyFine.asOf)}: {d.process.dailyFine.days} dia(s),{" "}
                  {brl(d.process.dailyFine.totalBrl)}.
                </p>
              ) : null}
              {d.canDecide ? (
                <Form method="post" className="bo-botoes">
                  <CsrfInput />
                  {!d.notice.remediedAt ? (
                    <button type="submit" name="intent" value="remedy" className="botao pequeno secundario">
                      Registrar que foi corrigido
                    </button>
                  ) : null}
                  {d.notice.state === "DAILY_FINE" ? (
                    <button type="submit" name="intent" value="daily_fine" className="botao pequeno perigo">
                      Aplicar a multa diária ({d.notice.fineDays} {d.notice.fineDays === 1 ? "dia" : "dias"})
                    </button>
                  ) : null}
                </Form>
              ) : null}
            </section>
          ) : null}

          {d.removal ? (
            <section className="cartao" aria-labelledby="auto-afastamento">
              <h2 id="auto-afastamento">Afastamento do condutor</h2>
              <p>
                {d.removal.notices} {d.removal.notices === 1 ? "notificação" : "notificações"} deste autuado; o
                afastamento pode ser pedido a partir da {d.removal.threshold}ª ({d.removal.citation}).
              </p>
              {d.removal.mayRequestRemoval && d.canDecide && decided && !d.process.removal ? (
                <Form method="post">
                  <CsrfInput />
                  <button type="submit" name="intent" value="removal" className="botao perigo">
                    Afastar o condutor (suspender a credencial)
                  </button>
                </Form>
              ) : null}
              {d.process.removal ? (
                <p className="aviso sucesso">Afastamento aplicado em {brDateTime(d.process.removal.at)}.</p>
              ) : null}
            </section>
          ) : null}
        </div>

        <div>
          {d.canDecide && a.status === "REGISTERED" ? (
            <section className="cartao bo-painel" aria-labelledby="auto-notificar">
              <h2 id="auto-notificar">Notificar o autuado</h2>
              <p className="dica">
                Registre quando o autuado foi notificado do auto e até quando pode apresentar defesa.
              </p>
              <Form method="post" className="bo-decisao">
                <CsrfInput />
                <input type="hidden" name="intent" value="notify" />
                {field(
                  "notify",
                  "notifiedOn",
                  "Notificado em",
                  <input
                    type="date"
                    required
                    max={d.today}
                    {...inputProps("notify", "notifiedOn")}
                    defaultValue={v("notify").notifiedOn ?? d.today}
                  />,
                )}
                {field(
                  "notify",
                  "defenceDeadline",
                  "Defesa até (inclusive)",
                  <input type="date" required min={d.today} {...inputProps("notify", "defenceDeadline")} />,
                )}
                <div>
                  <button type="submit" className="botao">
                    Registrar notificação
                  </button>
                </div>
              </Form>
            </section>
          ) : null}

          {d.canDecide && a.status === "NOTIFIED" && !d.process.defence ? (
            <section className="cartao bo-painel" aria-labelledby="auto-defesa">
              <h2 id="auto-defesa">Defesa</h2>
              <Form method="post" className="bo-decisao">
                <CsrfInput />
                <input type="hidden" name="intent" value="defence" />
                {field(
                  "defence",
                  "receivedOn",
                  "Recebida em",
                  <input
                    type="date"
                    required
                    max={d.today}
                    {...inputProps("defence", "receivedOn")}
                    defaultValue={v("defence").receivedOn ?? d.today}
                  />,
                )}
                {field(
                  "defence",
                  "summary",
                  "Resumo da defesa",
                  <textarea required maxLength={1000} {...inputProps("defence", "summary")} />,
                )}
                <div>
                  <button type="submit" className="botao secundario">
                    Registrar defesa
                  </button>
                </div>
              </Form>
            </section>
          ) : null}

          {d.canDecide && a.status === "NOTIFIED" ? (
            <section className="cartao bo-painel" aria-labelledby="auto-julgar">
              <h2 id="auto-julgar">Julgar</h2>
              {a.defenceDeadline && a.defenceDeadline >= d.today && !d.process.defence ? (
                <p className="aviso atencao">
                  O prazo de defesa vai até {dateBr(a.defenceDeadline)}. O julgamento só pode ser feito depois dele, ou
                  com a defesa registrada.
                </p>
              ) : null}
              <Form method="post" className="bo-decisao">
                <CsrfInput />
                <input type="hidden" name="intent" value="decide" />
                <fieldset className="bo-itens">
                  <legend>Penalidade aplicada</legend>
                  <div className="bo-opcoes">
                    {p.allows.notice ? (
                      <label>
                        <input
                          type="checkbox"
                          name="notice"
                          value="sim"
                          defaultChecked={v("decide").notice === "sim"}
                        />{" "}
                        Notificação escrita
                      </label>
                    ) : null}
                    {p.allows.warning ? (
                      <label>
                        <input
                          type="checkbox"
                          name="warning"
                          value="sim"
                          defaultChecked={v("decide").warning === "sim"}
                        />{" "}
                        Advertência
                      </label>
                    ) : null}
                    {p.allows.cassacao ? (
                      <label>
                        <input
                          type="checkbox"
                          name="cassacao"
                          value="sim"
                          defaultChecked={v("decide").cassacao === "sim"}
                        />{" "}
                        Cassação
                      </label>
                    ) : null}
                  </div>
                </fieldset>
                {p.allows.fine
                  ? field(
                      "decide",
                      "fine",
                      `Multa (${p.allows.fine.unit === "SALARIO_MINIMO" ? "salários mínimos" : p.allows.fine.unit}${p.allows.fine.max ? `, até ${p.allows.fine.max}` : p.allows.fine.amount ? `, fixada em ${p.allows.fine.amount}` : ""})`,
                      <input
                        type="number"
                        step="0.01"
                        min="0"
                        inputMode="decimal"
                        {...inputProps("decide", "fine")}
                        defaultValue={
                          v("decide").fine ?? (p.allows.fine.amount ? String(p.allows.fine.amount) : undefined)
                        }
                      />,
                    )
                  : null}
                {p.allows.suspension
                  ? field(
                      "decide",
                      "suspensionDays",
                      `Suspensão (dias${p.allows.suspension.maxDays ? `, até ${p.allows.suspension.maxDays}` : ""})`,
                      <input
                        type="number"
                        step="1"
                        min="0"
                        max={p.allows.suspension.maxDays ?? undefined}
                        inputMode="numeric"
                        {...inputProps("decide", "suspensionDays")}
                      />,
                    )
                  : null}
                {field(
                  "decide",
                  "reason",
                  "Fundamentação",
                  <textarea required maxLength={2000} {...inputProps("decide", "reason")} />,
                )}
                {field(
                  "decide",
                  "notifiedOn",
                  "Decisão notificada ao autuado em",
                  <input
                    type="date"
                    required
                    {...inputProps("decide", "notifiedOn")}
                    defaultValue={v("decide").notifiedOn ?? d.today}
                  />,
                )}
                {!d.appealRule
                  ? field(
                      "decide",
                      "appealDeadline",
                      "Prazo de recurso até (fixado por decreto; opcional)",
                      <input type="date" {...inputProps("decide", "appealDeadline")} />,
                    )
                  : null}
                {a.credential ? (
                  <div className="campo bo-confirmacao">
                    <label>
                      <input type="checkbox" name="apply" value="sim" defaultChecked /> Aplicar à credencial{" "}
                      {a.credential.serial} já (suspensão ou cassação valem na hora para toda verificação)
                    </label>
                  </div>
                ) : null}
                <div>
                  <button type="submit" className="botao perigo">
                    Julgar e aplicar
                  </button>
                </div>
              </Form>
            </section>
          ) : null}

          {d.canDecide && (a.status === "REGISTERED" || a.status === "NOTIFIED") ? (
            <section className="cartao bo-painel" aria-labelledby="auto-arquivar">
              <details className="bo-recusar" open={result?.intent === "archive"}>
                <summary id="auto-arquivar" className="botao pequeno secundario">
                  Arquivar o auto…
                </summary>
                <Form method="post" className="bo-decisao">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="archive" />
                  {field(
                    "archive",
                    "reason",
                    "Motivo do arquivamento",
                    <textarea required maxLength={2000} {...inputProps("archive", "reason")} />,
                  )}
                  <div>
                    <button type="submit" className="botao secundario">
                      Arquivar
                    </button>
                  </div>
                </Form>
              </details>
            </section>
          ) : null}

          {d.canDecide && a.status === "DECIDED" && d.process.decision?.outcome === "PENALTY" ? (
            <section className="cartao bo-painel" aria-labelledby="auto-recurso">
              <h2 id="auto-recurso">Recurso</h2>
              <Form method="post" className="bo-decisao">
                <CsrfInput />
                <input type="hidden" name="intent" value="appeal" />
                {field(
                  "appeal",
                  "receivedOn",
                  "Recebido em",
                  <input
                    type="date"
                    required
                    max={d.today}
                    {...inputProps("appeal", "receivedOn")}
                    defaultValue={v("appeal").receivedOn ?? d.today}
                  />,
                )}
                {field(
                  "appeal",
                  "summary",
                  "Resumo do recurso",
                  <textarea required maxLength={1000} {...inputProps("appeal", "summary")} />,
                )}
                <div>
                  <button type="submit" className="botao secundario">
                    Registrar recurso
                  </button>
                </div>
              </Form>
            </section>
          ) : null}

          {d.canDecide && a.status === "APPEALED" ? (
            <section className="cartao bo-painel" aria-labelledby="auto-julgar-recurso">
              <h2 id="auto-julgar-recurso">Julgar o recurso</h2>
              {a.credential && penalty?.cassacao ? (
                <p className="aviso atencao">
                  Se o recurso for deferido, a cassação da credencial {a.credential.serial} não é desfeita aqui: a
                  cassação é definitiva no sistema.
                </p>
              ) : a.credential && (penalty?.suspensionDays ?? 0) > 0 ? (
                <p className="dica">
                  Se o recurso for deferido, a suspensão aplicada por este auto à credencial {a.credential.serial} é
                  desfeita, se ela ainda estiver nessa suspensão.
                </p>
              ) : null}
              <Form method="post" className="bo-decisao">
                <CsrfInput />
                <input type="hidden" name="intent" value="appeal_ruling" />
                <fieldset
                  className="bo-itens"
                  aria-describedby={e("appeal_ruling").outcome ? "appeal_ruling-outcome-erro" : undefined}
                >
                  <legend>Resultado do recurso</legend>
                  <div className="bo-opcoes">
                    <label>
                      <input
                        type="radio"
                        name="outcome"
                        value="DENIED"
                        required
                        defaultChecked={v("appeal_ruling").outcome === "DENIED"}
                      />{" "}
                      Indeferir — manter a penalidade
                    </label>
                    <label>
                      <input
                        type="radio"
                        name="outcome"
                        value="GRANTED"
                        defaultChecked={v("appeal_ruling").outcome === "GRANTED"}
                      />{" "}
                      Deferir — anular a penalidade e arquivar o auto
                    </label>
                  </div>
                  {e("appeal_ruling").outcome ? (
                    <p className="erro-campo" id="appeal_ruling-outcome-erro">
                      {e("appeal_ruling").outcome}
                    </p>
                  ) : null}
                </fieldset>
                {field(
                  "appeal_ruling",
                  "reason",
                  "Fundamentação do julgamento",
                  <textarea required maxLength={2000} {...inputProps("appeal_ruling", "reason")} />,
                )}
                {field(
                  "appeal_ruling",
                  "decidedOn",
                  "Recurso julgado em",
                  <input
                    type="date"
                    required
                    min={d.process.appeal?.receivedOn}
                    max={d.today}
                    {...inputProps("appeal_ruling", "decidedOn")}
                    defaultValue={v("appeal_ruling").decidedOn ?? d.today}
                  />,
                )}
                <div>
                  <button type="submit" className="botao">
                    Registrar o julgamento do recurso
                  </button>
                </div>
              </Form>
            </section>
          ) : null}

          <section className="cartao bo-painel" aria-labelledby="auto-historico">
            <h2 id="auto-historico">Histórico</h2>
            <Timeline entries={d.history} label="Histórico do auto" />
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

import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { ErrorSummary } from "~/components/ui/error-summary";
import { requireStaffTrustLevel } from "~/http/govbr.server";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import { zCredentialStatus } from "~/forms/back-office";
import { constraintsOf, type FieldConstraint } from "~/forms/constraints";
import { may, requireStaffRecord } from "~/http/staff-guard.server";
import { credentialForStaff } from "~/models/reports.server";
import { changeCredentialStatus } from "~/models/credentials/status.server";
import { credentialHistory } from "~/models/review-history.server";
import { activePack } from "~/models/rule-pack.server";
import { today } from "~/models/application.server";
import {
  CATEGORY_LABELS,
  CREDENTIAL_STATUS_LABELS,
  CREDENTIAL_STATUS_TONE,
  CREDENTIAL_TYPE_LABELS,
} from "~/domain/credentials/labels";
import { formatPlate } from "~/domain/br";
import { describeHistory } from "~/components/back-office/describe-history";
import { enforcementCitations } from "~/components/back-office/pack-text";
import { Timeline } from "~/components/timeline";
import { CsrfInput } from "~/components/csrf-input";
import { Cpf } from "~/components/back-office/cpf";
import { cpfConfirmedAt } from "~/domain/auth/govbr-identity";
import { cpfView } from "~/domain/auth/cpf-standing";
import styles from "~/components/back-office/back-office.css";
import { formatInstant } from "~/domain/format";
import { reasonText, statusText, validityText } from "~/domain/credentials/facts";
import { FactList } from "~/components/fact-list";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const staff = await requireStaffRecord(request, params, "read:credential", credentialForStaff);
  const { municipality, user, record: c } = staff;
  const [history, pack] = await Promise.all([credentialHistory(c.id), activePack(municipality)]);
  const can = may(user, municipality.id, "enforce:credential", "read:application", "read:infraction");
  return {
    municipality: { name: municipality.name, slug: municipality.slug, timeZone: municipality.timeZone },
    credential: {
      id: c.id,
      serial: c.serial,
      type: CREDENTIAL_TYPE_LABELS[c.type] ?? c.type,
      category: CATEGORY_LABELS[c.category] ?? c.category,
      status: c.status,
      holder:
        c.holderPerson?.fullName ?? c.holderOperator?.tradeName ?? c.holderOperator?.legalName ?? c.holderDisplayName,
      holderDoc: c.holderOperator && !c.holderPerson ? `CNPJ ${c.holderOperator.cnpj}` : null,
      // The holder's CPF and whether gov.br proved it (ADR 054).
      cpf: c.holderPerson ? cpfView(c.holderPerson.cpf, cpfConfirmedAt(c.holderPerson.cpf, c.holderPerson.user)) : null,
      plate: c.plate ? formatPlate(c.plate) : null,
      vehicle: c.vehicle ? [c.vehicle.make, c.vehicle.model, c.vehicle.colour].filter(Boolean).join(" ") : null,
      operatorName: c.operatorName,
      validFrom: c.validFrom,
      validUntil: c.validUntil,
      suspendedUntil: c.suspendedUntil,
      statusReason: c.statusReason,
      statusCitation: c.statusCitation,
      issuedAt: c.issuedAt.toISOString(),
      kid: c.kid,
      application: c.application,
      supersededBy: c.supersededBy,
      keyRevoked: c.keyStatus === "REVOKED",
      siblings: c.siblings.map((s) => ({ ...s, type: CREDENTIAL_TYPE_LABELS[s.type] ?? s.type })),
    },
    history: describeHistory(history, {
      timeZone: municipality.timeZone,
      infraction: (code) => pack.infractions.catalogue.find((i) => i.code === code)?.description ?? code,
    }),
    citations: enforcementCitations(pack),
    can: {
      enforce: can["enforce:credential"],
      application: can["read:application"],
      infractions: can["read:infraction"],
    },
    today: today(new Date(), municipality.timeZone),
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const staff = await requireStaffRecord(request, params, "enforce:credential", credentialForStaff);
  const { municipality, actor, user, record: c } = staff;
  const form = await readForm(request);
  if (form.get("intent") !== "reinstate") await requireStaffTrustLevel(request, user, municipality.id);
  const parsed = parseForm(zCredentialStatus, form);
  if (!parsed.ok)
    return data(
      {
        intent: String(form.get("intent")),
        errors: parsed.errors,
        values: parsed.values,
        error: null as string | null,
      },
      { status: 400 },
    );
  const input = parsed.data;
  if (input.intent === "suspend" && input.until < today(new Date(), municipality.timeZone)) {
    return data(
      {
        intent: input.intent,
        errors: { until: "A suspensão deve terminar hoje ou depois." } as Record<string, string | undefined>,
        values: parsed.data as Record<string, string>,
        error: null,
      },
      { status: 400 },
    );
  }
  try {
    await changeCredentialStatus(
      c.id,
      municipality.id,
      input.intent,
      {
        reason: input.reason,
        citation: input.citation || null,
        until: input.intent === "suspend" ? input.until : null,
      },
      actor,
    );
  } catch (e) {
    return refusedForm(e, {
      intent: input.intent,
      errors: {} as Record<string, string | undefined>,
      values: {} as Record<string, string>,
    });
  }
  return redirect(`/m/${municipality.slug}/credenciais/${c.id}?ok=${input.intent}`);
});

const OK: Record<string, string> = {
  suspend: "Credencial suspensa. A verificação já mostra SUSPENSO.",
  reinstate: "Credencial reativada. A verificação já mostra a situação em vigor.",
  revoke: "Credencial cassada. A verificação já mostra CASSADO.",
};

function Err({ id, msg }: { id: string; msg?: string }) {
  return msg ? (
    <p className="erro-campo" id={id}>
      {msg}
    </p>
  ) : null;
}

/** Each status change's limits, from the schema its action parses with (ADR 021). */
const LIMITS = Object.fromEntries(
  zCredentialStatus.options.map((o) => [o.shape.intent.value, constraintsOf(o)]),
) as Record<string, { reason?: FieldConstraint; citation?: FieldConstraint }>;

/** This page's inputs are named per panel (`suspend-motivo`): the summary links to them. */
const INPUT_IDS: Record<string, string> = { citation: "citacao", reason: "motivo", until: "ate" };

export default function CredentialPage() {
  const { municipality, credential: c, history, citations, can, today: todayIso } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const ok = params.get("ok");
  const errs = (intent: string) =>
    (result?.intent === intent ? (result.errors ?? {}) : {}) as Record<string, string | undefined>;
  const vals = (intent: string) => (result?.intent === intent ? (result.values ?? {}) : {}) as Record<string, string>;
  const base = `/m/${municipality.slug}`;
  const citationField = (intent: string) => {
    const e = errs(intent);
    const required = Boolean(LIMITS[intent]?.citation?.required);
    return (
      <div className="campo">
        <label htmlFor={`${intent}-citacao`}>Fundamento legal{required ? "" : " (opcional)"}</label>
        <p className="dica" id={`${intent}-citacao-dica`}>
          Escolha um dispositivo da lei do município ou escreva outro.
        </p>
        <input
          id={`${intent}-citacao`}
          name="citation"
          list="citacoes"
          {...LIMITS[intent]?.citation}
          defaultValue={vals(intent).citation}
          aria-invalid={e.citation ? true : undefined}
          aria-describedby={[`${intent}-citacao-dica`, e.citation ? `${intent}-citacao-erro` : null]
            .filter(Boolean)
            .join(" ")}
        />
        <Err id={`${intent}-citacao-erro`} msg={e.citation} />
      </div>
    );
  };
  const reasonField = (intent: string, label: string) => {
    const e = errs(intent);
    return (
      <div className="campo">
        <label htmlFor={`${intent}-motivo`}>{label}</label>
        <textarea
          id={`${intent}-motivo`}
          name="reason"
          {...LIMITS[intent]?.reason}
          defaultValue={vals(intent).reason}
          aria-invalid={e.reason ? true : undefined}
          aria-describedby={e.reason ? `${intent}-motivo-erro` : undefined}
        />
        <Err id={`${intent}-motivo-erro`} msg={e.reason} />
      </div>
    );
  };
  return (
    <>
      <p className="bo-voltar">
        <Link to={`${base}/credenciais`}>← Credenciais</Link>
      </p>
      <div className="bo-cabecalho">
        <h1>
          {c.type} {c.serial}
        </h1>
        <span className={`selo ${CREDENTIAL_STATUS_TONE[c.status] ?? "pendente"}`}>
          {statusText(CREDENTIAL_STATUS_LABELS[c.status] ?? c.status, c.suspendedUntil)}
        </span>
      </div>
      {ok && OK[ok] ? (
        <div className="aviso sucesso" role="status">
          {OK[ok]}
        </div>
      ) : null}
      <ErrorSummary
        errors={result?.errors}
        error={result?.error}
        idOf={(name) => `${result?.intent}-${INPUT_IDS[name] ?? name}`}
      />
      {c.keyRevoked ? (
        <div className="aviso erro">
          A chave que assinou esta credencial foi revogada: toda verificação a recusa (NÃO RECONHECIDO). Ela precisa ser
          reemitida.
        </div>
      ) : null}

      <div className="bo-revisao">
        <div>
          <section className="cartao" aria-labelledby="dados-credencial">
            <h2 id="dados-credencial">Dados</h2>
            <FactList
              className="bo-dados"
              facts={[
                {
                  term: "Titular",
                  detail: (
                    <>
                      {c.holderDoc ? `${c.holder} — ${c.holderDoc}` : c.holder}
                      {c.cpf ? (
                        <>
                          {" — CPF "}
                          <Cpf view={c.cpf} timeZone={municipality.timeZone} />
                        </>
                      ) : null}
                    </>
                  ),
                },
                { term: "Categoria", detail: c.category },
                { term: "Placa", detail: `${c.plate ?? "—"}${c.vehicle ? ` — ${c.vehicle}` : ""}` },
                c.operatorName ? { term: "Operadora", detail: c.operatorName } : null,
                { term: "Validade", detail: validityText(c.validFrom, c.validUntil) },
                { term: "Emitida em", detail: formatInstant(c.issuedAt, municipality.timeZone) },
                c.statusReason
                  ? { term: "Motivo da situação", detail: reasonText(c.statusReason, c.statusCitation) }
                  : null,
                c.supersededBy
                  ? {
                      term: "Substituída por",
                      detail: <Link to={`${base}/credenciais/${c.supersededBy.id}`}>{c.supersededBy.serial}</Link>,
                    }
                  : null,
                { term: "Chave de assinatura", detail: <code className="kid">{c.kid}</code> },
              ]}
            />
            <p className="bo-botoes">
              <a className="botao pequeno secundario" href={`${base}/credenciais/${c.id}/pdf`}>
                Abrir o PDF<span className="visualmente-oculto"> de {c.serial}</span>
              </a>
              {c.application && can.application ? (
                <Link to={`${base}/requerimentos/${c.application.id}`}>Requerimento {c.application.number}</Link>
              ) : null}
              {can.infractions ? (
                <Link to={`${base}/autos?q=${encodeURIComponent(c.serial)}`}>Autos de infração</Link>
              ) : null}
            </p>
            {c.siblings.length ? (
              <>
                <h3>Emitidas com ela</h3>
                <ul>
                  {c.siblings.map((s) => (
                    <li key={s.id}>
                      <Link to={`${base}/credenciais/${s.id}`}>
                        {s.type} {s.serial}
                      </Link>{" "}
                      — {CREDENTIAL_STATUS_LABELS[s.status] ?? s.status}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
        </div>

        <div>
          {can.enforce && (c.status === "ACTIVE" || c.status === "SUSPENDED") ? (
            <section className="cartao bo-painel" aria-labelledby="situacao-titulo">
              <h2 id="situacao-titulo">Alterar a situação</h2>
              <datalist id="citacoes">
                {citations.map((x) => (
                  <option key={x} value={x} />
                ))}
              </datalist>
              {c.status === "ACTIVE" ? (
                <Form method="post" className="bo-decisao">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="suspend" />
                  <h3>Suspender</h3>
                  <div className="campo">
                    <label htmlFor="suspend-ate">Suspensa até (inclusive)</label>
                    <input
                      id="suspend-ate"
                      name="until"
                      type="date"
                      required
                      min={todayIso}
                      defaultValue={vals("suspend").until}
                      aria-invalid={errs("suspend").until ? true : undefined}
                      aria-describedby={errs("suspend").until ? "suspend-ate-erro" : undefined}
                    />
                    <Err id="suspend-ate-erro" msg={errs("suspend").until} />
                  </div>
                  {reasonField("suspend", "Motivo da suspensão")}
                  {citationField("suspend")}
                  <div>
                    <button type="submit" className="botao">
                      Suspender credencial
                    </button>
                  </div>
                </Form>
              ) : (
                <Form method="post" className="bo-decisao">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="reinstate" />
                  <h3>Reativar</h3>
                  {reasonField("reinstate", "Motivo da reativação")}
                  {citationField("reinstate")}
                  <div>
                    <button type="submit" className="botao">
                      Reativar credencial
                    </button>
                  </div>
                </Form>
              )}
              <details className="bo-recusar" open={result?.intent === "revoke"}>
                <summary className="botao pequeno secundario perigo">Cassar…</summary>
                <Form method="post" className="bo-decisao">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="revoke" />
                  <p>A cassação é definitiva: a credencial não poderá ser reativada.</p>
                  {reasonField("revoke", "Motivo da cassação")}
                  {citationField("revoke")}
                  <div className="campo bo-confirmacao">
                    <label>
                      <input type="checkbox" name="confirm" value="sim" required /> Confirmo a cassação de {c.serial}.
                    </label>
                    <Err id="revoke-confirm-erro" msg={errs("revoke").confirm} />
                  </div>
                  <div>
                    <button type="submit" className="botao perigo">
                      Cassar credencial
                    </button>
                  </div>
                </Form>
              </details>
            </section>
          ) : null}
          <section className="cartao" aria-labelledby="historico-credencial">
            <h2 id="historico-credencial">Histórico</h2>
            <Timeline entries={history} label="Histórico da credencial" timeZone={municipality.timeZone} />
          </section>
        </div>
      </div>
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Credencial ${data?.credential.serial ?? ""} — Portal de Credenciamento` },
];

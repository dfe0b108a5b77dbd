import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireStaffTrustLevel } from "~/http/govbr.server";
import { readForm } from "~/http/csrf.server";
import { requireApprover } from "~/http/approver-guard.server";
import { requireApplication } from "~/http/review-screen.server";
import { approvalBlocked, credentialsToIssue } from "~/http/approval-summary.server";
import { approveForReview, evaluateForReview, vistoriaBeforeApproval } from "~/models/review-dispatch.server";
import { vehicleConflict } from "~/models/approval-facts.server";
import { parseDraft } from "~/domain/applications/draft";
import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "~/domain/applications/status";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { formatPlate } from "~/domain/br";
import { cpfViews } from "~/models/cpf-standing.server";
import { Cpf } from "~/components/back-office/cpf";
import { formatDate } from "~/domain/format";
import { MODE_LABELS } from "~/components/back-office/labels";
import { Checklist } from "~/components/checklist";
import { CsrfInput } from "~/components/csrf-input";
import styles from "~/components/back-office/back-office.css";
import { refusedForm, withFormRefusals, withRefusals } from "~/http/refusal.server";

// "Aprovar e emitir", confirmed: the review screen links here; this page says what will be issued,
// to whom, for which plate and until when, and the credentials are issued only on "Confirmar e
// emitir" (POST with CSRF). Only who may issue gets in — a fiscal gets 403 before anything is read.
// A second submission (double tap, back and resend) issues nothing: the model approves only an
// application in review, in one transaction guarded by its row version; the page then shows the
// result of the first.
async function load(request: Request, slug: string | undefined, id: string | undefined) {
  // Who may issue, never the applicant; a staff member's application, a gestor (ADR 051).
  return requireApprover(request, slug, id);
}

const issuedUrl = (slug: string, id: string) => `/m/${slug}/requerimentos/${id}?ok=emitido#aviso`;

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality, app } = await load(request, params.municipio, params.id);
  if (app.status === "ISSUED") throw redirect(issuedUrl(municipality.slug, app.id));
  const [{ result }, vistoria, cpfOf] = await Promise.all([
    evaluateForReview(app),
    vistoriaBeforeApproval(app),
    cpfViews([app.person?.cpf ?? ""], { masked: true }),
  ]);
  const plate = app.subject === "OPERATOR" ? null : parseDraft(app.draftJson).vehicle.plate;
  const toIssue = credentialsToIssue(result);
  // Seen before confirming: approving would take the vehicle from its holder (ADR 055).
  const vehicle = plate && toIssue.length ? await vehicleConflict(app) : null;
  return {
    municipality: { slug: municipality.slug, name: municipality.name },
    app: {
      id: app.id,
      number: app.number,
      status: app.status as ApplicationStatus,
      holder: app.person?.fullName ?? app.operator?.legalName ?? "—",
      // With whether gov.br proved it (ADR 054): the approver sees a typed CPF as such.
      cpf: app.person?.cpf ? cpfOf(app.person.cpf) : null,
      category: CATEGORY_LABELS[app.category] ?? app.category,
      mode: MODE_LABELS[app.mode] ?? app.mode,
      plate: plate ? formatPlate(plate) : null,
    },
    toIssue,
    blocked: approvalBlocked(result, vistoria),
    vistoriaDue: Boolean(vistoria),
    vehicle,
    result,
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor, app, user } = await load(request, params.municipio, params.id);
  await readForm(request);
  await requireStaffTrustLevel(request, user, municipality.id);
  if (app.status === "ISSUED") return redirect(issuedUrl(municipality.slug, app.id));
  try {
    await approveForReview(app, municipality.id, actor);
  } catch (e) {
    // Two submissions at once: the one that lost the race changed nothing; show the winner's result.
    const now = await requireApplication(app.id, municipality.id);
    if (now.status === "ISSUED") return redirect(issuedUrl(municipality.slug, app.id));
    // A refusal changes nothing (approveAndIssue is one transaction); say why, with the law.
    return refusedForm(e, {});
  }
  return redirect(issuedUrl(municipality.slug, app.id));
});

export default function ConfirmApproval() {
  const { municipality, app, toIssue, blocked, vistoriaDue, vehicle, result } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const alert = useRef<HTMLDivElement>(null);
  const back = `/m/${municipality.slug}/requerimentos/${app.id}`;
  const ready = app.status === "IN_REVIEW" && !blocked && !vehicle;

  useEffect(() => {
    if (refused?.error) alert.current?.focus();
  }, [refused]);

  return (
    <>
      <p className="bo-voltar">
        <Link to={back}>← Voltar ao requerimento</Link>
      </p>
      <h1>Confirmar a aprovação — {app.number}</h1>
      {refused?.error ? (
        <div className="aviso erro" role="alert" tabIndex={-1} ref={alert} style={{ whiteSpace: "pre-line" }}>
          {refused.error}
        </div>
      ) : null}

      <section className="cartao" aria-labelledby="resumo-titulo">
        <h2 id="resumo-titulo">O que será emitido</h2>
        <dl className="bo-dados">
          <dt>Titular</dt>
          <dd>
            {app.holder}
            {app.cpf ? (
              <>
                {" (CPF "}
                <Cpf view={app.cpf} />)
              </>
            ) : null}
          </dd>
          <dt>Categoria</dt>
          <dd>
            {app.category} · {app.mode}
          </dd>
          <dt>Placa</dt>
          <dd>{app.plate ?? "—"}</dd>
        </dl>
        {toIssue.length ? (
          <ul aria-label="Credenciais a emitir">
            {toIssue.map((c) => (
              <li key={c.type}>
                <strong>{c.label}</strong>
                {c.validUntil ? `, válido até ${formatDate(c.validUntil)}` : ""}
                {c.citation ? <span className="citacao"> ({c.citation})</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>A lei não prevê credencial impressa para esta categoria: a aprovação registra o ato.</p>
        )}

        {app.status !== "IN_REVIEW" ? (
          <p className="aviso atencao">
            Este requerimento está “{APPLICATION_STATUS_LABELS[app.status]}”: só um requerimento em análise pode ser
            aprovado.
          </p>
        ) : blocked || vehicle ? (
          <>
            {blocked ? (
              <p className="aviso atencao" id="confirmar-motivo">
                Aprovação indisponível: {blocked}{" "}
                {vistoriaDue ? (
                  <>
                    Agende ou registre a <Link to={`${back}#vistoria`}>vistoria do veículo</Link>.
                  </>
                ) : (
                  "Veja o checklist abaixo."
                )}
              </p>
            ) : null}
            {vehicle ? (
              <p className="aviso erro" id="conflito-veiculo">
                {vehicle}
              </p>
            ) : null}
          </>
        ) : (
          <p>A aprovação é definitiva: as credenciais passam a valer assim que emitidas.</p>
        )}

        <Form method="post" className="bo-confirmar">
          <CsrfInput />
          {ready ? (
            <button type="submit" className="botao" disabled={busy} aria-busy={busy}>
              {busy ? "Emitindo…" : "Confirmar e emitir"}
            </button>
          ) : null}
          <Link to={back} className="botao secundario">
            Voltar
          </Link>
        </Form>
      </section>

      <section className="cartao" aria-labelledby="checklist-titulo">
        <h2 id="checklist-titulo">Checklist da lei</h2>
        <Checklist result={result} headingLevel={3} />
      </section>
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Confirmar a aprovação ${data?.app.number ?? ""} — Portal de Credenciamento` },
];

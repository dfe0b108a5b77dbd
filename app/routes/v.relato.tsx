import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PASSENGER_REPORT_KIND_LABELS, PASSENGER_REPORT_KINDS } from "~/domain/credentials/passenger-report";
import { isWellFormedSerial, normalizeSerial } from "~/domain/credentials/typed-code";
import { constraintsOf } from "~/forms/constraints";
import { passengerReportFields, zPassengerReport } from "~/forms/public";
import { seeOther } from "~/http/answers.server";
import { actorOf } from "~/http/permissions.server";
import { publicPageResponse, rateLimitedResponse } from "~/http/public-page.server";
import { withRefusals } from "~/http/refusal.server";
import { startPassengerReport } from "~/models/passenger-report.server";
import { env } from "~/utils/env.server";
import { type FormErrors, parseForm } from "~/utils/forms";
import { overLimit } from "~/utils/public-rate-limit.server";

// A passenger's report about a credential: a static no-JS form, no account. There is no session
// to hang a CSRF token on, so a POST is accepted only when the browser says it comes from this
// site (Origin or Sec-Fetch-Site) — see ADR 007 — and with the honeypot field left empty.
const HONEYPOT = "site";
const TITLE = "Relatar um problema";
const MAX_BODY_BYTES = 16 * 1024;

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  if (url.searchParams.get("enviado") === "1") return page(<Sent />);
  const code = normalizeSerial((url.searchParams.get("codigo") ?? "").slice(0, 64));
  return page(<ReportForm values={{ codigo: isWellFormedSerial(code) ? code : "" }} errors={{}} />);
});

const limits = constraintsOf(passengerReportFields);

export const action = withRefusals(async ({ request, context }: ActionFunctionArgs) => {
  if (!fromThisSite(request)) {
    return page(<Refused />, 403);
  }
  const wait = await overLimit("report", context.clientIp);
  if (wait) return rateLimitedResponse(wait, TITLE, { referrer: "same-origin" });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) return page(<Refused />, 413);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return page(<Refused />, 400);
  }
  // A bot that fills every field gets the same answer as a person, and nothing is stored.
  const honeypot = form.get(HONEYPOT);
  if (typeof honeypot !== "string" || honeypot !== "") return sent();
  const parsed = parseForm(zPassengerReport, form, { secret: [HONEYPOT] });
  const values = parsed.values;
  if (!parsed.ok) return page(<ReportForm values={values} errors={parsed.errors} />, 400);
  // Any well-formed code is thanked the same way, before it is looked up (issue #35): the answer
  // never tells whether a credential has this code. A report about no credential is dropped.
  const { codigo, tipo, mensagem, contato } = parsed.data;
  startPassengerReport(
    { serial: codigo, kind: tipo, message: mensagem, contact: contato || null },
    actorOf(null, request),
  );
  return sent();
});

const sent = () => seeOther("/v/relato?enviado=1");

/** Same-site POST only: the Origin header, or else Sec-Fetch-Site, must say so; neither → refused. */
function fromThisSite(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin && origin !== "null") {
    return origin === new URL(request.url).origin || origin === new URL(env().PUBLIC_BASE_URL).origin;
  }
  return request.headers.get("sec-fetch-site") === "same-origin";
}

// same-origin, not no-referrer: the form's POST must carry this site's Origin (see fromThisSite).
const page = (body: React.ReactElement, status = 200) =>
  publicPageResponse(TITLE, body, { status, referrer: "same-origin" });

// Each field's error sits after it with the id `<name>-erro`, which the field points to.
const errorId = (errors: FormErrors, name: string) => (errors[name] ? `${name}-erro` : undefined);

const invalidIf = (errors: FormErrors, name: string) => ({
  "aria-invalid": errors[name] ? true : undefined,
  "aria-describedby": errorId(errors, name),
});

function FieldError({ errors, name }: { errors: FormErrors; name: string }) {
  return errors[name] ? (
    <p className="erro" id={`${name}-erro`}>
      {errors[name]}
    </p>
  ) : null;
}

function ReportForm({ values, errors }: { values: Record<string, string>; errors: FormErrors }) {
  const code = values.codigo ?? "";
  const known = isWellFormedSerial(normalizeSerial(code)) && !errors.codigo;
  return (
    <>
      <h1>Relatar um problema</h1>
      <p>
        Conte à prefeitura o que aconteceu. Não é preciso se identificar; se deixar um contato, ele só será usado para
        falar sobre este relato.
      </p>
      {Object.keys(errors).length ? (
        <p className="erro" role="alert">
          Confira os campos destacados.
        </p>
      ) : null}
      <form method="post" action="/v/relato" className="cartao" noValidate>
        {known ? (
          <>
            <p>
              Credencial <strong>{normalizeSerial(code)}</strong>
            </p>
            <input type="hidden" name="codigo" value={normalizeSerial(code)} />
          </>
        ) : (
          <>
            <label htmlFor="codigo">Código da credencial</label>
            <input
              id="codigo"
              name="codigo"
              defaultValue={code}
              required
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={40}
              {...invalidIf(errors, "codigo")}
            />
            <FieldError errors={errors} name="codigo" />
          </>
        )}
        <fieldset
          style={{ border: "1px solid #ccc", borderRadius: 6, marginTop: ".8rem" }}
          aria-describedby={errorId(errors, "tipo")}
        >
          <legend>O que aconteceu?</legend>
          {PASSENGER_REPORT_KINDS.map((k) => (
            <label key={k} style={{ fontWeight: 400, display: "flex", gap: ".6rem", alignItems: "center" }}>
              <input
                type="radio"
                name="tipo"
                value={k}
                defaultChecked={values.tipo === k}
                required
                style={{ width: "1.3rem", minHeight: "1.3rem" }}
              />{" "}
              {PASSENGER_REPORT_KIND_LABELS[k]}
            </label>
          ))}
          <FieldError errors={errors} name="tipo" />
        </fieldset>
        <label htmlFor="mensagem">Conte o que aconteceu {values.tipo === "OTHER" ? "" : "(opcional)"}</label>
        <textarea
          id="mensagem"
          name="mensagem"
          rows={4}
          maxLength={limits.mensagem.maxLength}
          defaultValue={values.mensagem ?? ""}
          {...invalidIf(errors, "mensagem")}
        />
        <FieldError errors={errors} name="mensagem" />
        <label htmlFor="contato">Seu telefone ou e-mail (opcional)</label>
        <input
          id="contato"
          name="contato"
          maxLength={limits.contato.maxLength}
          autoComplete="email"
          defaultValue={values.contato ?? ""}
          {...invalidIf(errors, "contato")}
        />
        <FieldError errors={errors} name="contato" />
        <div className="oculto">
          <label htmlFor={HONEYPOT}>Não preencha este campo</label>
          <input id={HONEYPOT} name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <button type="submit">Enviar relato</button>
      </form>
      <p className="aviso">Em caso de emergência, ligue 190 (Polícia Militar) ou 192 (SAMU).</p>
      <p>
        <a href="/verificar">Verificar outra credencial</a>
      </p>
    </>
  );
}

function Sent() {
  return (
    <section className="cartao" role="status">
      <h1>Relato recebido</h1>
      <p>Obrigado. A prefeitura recebeu o seu relato e vai apurar o que aconteceu.</p>
      <p>
        <a href="/verificar">Verificar outra credencial</a>
      </p>
    </section>
  );
}

function Refused() {
  return (
    <section className="cartao" role="alert">
      <h1>Relato não enviado</h1>
      <p>
        O formulário precisa ser enviado a partir da página de verificação deste portal. Volte à página da credencial e
        tente de novo.
      </p>
      <p>
        <a href="/verificar">Ir para a verificação</a>
      </p>
    </section>
  );
}

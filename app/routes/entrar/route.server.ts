import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { landingFor } from "~/domain/auth/landing";
import { formatCount } from "~/domain/format";
import { zSignIn } from "~/forms/account";
import { getUser, safeRedirect } from "~/http/auth.server";
import { readForm, rotatedCsrfCookie } from "~/http/csrf.server";
import { withRefusals } from "~/http/refusal.server";
import { passRetryAfter } from "~/http/route-headers";
import { startSession } from "~/http/session.server";
import { passwordSignInAllowed } from "~/models/govbr-policy.server";
import { authenticate, currentUser } from "~/models/user.server";
import { formError, parseForm } from "~/utils/forms";
import { govbrEnabled } from "~/utils/oidc.server";

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await getUser(request);
  if (user) throw redirect(landingFor(user));
  return { govbr: govbrEnabled() };
});

// The same words for an unknown account and a wrong password: the form never tells which.
const INVALID = "CPF/e-mail ou senha incorretos.";

const STAFF_GOVBR_ONLY = "A prefeitura exige que a equipe entre com gov.br. Use o botão “Entrar com gov.br”.";

export const action = withRefusals(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const parsed = parseForm(zSignIn, form, { secret: ["password"] });
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const result = await authenticate(parsed.data.login, parsed.data.password, context.clientIp ?? "desconhecido");
  const values = { login: parsed.data.login };
  if (!result.ok && result.reason === "throttled") {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return data(
      formError(
        `Muitas tentativas. Aguarde ${formatCount(minutes, "minuto", "minutos")} e tente de novo, ou redefina sua senha.`,
        values,
      ),
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (!result.ok) return data(formError(INVALID, values), { status: 400 });
  // A municipality may turn passwords off for its staff: they sign in with gov.br (ADR 038).
  if (!(await passwordSignInAllowed(result.userId))) {
    return data(formError(STAFF_GOVBR_ONLY, values), { status: 403 });
  }
  const cookie = await startSession(request, result.userId);
  // Without a page to go back to, each person lands where their work starts (a fiscal: the scanner).
  const user = await currentUser(result.userId, "");
  const landing = user ? landingFor(user) : "/painel";
  // A new session and a new CSRF token (ADR 053).
  const headers = new Headers([
    ["Set-Cookie", cookie],
    ["Set-Cookie", rotatedCsrfCookie()],
  ]);
  return redirect(safeRedirect(parsed.data.voltar, landing), { headers });
});

// Without it the 429 would reach the browser without its Retry-After.
export const headers = passRetryAfter;

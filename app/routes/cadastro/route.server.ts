import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { passwordProblem } from "~/domain/auth/password-policy";
import { passwordErrors, signUpPersonal, withPasswordCheck, zSignUp } from "~/forms/account";
import { getUser } from "~/http/auth.server";
import { readForm } from "~/http/csrf.server";
import { actorOf } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { passRetryAfter } from "~/http/route-headers";
import { startSignUp } from "~/models/sign-up.server";
import { formError, formValues, parseForm } from "~/utils/forms";
import { consumeLimit } from "~/utils/rate-limit.server";

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  if (await getUser(request)) throw redirect("/painel");
  return null;
});

const SignUpSchema = withPasswordCheck(zSignUp, passwordProblem, signUpPersonal);

const SECRET = ["password", "confirm"];

/** The password's problems when the rest of the form was refused (the schema's refinement did not run). */
function passwordOnly(v: Record<string, string>, found: Record<string, string | undefined>) {
  if (found.password || found.confirm) return {};
  const typed = { name: v.name ?? "", email: v.email ?? "", cpf: v.cpf ?? "" };
  return passwordErrors(
    { password: v.password ?? "", confirm: v.confirm ?? "" },
    passwordProblem,
    signUpPersonal(typed),
  );
}

export const action = withRefusals(async ({ request, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const limit = await consumeLimit(`cadastro:ip:${context.clientIp}`, 20, 3_600_000);
  if (!limit.allowed) {
    return data(
      formError(
        "Muitos cadastros a partir desta conexão. Tente de novo mais tarde.",
        formValues(form, ["csrf", ...SECRET]),
      ),
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  // Every problem of the form in one round, password strength included (issue #16). Whether the CPF
  // or e-mail already has an account is never said (issue #35): the e-mail tells the rest.
  const parsed = parseForm(SignUpSchema, form, { secret: SECRET });
  if (!parsed.ok) {
    const errors = { ...parsed.errors, ...passwordOnly(formValues(form), parsed.errors) };
    return data({ errors, values: parsed.values }, { status: 400 });
  }
  const { cpf, name, email, password } = parsed.data;
  startSignUp({ cpf, name, email, password }, { ...actorOf(null, request), requestId: context.requestId ?? null });
  return data({ sent: true, email, errors: {} as Record<string, string | undefined> });
});

// The 429 keeps its Retry-After on the way to the browser.
export const headers = passRetryAfter;

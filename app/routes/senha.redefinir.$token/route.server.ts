import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { passwordProblem } from "~/domain/auth/password-policy";
import { passwordErrors, zNewPassword } from "~/forms/account";
import { readForm } from "~/http/csrf.server";
import { actorOf } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { findPasswordToken, resetPassword } from "~/models/user.server";
import { parseForm } from "~/utils/forms";

export const loader = withRefusals(async ({ params }: LoaderFunctionArgs) => {
  const row = await findPasswordToken(params.token ?? "");
  return { valid: Boolean(row), name: row?.user?.name ?? null };
});

export const action = withRefusals(async ({ request, params, context }: ActionFunctionArgs) => {
  const form = await readForm(request);
  const parsed = parseForm(zNewPassword, form, { secret: ["password", "confirm"] });
  if (!parsed.ok) return data({ errors: parsed.errors, expired: false }, { status: 400 });
  const row = await findPasswordToken(params.token ?? "");
  // The password is checked against the account's own words (name, e-mail, CPF) when the link is good.
  const personal = row ? [row.user?.name ?? "", row.email, row.user?.cpf ?? ""] : [];
  const errors: Record<string, string | undefined> = passwordErrors(parsed.data, passwordProblem, personal);
  if (Object.keys(errors).length) return data({ errors, expired: false }, { status: 400 });
  const ok =
    row &&
    (await resetPassword(params.token ?? "", parsed.data.password, {
      ...actorOf(null, request),
      requestId: context.requestId ?? null,
    }));
  if (!ok) return data({ errors: {} as Record<string, string | undefined>, expired: true }, { status: 400 });
  return redirect("/entrar?senha=redefinida");
});

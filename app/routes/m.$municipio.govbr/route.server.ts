import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { parseTrustLevel } from "~/domain/auth/trust-level";
import { invalid } from "~/domain/refusal";
import { zGovbrPolicy } from "~/forms/back-office";
import { readForm } from "~/http/csrf.server";
import { requirePolicyChangeTrustLevel } from "~/http/govbr.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { requireStaff } from "~/http/staff-guard.server";
import { govbrPolicy, setGovbrPolicy } from "~/models/govbr-policy.server";
import { parseForm } from "~/utils/forms";
import { govbrEnabled } from "~/utils/oidc.server";

export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "manage:staff");
  return { municipality: { name: municipality.name }, policy: await govbrPolicy(municipality.id), on: govbrEnabled() };
});

export const action = withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, user, actor } = await requireStaff(request, params.municipio, "manage:staff");
  const parsed = parseForm(zGovbrPolicy, await readForm(request));
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values, error: null }, { status: 400 });
  const p = parsed.data;
  // Signed in at the stricter of the staff level in force and the new one (ADR 053); below it,
  // the person is sent to sign in with gov.br at that level and comes back here.
  await requirePolicyChangeTrustLevel(request, user, municipality.id, parseTrustLevel(p.staffLevel));
  const asksGovbr = p.driverLevel || p.staffLevel || p.staffPasswordDisabled === "sim";
  // Without gov.br configured nobody could meet the policy: refuse it rather than lock everyone out.
  if (asksGovbr && !govbrEnabled()) throw invalid("Entrar com gov.br não está configurado neste portal.");
  if (p.staffPasswordDisabled === "sim" && !p.staffLevel) {
    throw invalid("Para desligar a senha da equipe, escolha o nível mínimo da equipe.", "staffLevel");
  }
  await setGovbrPolicy(
    municipality.id,
    {
      govbrDriverLevel: parseTrustLevel(p.driverLevel),
      govbrStaffLevel: parseTrustLevel(p.staffLevel),
      staffPasswordDisabled: p.staffPasswordDisabled === "sim",
    },
    actor,
  );
  return redirect(`/m/${params.municipio}/govbr?ok=salvo`);
});

import type { LoaderFunctionArgs } from "@remix-run/node";
import { TRUST_LEVEL_LABEL } from "~/domain/auth/trust-level";
import { formatCpf } from "~/domain/br";
import { formatDayOf } from "~/domain/format";
import { requireUser } from "~/http/auth.server";
import { withRefusals } from "~/http/refusal.server";
import { govbrEnabled } from "~/utils/oidc.server";

// "Minha conta" (ADR 038): the account's own identity, and whether gov.br confirmed its CPF.
export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  return {
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    cpf: formatCpf(user.cpf),
    confirmedOn: user.cpfConfirmedAt ? formatDayOf(user.cpfConfirmedAt, "America/Sao_Paulo") : null,
    level: user.govbrLevel ? TRUST_LEVEL_LABEL[user.govbrLevel] : null,
    govbr: govbrEnabled(),
  };
});

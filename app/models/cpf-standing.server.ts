// Which CPFs gov.br proved (ADR 038, 054): the account holding it is linked by that CPF
// (`User.govbrSubject`, set only from a verified ID token), since `cpfConfirmedAt`.
import { type CpfView, cpfView, isContestedCpf } from "~/domain/auth/cpf-standing";
import { db } from "~/utils/db.server";

/** When gov.br proved each of these CPFs; a CPF missing from the map was never proven. */
async function cpfConfirmations(cpfs: readonly string[]): Promise<Map<string, Date>> {
  const wanted = [...new Set(cpfs.filter((c) => c && !isContestedCpf(c)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.user.findMany({
    where: { cpf: { in: wanted }, govbrSubject: { in: wanted }, cpfConfirmedAt: { not: null } },
    select: { cpf: true, govbrSubject: true, cpfConfirmedAt: true },
  });
  return new Map(rows.filter((r) => r.govbrSubject === r.cpf).map((r) => [r.cpf, r.cpfConfirmedAt!]));
}

/** A function giving each CPF's view (formatted or masked, with its standing), from one query. */
export async function cpfViews(
  cpfs: readonly string[],
  opts: { masked?: boolean } = {},
): Promise<(cpf: string) => CpfView> {
  const confirmed = await cpfConfirmations(cpfs);
  return (cpf) => cpfView(cpf, confirmed.get(cpf) ?? null, opts);
}

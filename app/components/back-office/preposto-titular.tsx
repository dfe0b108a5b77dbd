// The titular a preposto names (Patrocínio, Lei 4.883/2017, art. 14): whose CPF, gov.br-proven or
// not, holding a credential here or not — what the reviewer checks before accepting.
import { CpfConfirmed } from "~/components/govbr";
import { CATEGORY_LABELS, CREDENTIAL_STATUS_LABELS } from "~/domain/credentials/labels";
import { formatDate } from "~/domain/format";

type TitularView = {
  /** Formatted, as staff see an applicant's CPF; null when the application names none. */
  cpf: string | null;
  name: string | null;
  cpfConfirmedAt: string | null;
  inForce: boolean;
  credentials: {
    serial: string;
    typeLabel: string;
    category: string;
    status: string;
    validUntil: string;
    inForce: boolean;
  }[];
};

const statusWords = (c: TitularView["credentials"][number]) =>
  c.inForce
    ? "em vigor"
    : c.status === "ACTIVE"
      ? "fora da validade"
      : (CREDENTIAL_STATUS_LABELS[c.status] ?? c.status).toLowerCase();

export function PrepostoTitular({ titular, timeZone }: { titular: TitularView; timeZone: string }) {
  return (
    <>
      <dt>Titular indicado</dt>
      <dd id="titular">
        {titular.cpf ? (
          <>
            {titular.name ?? "Sem cadastro no portal"} — CPF {titular.cpf}
            <CpfConfirmed at={titular.cpfConfirmedAt} timeZone={timeZone} />
          </>
        ) : (
          "O requerimento não informa o CPF do titular."
        )}
        {titular.cpf ? (
          <p className={`dica ${titular.inForce ? "" : "erro-campo"}`}>
            {titular.inForce
              ? "Tem credencial em vigor neste município:"
              : "Não tem credencial em vigor neste município."}
          </p>
        ) : null}
        {titular.credentials.length ? (
          <ul aria-label="Credenciais do titular neste município">
            {titular.credentials.map((c) => (
              <li key={c.serial}>
                {c.typeLabel} {c.serial} · {CATEGORY_LABELS[c.category] ?? c.category} · {statusWords(c)}, até{" "}
                {formatDate(c.validUntil)}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="dica">
          O portal ainda não pede ao titular que confirme a indicação: confirme com ele antes de aprovar.
        </p>
      </dd>
    </>
  );
}

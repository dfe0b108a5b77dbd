import { FactList } from "~/components/fact-list";
import { verdictFacts } from "~/domain/credentials/facts";
import { verdictLabel } from "~/domain/credentials/labels";
import { formatInstant } from "~/domain/format";
import { DEFAULT_TIME_ZONE, timeZoneForUf } from "~/domain/time";
import type { VerdictBody } from "~/models/verification.server";

/** The verdict first, text and icon (never colour alone). `scanned`: from the QR; `code`: the printed typed code. */
export function VerdictView({
  body,
  serialForReport,
  scanned,
  code,
}: {
  body: VerdictBody;
  serialForReport: string | null;
  scanned: boolean;
  code?: string | null;
}) {
  const v = verdictLabel(body.verdict, body.reason);
  const c = body.credential;
  return (
    <>
      <section
        className={`veredito ${body.verdict}`}
        role="status"
        aria-live="polite"
        tabIndex={-1}
        // The verdict is the page's point and there are no scripts: focus starts on it (read first, in view).
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      >
        <span className="icone" aria-hidden="true">
          {v.icon}
        </span>
        <div>
          <strong>{v.label}</strong>
          <span>{v.explanation}</span>
        </div>
      </section>
      {c ? (
        <section className="cartao" aria-label="Dados da credencial">
          {c.photoUrl ? (
            <img className="foto" src={c.photoUrl} alt={`Foto de ${c.holderName}`} width={150} height={200} />
          ) : null}
          <FactList facts={verdictFacts(c, code)} />
          {c.photoUrl ? (
            <p className="aviso">Compare o rosto, o nome e a placa com o condutor e a moto à sua frente.</p>
          ) : scanned ? (
            <p className="aviso">
              Este documento não tem foto. Compare o nome e a placa com o condutor e o veículo à sua frente.
            </p>
          ) : (
            <p className="aviso">Consulta pelo código digitado: a foto só aparece lendo o QR code do crachá.</p>
          )}
        </section>
      ) : null}
      {/* On the credential's municipality clock, derived from its UF (api.md's JSON carries no zone). */}
      <p>
        Verificado em {formatInstant(body.checkedAt, (c && timeZoneForUf(c.municipality.uf)) || DEFAULT_TIME_ZONE)}.
      </p>
      {serialForReport ? (
        <p>
          <a href={`/v/relato?codigo=${encodeURIComponent(serialForReport)}`}>Relatar um problema com este condutor</a>
        </p>
      ) : null}
      <p>
        <a href="/verificar">Verificar outro código</a>
      </p>
    </>
  );
}

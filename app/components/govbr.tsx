// "Entrar com gov.br" (ADR 038) as the Design System draws it, and the refused sign-in page. A link:
// starting a sign-in changes nothing until the provider answers.
import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/submit-button";
import { formatDayOf } from "~/domain/format";

export function GovbrButton({ voltar, nivel }: { voltar?: string | null; nivel?: string | null }) {
  const q = new URLSearchParams();
  if (voltar) q.set("voltar", voltar);
  if (nivel) q.set("nivel", nivel);
  const href = `/entrar/govbr${q.size ? `?${q}` : ""}`;
  return (
    // A full navigation (reloadDocument): the answer is a redirect to the provider.
    <Link to={href} reloadDocument className={`${buttonClass("botao")} govbr-entrar`}>
      Entrar com&nbsp;<strong>gov.br</strong>
    </Link>
  );
}

/** A gov.br sign-in that did not happen: why, and the ways on. */
export function GovbrFailure({ message }: { message: string }) {
  return (
    <div className="cartao estreito">
      <h1>Entrar com gov.br</h1>
      <div className="aviso erro" role="alert">
        {message}
      </div>
      <p>
        <GovbrButton />
      </p>
      <p>
        <Link to="/entrar">Entrar com CPF e senha</Link>
      </p>
    </div>
  );
}

/** The read-only mark beside a CPF that gov.br confirmed (staff screens; ADR 044). */
export function CpfConfirmed({ at, timeZone }: { at: string | null; timeZone: string }) {
  if (!at) return null;
  return <span> — confirmado pelo gov.br em {formatDayOf(at, timeZone)}</span>;
}

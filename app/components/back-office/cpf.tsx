// A CPF on a staff screen with how far it can be trusted (ADR 054): confirmed, typed, or contested.
import type { CpfView } from "~/domain/auth/cpf-standing";
import { formatDayOf } from "~/domain/format";

/** The CPF's text and its mark; `timeZone` adds the day gov.br confirmed it. */
export function Cpf({ view, timeZone }: { view: CpfView; timeZone?: string }) {
  if (view.standing === "contested") {
    return (
      <span className="cpf-contestado">
        <strong>CPF contestado</strong> — o titular comprovou este CPF pelo gov.br; esta conta perdeu o CPF e está
        bloqueada para análise
      </span>
    );
  }
  if (view.standing === "confirmed") {
    const on = view.confirmedAt && timeZone ? ` em ${formatDayOf(view.confirmedAt, timeZone)}` : "";
    return (
      <span>
        {view.text} — confirmado pelo gov.br{on}
      </span>
    );
  }
  return (
    <span>
      {view.text} — <strong className="cpf-nao-confirmado">não confirmado</strong> (informado sem gov.br)
    </span>
  );
}

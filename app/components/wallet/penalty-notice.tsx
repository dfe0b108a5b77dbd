// A suspension or cassação as the holder reads it (domain/credentials/holder-notice): the title,
// why, until when or that it is final, and how to appeal. On "Minhas credenciais" and "Meu crachá".
import type { HolderNotice } from "~/domain/credentials/holder-notice";

export function PenaltyNotice({ notice, id }: { notice: HolderNotice; id: string }) {
  return (
    <section
      className={`aviso ${notice.kind === "revoked" ? "erro" : "atencao"} situacao-titular`}
      aria-labelledby={id}
    >
      <h3 id={id}>{notice.title}</h3>
      <p>{notice.reason}</p>
      <p>{notice.effect}</p>
      {notice.final ? <p>{notice.final}</p> : null}
      <p>
        <strong>Recurso: </strong>
        {notice.appeal}
      </p>
    </section>
  );
}

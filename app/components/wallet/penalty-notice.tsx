// A suspension or cassação as the holder reads it (domain/credentials/penalty-notice).
import type { PenaltyNoticeView } from "~/domain/credentials/penalty-notice";

export function PenaltyNotice({ notice, id }: { notice: PenaltyNoticeView; id: string }) {
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

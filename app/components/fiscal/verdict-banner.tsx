import { verdictLabel } from "~/domain/credentials/labels";
import type { OfflineVerdict } from "./offline-verify";

const UNCONFIRMED = {
  label: "NÃO CONFIRMADO",
  icon: "?",
  explanation:
    "A assinatura não pôde ser conferida sem conexão: credencial de outro município ou chave nova. Consulte de novo quando houver sinal.",
};

/** The verdict first, with text and icon (never colour alone), saying how it was reached. */
export function VerdictBanner({
  verdict,
  reason,
  mode,
}: {
  verdict: OfflineVerdict | "SUPERSEDED";
  reason?: string | null;
  mode: "online" | "offline";
}) {
  const v = verdict === "UNCONFIRMED" ? UNCONFIRMED : verdictLabel(verdict, reason);
  return (
    <section className={`veredito-fiscal v-${verdict}`} role="status" aria-live="polite">
      <span className="icone" aria-hidden="true">
        {v.icon}
      </span>
      <div>
        <strong>{v.label}</strong>
        <span>{v.explanation}</span>
        <br />
        <span className="modo">
          {mode === "offline" ? "VERIFICAÇÃO OFFLINE — sem conexão com a prefeitura" : "Verificação online"}
        </span>
      </div>
    </section>
  );
}

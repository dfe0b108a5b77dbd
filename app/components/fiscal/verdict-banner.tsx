import { useEffect, useRef } from "react";
import { verdictLabel } from "~/domain/credentials/labels";
import type { OfflineVerdict } from "./offline-verify";

const UNCONFIRMED = {
  label: "NÃO CONFIRMADO",
  icon: "?",
  explanation:
    "A assinatura não pôde ser conferida sem conexão: credencial de outro município ou chave nova. Consulte de novo quando houver sinal.",
};

/**
 * The verdict first, with text and icon (never colour alone). A new `focusKey` scrolls it up and
 * focuses it, so the fiscal sees it and a screen reader reads it.
 */
export function VerdictBanner({
  verdict,
  reason,
  mode,
  explanation,
  focusKey,
}: {
  verdict: OfflineVerdict | "SUPERSEDED";
  reason?: string | null;
  mode: "online" | "offline";
  /** Replaces the verdict's usual explanation (a typed code offline says what was and was not checked). */
  explanation?: string;
  focusKey?: unknown;
}) {
  const banner = useRef<HTMLElement>(null);
  const v = verdict === "UNCONFIRMED" ? UNCONFIRMED : verdictLabel(verdict, reason);
  useEffect(() => {
    if (focusKey === undefined || !banner.current) return;
    banner.current.scrollIntoView({ block: "start" });
    banner.current.focus({ preventScroll: true });
  }, [focusKey]);
  return (
    <section
      ref={banner}
      className={`veredito-fiscal v-${verdict}`}
      role="status"
      aria-live="polite"
      tabIndex={focusKey === undefined ? undefined : -1}
    >
      <span className="icone" aria-hidden="true">
        {v.icon}
      </span>
      <div>
        <strong>{v.label}</strong>
        <span>{explanation ?? v.explanation}</span>
        <br />
        <span className="modo">
          {mode === "offline" ? "VERIFICAÇÃO OFFLINE — sem conexão com a prefeitura" : "Verificação online"}
        </span>
      </div>
    </section>
  );
}

// The QR reader's controls and the camera's picture (the reading itself: ./use-camera-scan).
import { useEffect, useRef } from "react";
import { useCameraScan } from "./use-camera-scan";

export function CameraScanner({
  onResult,
  startLabel = "Ler QR code com a câmera",
}: {
  onResult: (text: string) => void;
  startLabel?: string;
}) {
  const { video, state, error, engine, torch, start, stop, toggleTorch } = useCameraScan(onResult);
  // A camera that cannot open says why, and focus goes there (the typed code is the way on).
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  return (
    <div className="leitor">
      <div className="camera" hidden={state === "parada"}>
        <video ref={video} muted playsInline aria-label="Imagem da câmera para ler o QR code" />
        <span className="mira" aria-hidden="true" />
      </div>
      <div className="acoes">
        {state === "parada" ? (
          <button type="button" className="botao" onClick={start}>
            {startLabel}
          </button>
        ) : (
          <button type="button" className="botao secundario" onClick={stop}>
            Parar a câmera
          </button>
        )}
        {torch !== null ? (
          <button type="button" className="botao secundario" aria-pressed={torch} onClick={toggleTorch}>
            Lanterna
          </button>
        ) : null}
        <span role="status" className="dica">
          {state === "abrindo"
            ? "Abrindo a câmera…"
            : state === "lendo"
              ? `Aponte para o QR code do crachá ou do selo (${engine}).`
              : ""}
        </span>
      </div>
      {error ? (
        <p className="aviso erro" role="alert" tabIndex={-1} ref={errorRef}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

// Reads QR codes from the camera: BarcodeDetector where there is one, else jsQR on frames sampled
// a few times a second and scaled down.
import jsQR from "jsqr";
import { useCallback, useEffect, useRef, useState } from "react";

type Detector = { detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>> };
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats(): Promise<string[]> };

const SAMPLE_MS = 150;
const MAX_SIDE = 720;

async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes("qr_code") ? new Native({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

function cameraError(e: unknown): string {
  const name = (e as { name?: string })?.name;
  if (name === "NotAllowedError" || name === "SecurityError")
    return "O acesso à câmera foi negado. Permita o uso da câmera nas configurações do navegador ou digite o código.";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "Nenhuma câmera encontrada neste aparelho. Digite o código impresso.";
  return "Não foi possível abrir a câmera. Digite o código impresso.";
}

/** Whether the camera's track can light its torch (MediaStreamTrack capabilities, Android Chrome). */
function torchSupported(track: MediaStreamTrack | undefined): boolean {
  const capabilities = track?.getCapabilities?.() as (MediaTrackCapabilities & { torch?: boolean }) | undefined;
  return capabilities?.torch === true;
}

async function detectNative(detector: Detector, v: HTMLVideoElement) {
  const codes = await detector.detect(v);
  return codes.find((c) => c.rawValue)?.rawValue ?? null;
}

/** jsQR on the frame drawn, scaled down, to the given canvas (made on first use). */
function detectJsQr(v: HTMLVideoElement, canvas: { current: HTMLCanvasElement | null }) {
  const scale = Math.min(1, MAX_SIDE / Math.max(v.videoWidth, v.videoHeight));
  const w = Math.round(v.videoWidth * scale);
  const h = Math.round(v.videoHeight * scale);
  canvas.current ??= document.createElement("canvas");
  const c = canvas.current;
  if (c.width !== w) c.width = w;
  if (c.height !== h) c.height = h;
  const ctx = c.getContext("2d", { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(v, 0, 0, w, h);
  const image = ctx.getImageData(0, 0, w, h);
  return jsQR(image.data, w, h, { inversionAttempts: "attemptBoth" })?.data || null;
}

/** The camera and the reading loop: open, sample frames until a QR reads, stop; the torch where there is one. */
export function useCameraScan(onResult: (text: string) => void) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  const [state, setState] = useState<"parada" | "abrindo" | "lendo">("parada");
  const [error, setError] = useState<string | null>(null);
  const [engine, setEngine] = useState<string | null>(null);
  // null: this camera has no torch (or it is not known yet); the button appears only when it has one.
  const [torch, setTorch] = useState<boolean | null>(null);

  const stop = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    setTorch(null);
    setState("parada");
  }, []);

  useEffect(() => stop, [stop]);

  async function start() {
    setError(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setError("Este navegador não dá acesso à câmera. Digite o código impresso.");
      return;
    }
    setState("abrindo");
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: "environment" } },
        audio: false,
      });
      const v = video.current!;
      v.srcObject = stream.current;
      await v.play();
    } catch (e) {
      stop();
      setError(cameraError(e));
      return;
    }
    setTorch(torchSupported(stream.current.getVideoTracks()[0]) ? false : null);
    const detector = await nativeDetector();
    setEngine(detector ? "leitor do navegador" : "leitor jsQR");
    setState("lendo");
    const tick = async () => {
      const v = video.current;
      if (!stream.current || !v) return;
      let text: string | null = null;
      try {
        if (v.readyState >= 2 && v.videoWidth > 0)
          text = detector ? await detectNative(detector, v) : detectJsQr(v, canvas);
      } catch {
        text = null;
      }
      if (text) {
        stop();
        onResult(text);
        return;
      }
      timer.current = window.setTimeout(tick, SAMPLE_MS);
    };
    void tick();
  }

  async function toggleTorch() {
    const track = stream.current?.getVideoTracks()[0];
    if (!track || torch === null) return;
    try {
      await track.applyConstraints({ advanced: [{ torch: !torch } as MediaTrackConstraintSet] });
      setTorch(!torch);
    } catch {
      setTorch(null);
      setError("Não foi possível acender a lanterna deste aparelho.");
    }
  }

  return { video, state, error, engine, torch, start, stop, toggleTorch };
}

import { type PointerEvent, useEffect, useRef, useState } from "react";
import { drawFramed, type Framing } from "./prepare-files";

type Props = { file: File; framing: Framing; onChange: (framing: Framing) => void; id: string };

const clamp = (v: number) => Math.max(-1, Math.min(1, v));

/**
 * The 3×4 frame over the photo (drag or sliders, and zoom); what is sent is what it shows. By hand:
 * a cropping library would weigh more than the whole page (ADR 026).
 */
export function PhotoCrop({ file, framing, onChange, id }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<ImageBitmap | null>(null);
  const [failed, setFailed] = useState(false);
  const drag = useRef<{ x: number; y: number; start: Framing } | null>(null);

  useEffect(() => {
    let live = true;
    let bitmap: ImageBitmap | null = null;
    createImageBitmap(file)
      .then((b) => {
        bitmap = b;
        if (live) setImage(b);
        else b.close();
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      bitmap?.close();
    };
  }, [file]);

  useEffect(() => {
    if (image && canvas.current) drawFramed(canvas.current, image, framing, 180);
  }, [image, framing]);

  if (failed) return <p className="dica">Não foi possível mostrar a prévia desta foto; ela será enviada como está.</p>;

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, start: framing };
  }
  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const from = drag.current;
    if (!from) return;
    // Dragging the photo right shows more of its left side: the frame moves the other way.
    const dx = (event.clientX - from.x) / 90;
    const dy = (event.clientY - from.y) / 120;
    onChange({ ...from.start, x: clamp(from.start.x - dx), y: clamp(from.start.y - dy) });
  }

  return (
    <div className="foto-recorte">
      <canvas
        ref={canvas}
        width={180}
        height={240}
        role="img"
        aria-label="Prévia da foto 3x4 como será enviada"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      />
      <div className="foto-ajustes">
        <p className="dica">Arraste a foto ou use os controles para deixar o rosto no centro.</p>
        <label htmlFor={`${id}-zoom`}>Aproximar</label>
        <input
          id={`${id}-zoom`}
          type="range"
          min={1}
          max={3}
          step={0.1}
          value={framing.zoom}
          onChange={(e) => onChange({ ...framing, zoom: Number(e.target.value) })}
        />
        <label htmlFor={`${id}-x`}>Mover para os lados</label>
        <input
          id={`${id}-x`}
          type="range"
          min={-1}
          max={1}
          step={0.05}
          value={framing.x}
          onChange={(e) => onChange({ ...framing, x: Number(e.target.value) })}
        />
        <label htmlFor={`${id}-y`}>Mover para cima ou para baixo</label>
        <input
          id={`${id}-y`}
          type="range"
          min={-1}
          max={1}
          step={0.05}
          value={framing.y}
          onChange={(e) => onChange({ ...framing, y: Number(e.target.value) })}
        />
      </div>
    </div>
  );
}

/** What a good 3×4 photo looks like, in words and a drawing (light background, face to the front). */
export function PhotoGuidance({ quantity, recent }: { quantity: number; recent: string | null }) {
  return (
    <div className="foto-guia">
      <svg viewBox="0 0 60 80" width="60" height="80" role="img" aria-label="Exemplo: rosto de frente, fundo claro">
        <rect x="0.5" y="0.5" width="59" height="79" rx="3" fill="#f4f6f8" stroke="#888" />
        <ellipse cx="30" cy="32" rx="12" ry="15" fill="#c9a383" />
        <path d="M8 80c0-16 10-24 22-24s22 8 22 24z" fill="#1351b4" />
        <circle cx="25" cy="30" r="1.6" fill="#333" />
        <circle cx="35" cy="30" r="1.6" fill="#333" />
        <path d="M25 39q5 4 10 0" stroke="#333" strokeWidth="1.2" fill="none" />
      </svg>
      <ul>
        <li>Fundo claro e liso, boa luz, sem sombra no rosto.</li>
        <li>Rosto de frente, olhando para a câmera, ombros aparecendo.</li>
        <li>Sem óculos escuros nem boné.</li>
        {recent ? <li>Foto colorida e recente (de até {recent}).</li> : <li>Foto colorida.</li>}
      </ul>
      {quantity > 1 ? (
        <p className="dica">
          A lei pede {quantity} fotos 3x4 em papel; aqui basta uma foto digital boa: ela serve para o processo e é a que
          sai no crachá.
        </p>
      ) : null}
    </div>
  );
}

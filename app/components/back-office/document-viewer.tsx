// A document shown where the analyst decides on it. Images are an <img>. PDFs are drawn by
// pdf.js onto canvases inside this page: the file route answers with a sandbox CSP (no script,
// no plugin may run from an upload) and the site forbids framing, so the browser's own viewer
// cannot show it inline; pdf.js reads the bytes as data and never runs what a PDF carries.
// pdf.js is loaded only when a PDF scrolls into view, and runs on the main thread (its "fake
// worker"): the files are small scans, and no worker script has to be served.
import { useEffect, useRef, useState } from "react";

const MAX_PAGES = 6;

type PdfJs = typeof import("pdfjs-dist");
let loading: Promise<PdfJs> | undefined;
function loadPdfJs(): Promise<PdfJs> {
  loading ??= (async () => {
    await import("pdfjs-dist/build/pdf.worker.mjs"); // defines globalThis.pdfjsWorker
    return import("pdfjs-dist");
  })();
  return loading;
}

function PdfCanvas({ url, label }: { url: string; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ kind: "idle" | "loading" | "done" | "error"; pages?: number; shown?: number }>({ kind: "idle" });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    const render = async () => {
      setState({ kind: "loading" });
      try {
        const pdfjs = await loadPdfJs();
        const bytes = new Uint8Array(await (await fetch(url, { credentials: "same-origin" })).arrayBuffer());
        const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, enableXfa: false, stopAtErrors: false }).promise;
        const shown = Math.min(doc.numPages, MAX_PAGES);
        const width = Math.max(el.clientWidth - 16, 240);
        for (let i = 1; i <= shown && !cancelled; i++) {
          const page = await doc.getPage(i);
          const base = page.getViewport({ scale: 1 });
          const ratio = window.devicePixelRatio || 1;
          const viewport = page.getViewport({ scale: (width / base.width) * ratio });
          const canvas = document.createElement("canvas");
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
          canvas.setAttribute("role", "img");
          canvas.setAttribute("aria-label", `${label} — página ${i} de ${doc.numPages}`);
          el.appendChild(canvas);
          await page.render({ canvas, viewport }).promise;
        }
        await doc.destroy();
        if (!cancelled) setState({ kind: "done", pages: doc.numPages, shown });
      } catch {
        if (!cancelled) setState({ kind: "error" });
      }
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        void render();
      }
    }, { rootMargin: "200px" });
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
      el.replaceChildren();
    };
  }, [url, label]);

  return (
    <>
      <div ref={box} className="bo-visor" data-pdf-visor={state.kind} />
      <p className="dica" aria-live="polite">
        {state.kind === "loading" ? "Abrindo o PDF…" : null}
        {state.kind === "done" ? `${state.pages} ${state.pages === 1 ? "página" : "páginas"}${state.shown! < state.pages! ? ` (mostrando as ${state.shown} primeiras; baixe para ver todas)` : ""}.` : null}
        {state.kind === "error" ? "Não foi possível mostrar este PDF aqui. Baixe o arquivo para conferir." : null}
      </p>
    </>
  );
}

export function DocumentViewer({ url, mime, label }: { url: string; mime: string; label: string }) {
  if (mime.startsWith("image/")) {
    return (
      <div className="bo-visor">
        <img src={url} alt={`${label} (imagem enviada pelo condutor)`} loading="lazy" />
      </div>
    );
  }
  if (mime === "application/pdf") return <PdfCanvas url={url} label={label} />;
  return <p className="dica">Formato não exibível aqui; baixe o arquivo.</p>;
}

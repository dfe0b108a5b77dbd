// A document where the analyst decides on it. PDFs are drawn by pdf.js on canvases: the sandbox CSP
// and no framing keep the browser's viewer out, and pdf.js never runs what a PDF carries. Loaded on
// view, unbundled (the Remix compiler breaks its class static blocks).
import { useEffect, useRef, useState } from "react";
import { formatCount } from "~/domain/format";

const MAX_PAGES = 6;

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let loading: Promise<PdfJs> | undefined;
function loadPdfJs(viewer: { module: string; worker: string }): Promise<PdfJs> {
  loading ??= (async () => {
    // A variable specifier: the bundler leaves this import to the browser.
    const pdfjs = (await import(/* @vite-ignore */ viewer.module)) as PdfJs;
    pdfjs.GlobalWorkerOptions.workerSrc = viewer.worker;
    return pdfjs;
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

export type ViewerScripts = { module: string; worker: string };

function PdfCanvas({ url, label, scripts }: { url: string; label: string; scripts: ViewerScripts }) {
  // By value: every revalidation (each decision on the page) brings a new `scripts` object, and
  // depending on it drew every visible PDF again after each "Aceitar".
  const { module, worker } = scripts;
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ kind: "idle" | "loading" | "done" | "error"; pages?: number; shown?: number }>({
    kind: "idle",
  });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    const render = async () => {
      setState({ kind: "loading" });
      try {
        const pdfjs = await loadPdfJs({ module, worker });
        const bytes = new Uint8Array(await (await fetch(url, { credentials: "same-origin" })).arrayBuffer());
        const doc = await pdfjs.getDocument({
          data: bytes,
          isEvalSupported: false,
          enableXfa: false,
          stopAtErrors: false,
        }).promise;
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
      } catch (error) {
        console.error("PDF não exibido:", error);
        if (!cancelled) setState({ kind: "error" });
      }
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          void render();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(el);
    return () => {
      cancelled = true;
      observer.disconnect();
      el.replaceChildren();
    };
  }, [url, label, module, worker]);

  return (
    <>
      {/* Focusable: a long page scrolls inside the box, and the keyboard must reach it. */}
      <div
        ref={box}
        className="bo-visor"
        data-pdf-visor={state.kind}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take keyboard focus (axe: scrollable-region-focusable)
        tabIndex={0}
        role="region"
        aria-label={`${label}: visualização do PDF`}
      />
      <p className="dica bo-visor-estado" aria-live="polite">
        {state.kind === "loading" ? "Abrindo o PDF…" : null}
        {state.kind === "done"
          ? `${formatCount(state.pages!, "página", "páginas")}${state.shown! < state.pages! ? ` (mostrando as ${state.shown} primeiras; baixe para ver todas)` : ""}.`
          : null}
        {state.kind === "error" ? "Não foi possível mostrar este PDF aqui. Baixe o arquivo para conferir." : null}
      </p>
    </>
  );
}

export function DocumentViewer({
  url,
  mime,
  label,
  scripts,
}: {
  url: string;
  mime: string;
  label: string;
  scripts: ViewerScripts;
}) {
  if (mime.startsWith("image/")) {
    return (
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take keyboard focus (axe: scrollable-region-focusable)
      <div className="bo-visor" tabIndex={0} role="region" aria-label={`${label}: visualização da imagem`}>
        <img src={url} alt={`${label} (imagem enviada pelo condutor)`} loading="lazy" />
      </div>
    );
  }
  if (mime === "application/pdf") return <PdfCanvas url={url} label={label} scripts={scripts} />;
  return <p className="dica">Formato não exibível aqui; baixe o arquivo.</p>;
}

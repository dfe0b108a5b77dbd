import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { PublicPage } from "~/components/public/public-page";
import { portalVerdictPath } from "~/components/public/scan-link";
import { htmlResponse } from "~/http/answers.server";
import { withRefusals } from "~/http/refusal.server";
import { env } from "~/utils/env.server";

// The passenger's way in: read the QR with the camera (many cheap Androids' camera apps cannot) or
// type the printed code. Static, the same for everyone, so cached (ADR 011, ADR 029). The camera script
// hands what it read back as `?lido=`: only this portal's verification links open, as a QR stuck over
// the real one could lead to a fake page (ADR 033).
const CACHE_CONTROL = "public, max-age=300";

const FOREIGN =
  "Este QR code não é de uma credencial deste portal. Não abra o link: pode ser uma página falsa. Digite o código impresso na credencial.";

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const portal = new URL(env().PUBLIC_BASE_URL);
  const url = new URL(request.url);
  const read = url.searchParams.get("lido");
  if (read !== null) {
    const path = portalVerdictPath(read, [portal.origin, url.origin]);
    if (path) throw redirect(path, { headers: { "Cache-Control": "no-store" } });
    return htmlResponse(<TypeTheCode domain={portal.host} refused={FOREIGN} />, { status: 200 });
  }
  return htmlResponse(<TypeTheCode domain={portal.host} refused={null} />, {
    headers: { "Cache-Control": CACHE_CONTROL },
  });
});

const CAMERA_CSS = `
.camera{position:relative;background:#000;border-radius:8px;overflow:hidden;width:100%;aspect-ratio:4/3;margin-top:.6rem}
.camera video{width:100%;height:100%;object-fit:cover;display:block}
.camera .mira{position:absolute;inset:15%;border:3px solid rgba(255,255,255,.85);border-radius:12px}
.secundario{background:#fff;color:#1351b4;border:2px solid #1351b4}.dica{display:block;color:#555;font-size:.9rem;margin-top:.4rem}
.aviso.erro{border-left-color:#b3261e;background:#fde8e7}[hidden]{display:none!important}
`;

function TypeTheCode({ domain, refused }: { domain: string; refused: string | null }) {
  return (
    <PublicPage title="Verificar credencial — Portal de Credenciamento" domain={domain}>
      <style dangerouslySetInnerHTML={{ __html: CAMERA_CSS }} />
      <h1>Verificar credencial</h1>
      {refused ? (
        // The answer to a QR of another site: read first, on screen (the page has no framework).
        // eslint-disable-next-line jsx-a11y/no-autofocus
        <p className="aviso erro" role="alert" tabIndex={-1} autoFocus>
          {refused}
        </p>
      ) : null}
      <section className="cartao" aria-labelledby="camera-titulo">
        <h2 id="camera-titulo">Ler o QR code</h2>
        <p>Aponte a câmera do celular para o QR code do crachá ou do selo.</p>
        {/* Shown by the script: without JavaScript there is no camera, only the code to type. */}
        <div id="leitor" hidden>
          <div className="camera" hidden>
            <video muted playsInline aria-label="Imagem da câmera para ler o QR code" />
            <span className="mira" aria-hidden="true" />
          </div>
          <button type="button" data-acao="ler">
            Ler QR com a câmera
          </button>{" "}
          <button type="button" className="secundario" data-acao="parar" hidden>
            Parar a câmera
          </button>{" "}
          <button type="button" className="secundario" data-acao="lanterna" aria-pressed="false" hidden>
            Lanterna
          </button>
          <span role="status" className="dica" data-estado="" />
          <p className="aviso erro" role="alert" tabIndex={-1} data-erro="" hidden />
        </div>
        <script src="/verificar/camera.js" defer />
      </section>
      <form method="get" action="/v" className="cartao" aria-labelledby="codigo-titulo">
        <h2 id="codigo-titulo">Ou digite o código</h2>
        <label htmlFor="codigo">Código da credencial</label>
        <input
          id="codigo"
          name="codigo"
          required
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="ex.: PTC-MT-2026-000123-K7QX"
          maxLength={40}
          aria-describedby="codigo-dica"
        />
        <p className="dica" id="codigo-dica">
          Digite o código inteiro impresso no verso, inclusive os 4 caracteres do final. Espaços, letras minúsculas e
          traços não fazem diferença.
        </p>
        <button type="submit">Verificar</button>
      </form>
    </PublicPage>
  );
}

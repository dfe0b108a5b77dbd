import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { env } from "~/utils/env.server";
import { CameraScanner } from "~/components/fiscal/camera-scanner";
import { portalVerdictPath } from "~/components/public/scan-link";
import fiscalStyles from "~/components/fiscal/fiscal.css";
import publicStyles from "~/components/public/public.css";

// The passenger's way in: read the QR with the phone's camera (many cheap Androids have no QR
// reader in their camera app) or type the printed code. The typed code is a plain GET form to
// /v, so it works without JavaScript; the camera is the fiscal's scanner, and only a link of this
// portal opens (a QR pointing elsewhere could be a fake "verification" page). The verdict page
// itself stays static and script-free (v.$token.tsx, v._index.tsx). ADR 029.
export function loader() {
  return { portal: new URL(env().PUBLIC_BASE_URL).origin };
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: fiscalStyles },
  { rel: "stylesheet", href: publicStyles },
];

const FOREIGN =
  "Este QR code não é de uma credencial deste portal. Não abra o link: pode ser uma página falsa. Digite o código impresso na credencial.";

export default function TypeTheCode() {
  const { portal } = useLoaderData<typeof loader>();
  const [refused, setRefused] = useState<string | null>(null);

  function read(text: string) {
    const path = portalVerdictPath(text, [portal, window.location.origin]);
    if (path) {
      setRefused(null);
      window.location.assign(path);
    } else setRefused(FOREIGN);
  }

  return (
    <div className="verificar">
      <h1>Verificar credencial</h1>
      <section className="cartao" aria-labelledby="camera-titulo">
        <h2 id="camera-titulo">Ler o QR code</h2>
        <p>Aponte a câmera do celular para o QR code do crachá ou do selo.</p>
        <CameraScanner onResult={read} startLabel="Ler QR com a câmera" />
        {refused ? (
          <p className="aviso erro" role="alert">
            {refused}
          </p>
        ) : null}
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
        <button type="submit" className="botao">
          Verificar
        </button>
      </form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Verificar credencial — Portal de Credenciamento" }];

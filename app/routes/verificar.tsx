import { env } from "~/utils/env.server";
import { htmlResponse } from "~/utils/html.server";
import { PublicPage } from "~/components/public/public-page";

// The form for typing the printed code when the QR cannot be read. Plain HTML GET form.
export async function loader() {
  const domain = new URL(env().PUBLIC_BASE_URL).host;
  return htmlResponse(
    <PublicPage title="Verificar credencial" domain={domain}>
      <h1>Verificar credencial</h1>
      <p>
        Aponte a câmera do celular para o QR code do crachá ou do selo. Se não conseguir, digite o código impresso no
        verso.
      </p>
      <form method="get" action="/v" className="cartao">
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
        />
        <p>
          Digite o código inteiro, inclusive os 4 caracteres do final. Espaços, letras minúsculas e traços não fazem
          diferença.
        </p>
        <button type="submit">Verificar</button>
      </form>
    </PublicPage>,
    { headers: { "Cache-Control": "public, max-age=3600" } },
  );
}

import type { ReactNode } from "react";

// The frame of the light public pages: no scripts, CSS inline (about 2 KB).
const CSS = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1b1b1b;background:#f8f8f8;line-height:1.45}
header{background:#fff;border-bottom:4px solid #1351b4;padding:.6rem 1rem}header a{color:#071d41;font-weight:700;text-decoration:none}
main{max-width:560px;margin:0 auto;padding:1rem}
.veredito{border-radius:8px;padding:1rem;color:#fff;display:flex;gap:.8rem;align-items:center}
.veredito>div{min-width:0;overflow-wrap:break-word}.veredito:focus{outline:3px solid #071d41;outline-offset:2px}
.veredito .icone{font-size:2.4rem;line-height:1}.veredito strong{display:block;font-size:clamp(1.4rem,7vw,2rem);line-height:1.15;letter-spacing:.02em}
.VALID{background:#168821}.EXPIRED{background:#8a5a00}.SUSPENDED{background:#b35c00}.REVOKED,.INVALID{background:#b3261e}.SUPERSEDED{background:#4d4d4d}.INCOMPLETO{background:#1351b4}
.cartao{background:#fff;border:1px solid #ddd;border-radius:8px;padding:1rem;margin-top:1rem}
.foto{display:block;width:150px;height:200px;object-fit:cover;border:1px solid #999;border-radius:4px;margin:0 auto .8rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem .8rem;margin:0}dt{font-weight:600;color:#444}dd{margin:0;font-weight:600;min-width:0;overflow-wrap:anywhere}
main,.cartao{overflow-wrap:break-word}h1{font-size:1.6rem;line-height:1.2}
.aviso{border-left:5px solid #1351b4;background:#dbe8fb;padding:.6rem .8rem;border-radius:6px;margin-top:1rem;font-size:.95rem}
label{display:block;font-weight:600;margin:.6rem 0 .2rem}input,select,textarea{font:inherit;width:100%;padding:.55rem;border:1px solid #888;border-radius:6px;min-height:44px}
button{font:inherit;font-weight:700;background:#1351b4;color:#fff;border:0;border-radius:999px;padding:.6rem 1.4rem;min-height:44px;margin-top:.8rem;cursor:pointer}
.erro{color:#b3261e;font-weight:600}.oculto{position:absolute;left:-9999px}a{color:#1351b4}
footer{font-size:.85rem;color:#555;text-align:center;padding:1rem}
`;

// `referrer`: no-referrer by default; a page with a form POSTs with an Origin header only under
// a policy that sends it (with no-referrer, Chromium sends "Origin: null"), e.g. same-origin.
export function PublicPage({
  title,
  domain,
  children,
  referrer = "no-referrer",
}: {
  title: string;
  domain: string;
  children: ReactNode;
  referrer?: "no-referrer" | "same-origin";
}) {
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="referrer" content={referrer} />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: CSS }} />
      </head>
      <body>
        <header>
          <a href="/verificar">Verificação de credenciais</a>
        </header>
        <main>{children}</main>
        <footer>
          Confira na barra de endereço: a página oficial é <strong>{domain}</strong>. Desconfie de qualquer outro
          endereço.
        </footer>
      </body>
    </html>
  );
}

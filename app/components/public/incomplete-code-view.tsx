// A typed code that is not whole: the passenger is asked to check it, never told "não embarque":
// a typo is not a fake credential.
export function IncompleteCodeView({ typed }: { typed: string }) {
  return (
    <>
      <section
        className="veredito INCOMPLETO"
        role="status"
        aria-live="polite"
        tabIndex={-1}
        // The verdict is the page's point and there are no scripts: focus starts on it (read first, in view).
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      >
        <span className="icone" aria-hidden="true">
          ?
        </span>
        <div>
          <strong>CÓDIGO INCOMPLETO</strong>
          <span>O código digitado está incompleto ou tem um erro de digitação.</span>
        </div>
      </section>
      <section className="cartao">
        <p>
          Confira o código impresso na credencial e digite-o inteiro,{" "}
          <strong>inclusive os 4 caracteres depois do último traço</strong> (ex.: PTC-MT-2026-000123-K7QX). Espaços,
          letras minúsculas e traços não fazem diferença.
        </p>
        <p>Se puder, leia o QR code da credencial com a câmera do celular: ele mostra também a foto do condutor.</p>
        <form method="get" action="/v">
          <label htmlFor="codigo">Código da credencial</label>
          <input
            id="codigo"
            name="codigo"
            required
            defaultValue={typed.slice(0, 40)}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
          />
          <button type="submit">Verificar de novo</button>
        </form>
      </section>
    </>
  );
}

// Generate a key (the current stops signing) or revoke a compromised one (typed confirmation).
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { REVOKE_CONFIRMATION } from "~/forms/back-office";

/** The error of a field of this form, after a refused post. */
type ErrorOf = (name: string) => string | undefined;

export function RotateKeyForm({ errorOf }: { errorOf: ErrorOf }) {
  return (
    <section className="cartao" aria-labelledby="rotacao-titulo">
      <h2 id="rotacao-titulo">Trocar a chave</h2>
      <Form method="post">
        <CsrfInput />
        <input type="hidden" name="intent" value="rotate" />
        <div className="campo bo-confirmacao">
          <label>
            <input type="checkbox" name="confirm" value="sim" required /> Gerar uma chave nova; a atual deixa de
            assinar.
          </label>
          {errorOf("confirm") ? <p className="erro-campo">{errorOf("confirm")}</p> : null}
        </div>
        <button type="submit" className="botao secundario">
          Gerar chave nova
        </button>
      </Form>
    </section>
  );
}

type RevokeProps = {
  k: { kid: string; short: string; inForce: number };
  /** The last post was this key's revocation: the form stays open, with its errors. */
  open: boolean;
  /** The refusal of that post, when it was not a field's. */
  error: string | null;
  errorOf: ErrorOf;
};

export function RevokeKeyForm({ k, open, error, errorOf }: RevokeProps) {
  return (
    <section className="cartao bo-perigo" aria-labelledby={`revogar-${k.short}`}>
      <h2 id={`revogar-${k.short}`}>Revogar …{k.short}</h2>
      <details open={open}>
        <summary>Esta chave foi comprometida</summary>
        {error !== null ? (
          <p className="aviso erro" role="alert">
            {error}
          </p>
        ) : null}
        <p>
          <strong>{k.inForce}</strong>{" "}
          {k.inForce === 1 ? "credencial em vigor deixará" : "credenciais em vigor deixarão"} de ser reconhecidas e
          precisarão ser reemitidas.
        </p>
        <Form method="post">
          <CsrfInput />
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="kid" value={k.kid} />
          <div className="campo">
            <label htmlFor={`motivo-${k.short}`}>Motivo</label>
            <textarea
              id={`motivo-${k.short}`}
              name="reason"
              required
              minLength={10}
              maxLength={500}
              aria-invalid={errorOf("reason") ? true : undefined}
            />
            {errorOf("reason") ? <p className="erro-campo">{errorOf("reason")}</p> : null}
          </div>
          <div className="campo">
            <label htmlFor={`digite-${k.short}`}>
              Para confirmar, digite <strong>{REVOKE_CONFIRMATION}</strong>
            </label>
            <input
              id={`digite-${k.short}`}
              name="typed"
              required
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errorOf("typed") ? true : undefined}
            />
            {errorOf("typed") ? <p className="erro-campo">{errorOf("typed")}</p> : null}
          </div>
          <div className="campo bo-confirmacao">
            <label>
              <input type="checkbox" name="confirm" value="sim" required /> Entendo que tudo o que esta chave assinou
              deixa de valer agora.
            </label>
            {errorOf("confirm") ? <p className="erro-campo">{errorOf("confirm")}</p> : null}
          </div>
          <button type="submit" className="botao perigo">
            Revogar a chave
          </button>
        </Form>
      </details>
    </section>
  );
}

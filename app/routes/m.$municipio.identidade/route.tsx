import { Form, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { FileField } from "~/components/ui/field";
import { Fields } from "~/components/ui/fields";
import { useFormResult } from "~/components/ui/form-result";
import { constraintsOf } from "~/forms/constraints";
import { IDENTITY_FIELDS, zMunicipalIdentity } from "~/forms/identity";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

// The municipality's identity on its documents (ADR 027): the secretaria that issues, who signs
// (name and title), and the coat of arms. Printed on the crachá, the certificates and the seal
// issued from now on; documents already issued keep what they were issued with.

const LIMITS = constraintsOf(zMunicipalIdentity);

const OK: Record<string, string> = {
  dados: "Dados salvos. Os próximos documentos emitidos já saem com eles.",
  brasao: "Brasão salvo. Os próximos documentos emitidos já saem com ele.",
  removido: "Brasão retirado dos próximos documentos.",
};

export default function Identity() {
  const d = useLoaderData<typeof loader>();
  const { errors, values, error, refused, flash } = useFormResult(OK);
  const shown = refused ? { ...d.identity, ...values } : d.identity;
  const uploadError = errors.brasao;
  return (
    <>
      <h1>Identidade nos documentos — {d.municipality.name}</h1>
      <p className="bo-sub">
        O brasão, a secretaria e quem assina aparecem no crachá, nos certificados e no selo de vistoria emitidos a
        partir de agora. Documentos já emitidos continuam como foram emitidos.
      </p>
      {flash.ok ? (
        <div className="aviso sucesso" role="status">
          {flash.ok}
        </div>
      ) : null}
      <ErrorSummary errors={errors} error={error} />

      <section className="cartao estreito" aria-labelledby="identidade-dados">
        <h2 id="identidade-dados">Secretaria e assinatura</h2>
        <Form method="post" noValidate>
          <CsrfInput />
          <Fields fields={IDENTITY_FIELDS} values={shown} errors={errors} limits={LIMITS} />
          <SubmitButton busyText="Salvando…">Salvar dados</SubmitButton>
        </Form>
      </section>

      <section className="cartao estreito" aria-labelledby="identidade-brasao">
        <h2 id="identidade-brasao">Brasão do município</h2>
        {d.identity.coatOfArms ? (
          <p>
            <img
              src={`/m/${d.municipality.slug}/identidade/brasao?v=${d.identity.coatOfArms}`}
              alt={`Brasão de ${d.municipality.name} como sai nos documentos`}
              width={96}
              height={96}
              style={{ objectFit: "contain" }}
            />
          </p>
        ) : (
          <p>Nenhum brasão cadastrado: os documentos saem sem brasão.</p>
        )}
        <Form method="post" encType="multipart/form-data">
          <CsrfInput />
          <FileField
            label={d.identity.coatOfArms ? "Trocar o brasão" : "Enviar o brasão"}
            name="brasao"
            accept="image/png,image/jpeg"
            error={uploadError}
            hint={`Imagem PNG ou JPEG de até ${d.maxKb} KB, de preferência quadrada e com fundo branco ou transparente.`}
          />
          <SubmitButton busyText="Enviando…">Enviar brasão</SubmitButton>
        </Form>
        {d.identity.coatOfArms ? (
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="remove-coat-of-arms" />
            <button type="submit" className="botao secundario">
              Retirar o brasão dos próximos documentos
            </button>
          </Form>
        ) : null}
      </section>
    </>
  );
}

export const handle: PageHandle = { title: "Identidade nos documentos" };

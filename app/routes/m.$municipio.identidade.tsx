import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { assertCsrf, readForm } from "~/http/csrf.server";
import { receiveUpload } from "~/http/upload.server";
import { requireStaff } from "~/http/staff-guard.server";
import { withFormRefusals, withRefusals } from "~/http/refusal.server";
import { parseForm } from "~/utils/forms";
import { getStorage } from "~/utils/storage.server";
import { IDENTITY_FIELDS, zMunicipalIdentity } from "~/forms/identity";
import { constraintsOf } from "~/forms/constraints";
import {
  COAT_OF_ARMS_MAX_BYTES,
  getMunicipalIdentity,
  setCoatOfArms,
  setMunicipalIdentity,
} from "~/models/municipality.server";
import { CsrfInput } from "~/components/csrf-input";
import { Fields } from "~/components/ui/fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { useFormResult } from "~/components/ui/form-result";
import { SubmitButton } from "~/components/submit-button";
import styles from "~/components/back-office/back-office.css";

// The municipality's identity on its documents (ADR 027): the secretaria that issues, who signs
// (name and title), and the coat of arms. Printed on the crachá, the certificates and the seal
// issued from now on; documents already issued keep what they were issued with.

const LIMITS = constraintsOf(zMunicipalIdentity);
const OK: Record<string, string> = {
  dados: "Dados salvos. Os próximos documentos emitidos já saem com eles.",
  brasao: "Brasão salvo. Os próximos documentos emitidos já saem com ele.",
  removido: "Brasão retirado dos próximos documentos.",
};

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "manage:identity");
  const m = await getMunicipalIdentity(municipality.id);
  return {
    municipality: { name: municipality.name, uf: municipality.uf, slug: municipality.slug },
    identity: {
      secretariaName: m.secretariaName ?? "",
      signatoryName: m.signatoryName ?? "",
      signatoryRole: m.signatoryRole ?? "",
      coatOfArms: m.coatOfArmsSha256 ? m.coatOfArmsSha256.slice(0, 12) : null,
    },
    maxKb: Math.round(COAT_OF_ARMS_MAX_BYTES / 1024),
  };
});

export const action = /* @__PURE__ */ withFormRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor } = await requireStaff(request, params.municipio, "manage:identity");
  const base = `/m/${municipality.slug}/identidade`;
  // The coat of arms: the one upload path (content checked, size-limited, stored outside public/).
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    const upload = await receiveUpload(request, {
      field: "brasao",
      storage: getStorage(),
      imagesOnly: true,
      maxBytes: COAT_OF_ARMS_MAX_BYTES,
      remainingUserBytes: COAT_OF_ARMS_MAX_BYTES,
      maxFields: 2,
      beforeStore: (fields) => assertCsrf(request, fields.csrf ?? null),
    });
    if (!upload.ok)
      return data({ errors: { brasao: upload.message }, values: {}, error: null }, { status: upload.status });
    await setCoatOfArms(municipality.id, upload.file, actor);
    return redirect(`${base}?ok=brasao`);
  }
  const form = await readForm(request);
  if (form.get("intent") === "remove-coat-of-arms") {
    await setCoatOfArms(municipality.id, null, actor);
    return redirect(`${base}?ok=removido`);
  }
  const parsed = parseForm(zMunicipalIdentity, form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values, error: null }, { status: 400 });
  await setMunicipalIdentity(municipality.id, parsed.data, actor);
  return redirect(`${base}?ok=dados`);
});

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
          <div className="campo">
            <label htmlFor="campo-brasao">{d.identity.coatOfArms ? "Trocar o brasão" : "Enviar o brasão"}</label>
            <p className="dica" id="campo-brasao-dica">
              Imagem PNG ou JPEG de até {d.maxKb} KB, de preferência quadrada e com fundo branco ou transparente.
            </p>
            <input
              id="campo-brasao"
              name="brasao"
              type="file"
              accept="image/png,image/jpeg"
              required
              aria-describedby={uploadError ? "campo-brasao-dica campo-brasao-erro" : "campo-brasao-dica"}
              aria-invalid={uploadError ? true : undefined}
            />
            {uploadError ? (
              <p className="erro-campo" id="campo-brasao-erro">
                {uploadError}
              </p>
            ) : null}
          </div>
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

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Identidade nos documentos — Portal de Credenciamento" }];

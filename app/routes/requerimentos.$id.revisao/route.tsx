import type { LinksFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { titularText } from "~/components/driver/titular-seen";
import { WizardFrame, wizardLinks } from "~/components/driver/wizard-frame";
import type { PageHandle } from "~/components/page-title";
import { RenewalSummary } from "~/components/renewal/renewal-summary";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { fieldId } from "~/components/ui/field";
import { MODE_LABELS } from "~/domain/applications/labels";
import { isEditable } from "~/domain/applications/status";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { formatDate } from "~/domain/format";
import { govbrSheet } from "~/styles/govbr";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function Review() {
  const { app, person, vehicle, credentials, blockers, titular, steps, open, renewal, renewalCredentials } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const shown = (result && "blockers" in result ? result.blockers : undefined) ?? blockers;
  const errors = result && "errors" in result ? result.errors : {};
  const canSend = isEditable(app.status);
  return (
    <WizardFrame appId={app.id} number={app.number} title="Revisão e envio" steps={steps} current="revisao" open={open}>
      <RenewalSummary renewal={renewal} credentials={renewalCredentials} />
      <section className="cartao">
        <h2>Pedido</h2>
        <dl>
          <dt>Município</dt>
          <dd>{app.municipality}</dd>
          <dt>Categoria</dt>
          <dd>{CATEGORY_LABELS[app.category] ?? app.category}</dd>
          <dt>Forma de trabalho</dt>
          <dd>{MODE_LABELS[app.mode]?.label ?? app.mode}</dd>
          {titular ? (
            <>
              <dt>Titular</dt>
              <dd>{titularText(titular)}</dd>
            </>
          ) : null}
          <dt>Nome</dt>
          <dd>{person.name}</dd>
          <dt>Nascimento</dt>
          <dd>{person.birthDate ? formatDate(person.birthDate) : "—"}</dd>
          <dt>CNH</dt>
          <dd>{person.cnh || "—"}</dd>
          <dt>Telefone</dt>
          <dd>{person.phone ?? "—"}</dd>
          <dt>Endereço</dt>
          <dd>{person.address || "—"}</dd>
          <dt>Veículo</dt>
          <dd>{vehicle.plate ? `${vehicle.plate} ${vehicle.description}` : "—"}</dd>
        </dl>
        {credentials.length ? (
          <>
            <h3>O que será emitido se aprovado</h3>
            <ul>
              {credentials.map((c) => (
                <li key={c.label}>
                  {c.label}
                  {c.validUntil ? `, válido até ${formatDate(c.validUntil)}` : ""}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      {shown.length ? (
        <div className="aviso erro" role="alert">
          <p>
            <strong>Ainda não dá para enviar:</strong>
          </p>
          <ul>
            {shown.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {canSend ? (
        <Form method="post" className="cartao" noValidate>
          {/* noValidate: an unticked declaration is said in the error summary and beside the box,
              not in the browser's bubble only (issue #34). */}
          <ErrorSummary errors={errors} />
          <CsrfInput />
          <div className={`br-checkbox${errors.declaracao ? " invalid" : ""}`}>
            <input
              id={fieldId("declaracao")}
              type="checkbox"
              name="declaracao"
              value="sim"
              required
              aria-invalid={errors.declaracao ? true : undefined}
              aria-describedby={errors.declaracao ? `${fieldId("declaracao")}-erro` : undefined}
            />
            <label htmlFor={fieldId("declaracao")}>
              Declaro que as informações e os documentos enviados são verdadeiros.
            </label>
          </div>
          {errors.declaracao ? (
            <p className="erro-campo feedback danger" id={`${fieldId("declaracao")}-erro`}>
              {errors.declaracao}
            </p>
          ) : null}
          <div className="acoes">
            <SubmitButton busyText="Enviando…">
              {app.status === "CHANGES_REQUESTED" ? "Reenviar para análise" : "Enviar para análise"}
            </SubmitButton>
          </div>
        </Form>
      ) : (
        <p className="aviso">Este requerimento já foi enviado.</p>
      )}
    </WizardFrame>
  );
}

export const links: LinksFunction = () => [...wizardLinks(), govbrSheet("checkbox")];

export const handle: PageHandle = { title: "Revisão" };

import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { actorOf } from "~/utils/permissions.server";
import { assertCsrf } from "~/utils/csrf.server";
import { getStorage } from "~/utils/storage.server";
import { receiveUpload, remainingUploadBytes } from "~/utils/upload.server";
import { apiJson } from "~/utils/api.server";
import { loadOwnApplication, openItems, wizardSteps } from "~/models/driver-wizard.server";
import { assertEditable } from "~/models/application.server";
import { currentDocuments } from "~/models/application-facts.server";
import { attachDocument, usedBytes } from "~/models/document.server";
import type { ApplicationStatus } from "~/domain/applications/status";
import { WizardFrame } from "~/components/driver/wizard-frame";
import { DocumentUpload } from "~/components/driver/document-upload";
import { dateBr } from "~/domain/credentials/labels";

const STATUS: Record<string, { text: string; cls: string }> = {
  MISSING: { text: "Falta enviar", cls: "pendente" },
  AWAITING_REVIEW: { text: "Enviado — aguardando análise", cls: "pendente" },
  ACCEPTED: { text: "Aceito", cls: "ok" },
  REJECTED: { text: "Recusado", cls: "falha" },
  EXPIRING: { text: "Aceito — vence em breve", cls: "pendente" },
  EXPIRED: { text: "Vencido", cls: "falha" },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { app, result } = await loadOwnApplication(request, params.id);
  const files = new Map((await currentDocuments(app)).map((d) => [d.type, { id: d.id, name: d.originalName }]));
  return {
    app: { id: app.id, number: app.number, editable: app.status === "DRAFT" || app.status === "CHANGES_REQUESTED" },
    documents: result.requiredDocuments.map((d) => ({
      type: d.type, label: d.label, citation: d.citation, status: d.status, reason: d.reason ?? null, expiresOn: d.expiresOn ?? null,
      submittedBy: d.submittedBy, validity: d.validity, quantity: d.quantity ?? 1, file: files.get(d.type) ?? null,
    })),
    steps: wizardSteps(result, true),
    open: openItems(result),
  };
}

const Fields = z.object({
  type: z.string().regex(/^[A-Z0-9_]{2,60}$/),
  issueDate: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Data de emissão inválida.").optional()),
  expiryDate: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Validade inválida.").optional()),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, app, result } = await loadOwnApplication(request, params.id, "update:application");
  const viaXhr = request.headers.get("x-envio") === "xhr";
  const answer = (ok: boolean, message: string, status = 200) =>
    viaXhr ? apiJson({ ok, message }, { status }) : redirect(`/requerimentos/${app.id}/documentos?${ok ? "enviado" : "erro"}=${encodeURIComponent(message)}`);
  assertEditable(app.status as ApplicationStatus);
  const allowed = new Set(result.requiredDocuments.filter((d) => d.submittedBy === "APPLICANT").map((d) => d.type));
  let meta: z.infer<typeof Fields> | null = null;
  const upload = await receiveUpload(request, {
    field: "arquivo",
    storage: getStorage(),
    remainingUserBytes: remainingUploadBytes(await usedBytes(user.id)),
    beforeStore: (fields) => {
      assertCsrf(request, fields.csrf ?? null);
      const parsed = Fields.safeParse(fields);
      if (!parsed.success || !allowed.has(parsed.data.type)) throw answer(false, parsed.success ? "Este documento não é pedido neste requerimento." : parsed.error.issues[0].message, 400);
      meta = parsed.data;
    },
  });
  if (!upload.ok) return answer(false, upload.message, upload.status);
  const m = meta as z.infer<typeof Fields> | null;
  if (!m) return answer(false, "Formulário incompleto.", 400);
  await attachDocument(app, { userId: user.id }, upload.file, m, actorOf(user, request));
  return answer(true, "Documento enviado.");
}

export default function Documents() {
  const { app, documents, steps, open } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const mine = documents.filter((d) => d.submittedBy === "APPLICANT");
  const others = documents.filter((d) => d.submittedBy !== "APPLICANT");
  return (
    <WizardFrame appId={app.id} number={app.number} title="Documentos" steps={steps} current="documentos" open={open}>
      {params.get("enviado") ? <div className="aviso sucesso" role="status">{params.get("enviado")}</div> : null}
      {params.get("erro") ? <div className="aviso erro" role="alert">{params.get("erro")}</div> : null}
      {!app.editable ? <div className="aviso">Este requerimento está em análise: os documentos não podem ser trocados agora.</div> : null}
      <div className="cartao">
        {mine.map((d) => (
          <section className="documento" key={d.type} aria-labelledby={`doc-${d.type}`}>
            <h2 id={`doc-${d.type}`} style={{ fontSize: "1.1rem", margin: 0 }}>{d.label}{d.quantity > 1 ? ` (${d.quantity})` : ""}</h2>
            <p className="citacao">{d.citation}{d.validity ? ` · validade ${d.validity.replace("P", "").replace("Y", " ano(s)").replace("M", " mes(es)").replace("D", " dias")}` : ""}</p>
            <p>
              <span className={`selo ${STATUS[d.status]?.cls ?? "pendente"}`}>{STATUS[d.status]?.text ?? d.status}</span>
              {d.expiresOn ? <> · vale até {dateBr(d.expiresOn)}</> : null}
              {d.file ? <> · <Link to={`/documentos/${d.file.id}`} reloadDocument target="_blank" rel="noreferrer">ver arquivo enviado</Link></> : null}
            </p>
            {d.reason ? <p className="aviso erro">Motivo da recusa: {d.reason}</p> : null}
            {app.editable && d.status !== "ACCEPTED" && d.status !== "EXPIRING" ? (
              <DocumentUpload action={`/requerimentos/${app.id}/documentos`} type={d.type} label={d.label} askDates />
            ) : null}
          </section>
        ))}
      </div>
      {others.length ? (
        <div className="cartao">
          <h2>Enviados por outros</h2>
          <ul>{others.map((d) => <li key={d.type}>{d.label} — {d.submittedBy === "OPERATOR" ? "pela empresa" : "pelo titular"} ({STATUS[d.status]?.text ?? d.status})</li>)}</ul>
        </div>
      ) : null}
      <p><Link className="botao" to={`/requerimentos/${app.id}/revisao`}>Continuar para a revisão</Link></p>
    </WizardFrame>
  );
}

export const meta: MetaFunction = () => [{ title: "Documentos — Portal de Credenciamento" }];

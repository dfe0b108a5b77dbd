import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { assertCsrf } from "~/utils/csrf.server";
import { getStorage } from "~/utils/storage.server";
import { receiveUpload, remainingUploadBytes } from "~/utils/upload.server";
import { apiJson } from "~/utils/api.server";
import { requireOperator } from "~/components/operator/guard.server";
import { operatorApplication } from "~/models/operator.server";
import { evaluateOperatorApplication } from "~/models/operator-application.server";
import { assertEditable } from "~/models/application.server";
import { attachDocument, usedBytes } from "~/models/document.server";
import type { ApplicationStatus } from "~/domain/applications/status";

// The upload of one of the company's documents (resource route), through the one upload path:
// streamed, checked by content and stored by receiveUpload, CSRF checked before anything is stored.
// JSON to the page's progress-bar upload, a redirect to a plain form post.
export async function loader({ params }: { params: { id?: string } }) {
  throw redirect(`/operadora/${params.id}/documentos`);
}

const Fields = z.object({
  type: z.string().regex(/^[A-Z0-9_]{2,60}$/),
  issueDate: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Data de emissão inválida.").optional()),
  expiryDate: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Validade inválida.").optional()),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { operator, user, actor } = await requireOperator(request, params.id, "update:operator");
  const app = await operatorApplication(operator.id);
  if (!app) throw new Response("Requerimento da empresa não encontrado.", { status: 404 });
  const viaXhr = request.headers.get("x-envio") === "xhr";
  const back = `/operadora/${operator.id}/documentos`;
  const answer = (ok: boolean, message: string, status = 200) =>
    viaXhr ? apiJson({ ok, message }, { status }) : redirect(`${back}?${ok ? "enviado" : "erro"}=${encodeURIComponent(message)}`);
  assertEditable(app.status as ApplicationStatus);
  const { result } = await evaluateOperatorApplication(app);
  const allowed = new Set(result.requiredDocuments.filter((d) => d.submittedBy === "APPLICANT").map((d) => d.type));
  let meta: z.infer<typeof Fields> | null = null;
  const upload = await receiveUpload(request, {
    field: "arquivo",
    storage: getStorage(),
    remainingUserBytes: remainingUploadBytes(await usedBytes(user.id)),
    beforeStore: (fields) => {
      assertCsrf(request, fields.csrf ?? null);
      const parsed = Fields.safeParse(fields);
      if (!parsed.success || !allowed.has(parsed.data.type)) throw answer(false, parsed.success ? "Este documento não é pedido à empresa." : parsed.error.issues[0].message, 400);
      meta = parsed.data;
    },
  });
  if (!upload.ok) return answer(false, upload.message, upload.status);
  const m = meta as z.infer<typeof Fields> | null;
  if (!m) return answer(false, "Formulário incompleto.", 400);
  await attachDocument(app, { userId: user.id }, upload.file, m, actor);
  return answer(true, "Documento enviado.");
}

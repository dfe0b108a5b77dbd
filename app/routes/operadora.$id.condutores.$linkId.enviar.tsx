import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { assertCsrf } from "~/utils/csrf.server";
import { getStorage } from "~/utils/storage.server";
import { receiveUpload, remainingUploadBytes } from "~/utils/upload.server";
import { apiJson } from "~/utils/api.server";
import { requireOperator } from "~/components/operator/guard.server";
import { driverStanding, getDriverLink, OPERATOR_UPLOAD_STATUSES } from "~/models/driver-link.server";
import { evaluateFor } from "~/models/application.server";
import { attachDocument, usedBytes } from "~/models/document.server";

// A document the law makes the operator submit for its driver (submittedBy OPERATOR in the pack:
// the vehicle's ownership papers in the company's name, the insurance policy…), attached to the
// driver's application through the one upload path.
export async function loader({ params }: { params: { id?: string; linkId?: string } }) {
  throw redirect(`/operadora/${params.id}/condutores/${params.linkId}`);
}

const Fields = z.object({
  type: z.string().regex(/^[A-Z0-9_]{2,60}$/),
  issueDate: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Data de emissão inválida.").optional()),
  expiryDate: z.preprocess((v) => (v === "" ? undefined : v), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Validade inválida.").optional()),
});

export async function action({ request, params }: ActionFunctionArgs) {
  const { operator, user, actor } = await requireOperator(request, params.id, "create:driver-link");
  const link = await getDriverLink(operator.id, params.linkId);
  if (!link || link.status !== "ACTIVE") throw new Response("Condutor não encontrado.", { status: 404 });
  const app = (await driverStanding(operator.id, link)).application;
  const viaXhr = request.headers.get("x-envio") === "xhr";
  const back = `/operadora/${operator.id}/condutores/${link.id}`;
  const answer = (ok: boolean, message: string, status = 200) =>
    viaXhr ? apiJson({ ok, message }, { status }) : redirect(`${back}?${ok ? "enviado" : "erro"}=${encodeURIComponent(message)}`);
  if (!app || !OPERATOR_UPLOAD_STATUSES.includes(app.status)) return answer(false, "O requerimento do condutor não aceita documentos agora.", 409);
  const { result } = await evaluateFor(app);
  const allowed = new Set(result.requiredDocuments.filter((d) => d.submittedBy === "OPERATOR").map((d) => d.type));
  let meta: z.infer<typeof Fields> | null = null;
  const upload = await receiveUpload(request, {
    field: "arquivo",
    storage: getStorage(),
    remainingUserBytes: remainingUploadBytes(await usedBytes(user.id)),
    beforeStore: (fields) => {
      assertCsrf(request, fields.csrf ?? null);
      const parsed = Fields.safeParse(fields);
      if (!parsed.success || !allowed.has(parsed.data.type)) throw answer(false, parsed.success ? "A lei não pede este documento à empresa." : parsed.error.issues[0].message, 400);
      meta = parsed.data;
    },
  });
  if (!upload.ok) return answer(false, upload.message, upload.status);
  const m = meta as z.infer<typeof Fields> | null;
  if (!m) return answer(false, "Formulário incompleto.", 400);
  await attachDocument(app, { userId: user.id }, upload.file, m, actor);
  return answer(true, "Documento enviado.");
}

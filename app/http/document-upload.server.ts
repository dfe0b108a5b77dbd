// Every page's document upload (a driver's application, a company's own documents, those the
// law makes a company submit for a driver), through the one upload path: receiveUpload streams, checks and stores the
// file; the CSRF token and the document type are checked before anything is stored. Answers JSON
// to the page's progress-bar upload (X-Envio: xhr) and redirects a plain form post.
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { assertCsrf } from "~/http/csrf.server";
import { getStorage } from "~/utils/storage.server";
import { receiveUpload, type UploadedFile } from "~/http/upload.server";
import { remainingUploadBytes } from "~/utils/upload-limits.server";
import { apiJson } from "~/http/api.server";
import { usedBytes } from "~/models/document.server";

const Fields = z.object({
  type: z.string().regex(/^[A-Z0-9_]{2,60}$/),
  issueDate: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Data de emissão inválida.")
      .optional(),
  ),
  expiryDate: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Validade inválida.")
      .optional(),
  ),
});
export type UploadMeta = z.infer<typeof Fields>;

export async function receiveDocument(
  request: Request,
  opts: {
    userId: string;
    back: string;
    allowed: ReadonlySet<string>;
    notAllowed: string;
    attach: (file: UploadedFile, meta: UploadMeta) => Promise<unknown>;
  },
) {
  const viaXhr = request.headers.get("x-envio") === "xhr";
  const answer = (ok: boolean, message: string, status = 200) =>
    viaXhr
      ? apiJson({ ok, message }, { status })
      : redirect(`${opts.back}?${ok ? "enviado" : "erro"}=${encodeURIComponent(message)}`);
  let meta: UploadMeta | null = null;
  const upload = await receiveUpload(request, {
    field: "arquivo",
    storage: getStorage(),
    remainingUserBytes: remainingUploadBytes(await usedBytes(opts.userId)),
    beforeStore: (fields) => {
      assertCsrf(request, fields.csrf ?? null);
      const parsed = Fields.safeParse(fields);
      if (!parsed.success || !opts.allowed.has(parsed.data.type))
        throw answer(false, parsed.success ? opts.notAllowed : parsed.error.issues[0].message, 400);
      meta = parsed.data;
    },
  });
  if (!upload.ok) return answer(false, upload.message, upload.status);
  const m = meta as UploadMeta | null;
  if (!m) return answer(false, "Formulário incompleto.", 400);
  await opts.attach(upload.file, m);
  return answer(true, "Documento enviado.");
}

/** The refusal before reading the body (an application that takes no documents now). */
export function refuseUpload(request: Request, back: string, message: string, status: number) {
  return request.headers.get("x-envio") === "xhr"
    ? apiJson({ ok: false, message }, { status })
    : redirect(`${back}?erro=${encodeURIComponent(message)}`);
}

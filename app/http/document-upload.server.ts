// Every page's document upload, through receiveUpload; CSRF and type are checked before storing.
// Answers JSON to the progress-bar upload (X-Envio: xhr) and redirects a plain form post.
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { isImageMime } from "~/domain/files/content-type";
import { uploadError } from "~/domain/files/errors";
import { MAX_FILES_PER_DOCUMENT } from "~/domain/files/limits";
import { type Category, holderPhotoDocument, type Mode, type RulePack } from "~/domain/rule-packs";
import { apiJson } from "~/http/api.server";
import { assertCsrf } from "~/http/csrf.server";
import { receiveUpload, type UploadedFile } from "~/http/upload.server";
import { usedBytes } from "~/models/document.server";
import { getStorage } from "~/utils/storage.server";
import { remainingUploadBytes } from "~/utils/upload-limits.server";

/** The type the rule pack prints on the crachá as the holder's photo, for this application. */
export function holderPhotoType(pack: RulePack, app: { category: string; mode: string }): string | null {
  return holderPhotoDocument(pack, app.category as Category, app.mode as Mode)?.type ?? null;
}

const PHOTO_ONE_FILE = "Envie uma foto só: a foto 3x4 não pode ter várias páginas.";

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
type UploadMeta = z.infer<typeof Fields>;

export async function receiveDocument(
  request: Request,
  opts: {
    userId: string;
    back: string;
    allowed: ReadonlySet<string>;
    notAllowed: string;
    /** Types that must be one photo (the holder's 3×4, printed on the crachá): never a PDF or pages. */
    photoTypes?: ReadonlySet<string>;
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
    maxFiles: MAX_FILES_PER_DOCUMENT,
    beforeStore: (fields, files) => {
      assertCsrf(request, fields.csrf ?? null);
      const parsed = Fields.safeParse(fields);
      if (!parsed.success || !opts.allowed.has(parsed.data.type))
        throw answer(false, parsed.success ? opts.notAllowed : parsed.error.issues[0].message, 400);
      if (opts.photoTypes?.has(parsed.data.type)) {
        if (files.mimes.length > 1) throw answer(false, PHOTO_ONE_FILE, 400);
        if (!isImageMime(files.mimes[0])) throw answer(false, uploadError("not_an_image").message, 415);
      }
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

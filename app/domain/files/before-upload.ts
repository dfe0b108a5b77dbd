// What the browser can tell before a long upload (issue #34, item 3): a file the server would
// refuse for its size or kind, said at once with what to do, instead of after minutes on 3G. Only
// saves time: the server checks everything again (app/http/upload.server.ts).
import { formatNumber } from "../format";

type Chosen = { name: string; size: number; type: string };

const mb = (bytes: number) => {
  const value = bytes / (1024 * 1024);
  return `${formatNumber(value, value < 10 ? 1 : 0)} MB`;
};

const DOCUMENT_TYPES = /^(application\/pdf|image\/(jpeg|png|webp|heic|heif))$/i;
const PHOTO_TYPES = /^image\/(jpeg|png|webp|heic|heif)$/i;

/** Why these files (as they would be sent) cannot go, in the person's words; null when they can. */
export function refusalBeforeUpload(
  files: readonly Chosen[],
  opts: { maxBytes: number; photo: boolean },
): string | null {
  // An unknown type (some phones send none) is left to the server, which reads the content.
  const wrong = files.find((f) => f.type !== "" && !(opts.photo ? PHOTO_TYPES : DOCUMENT_TYPES).test(f.type));
  if (wrong)
    return opts.photo
      ? `“${wrong.name}” não é uma foto. Escolha uma imagem JPEG ou PNG, ou tire a foto agora.`
      : `“${wrong.name}” não é um PDF nem uma foto. Envie o documento em PDF, JPEG ou PNG.`;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total <= opts.maxBytes) return null;
  const what = files.length === 1 ? `O arquivo tem ${mb(total)}` : `Os arquivos somam ${mb(total)}`;
  const pdf = files.some((f) => /pdf$/i.test(f.type));
  return (
    `${what} e o limite é ${mb(opts.maxBytes)}: nada foi enviado. ` +
    (pdf
      ? "Em vez do PDF escaneado, fotografe as páginas com a câmera do celular (as fotos são reduzidas antes do envio), ou gere o PDF em qualidade menor."
      : "Envie menos páginas de uma vez, ou fotografe de novo com a câmera do celular.")
  );
}

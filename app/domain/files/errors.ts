// Every way an upload can be refused: a stable code, the HTTP status and the person's message.
import { formatNumber } from "../format";
import { MAX_DOCUMENT_PAGES } from "./limits";
import { PIXEL_LIMITS } from "./pixels";

type UploadErrorStatus = 400 | 413 | 415;

type UploadErrorParams = { maxBytes?: number; remainingBytes?: number; maxFiles?: number };

const mb = (bytes = 0) => {
  const value = bytes / (1024 * 1024);
  return `${formatNumber(value, value < 10 ? 1 : 0)} MB`;
};

const ERRORS = {
  not_multipart: [415, () => "O envio de arquivos precisa ser feito pelo formulário da página."],
  malformed: [400, () => "Não foi possível ler o envio. Tente novamente."],
  interrupted: [400, () => "O envio foi interrompido antes de terminar. Tente novamente."],
  missing_file: [400, () => "Selecione um arquivo para enviar."],
  empty_file: [400, () => "O arquivo enviado está vazio."],
  unexpected_file: [400, () => "O formulário trouxe um arquivo em um campo inesperado."],
  too_many_files: [
    400,
    (p) =>
      (p.maxFiles ?? 1) > 1 ? `Envie no máximo ${p.maxFiles} arquivos para um documento.` : "Envie um arquivo por vez.",
  ],
  too_many_pages: [
    413,
    () => `O documento passa de ${MAX_DOCUMENT_PAGES} páginas. Envie só as páginas que o documento tem.`,
  ],
  too_many_fields: [400, () => "O formulário tem campos demais."],
  field_too_large: [413, () => "Um dos campos do formulário é grande demais."],
  file_too_large: [413, (p) => `O arquivo passa do limite de ${mb(p.maxBytes)}. Envie um arquivo menor.`],
  quota_exceeded: [
    413,
    (p) =>
      `Não há espaço para este arquivo: restam ${mb(Math.max(0, p.remainingBytes ?? 0))} para os seus documentos. ` +
      "Substitua ou remova documentos antigos.",
  ],
  unsupported_type: [415, () => "Tipo de arquivo não aceito. Envie um PDF, JPEG ou PNG."],
  not_an_image: [415, () => "A foto precisa ser uma imagem JPEG ou PNG."],
  image_too_large: [
    413,
    () =>
      `A imagem é grande demais: o limite é ${formatNumber(PIXEL_LIMITS.maxSide)} pixels de lado ` +
      `e ${PIXEL_LIMITS.maxPixels / 1_000_000} megapixels. Reduza a resolução e envie de novo.`,
  ],
  invalid_image: [400, () => "A imagem está corrompida ou incompleta. Tire a foto ou gere o arquivo de novo."],
  invalid_pdf: [400, () => "O PDF está corrompido ou incompleto. Gere o arquivo de novo."],
  encrypted_pdf: [400, () => "O PDF está protegido por senha ou criptografado. Envie uma versão sem proteção."],
  pdf_too_complex: [
    413,
    () =>
      'O PDF tem estruturas compactadas grandes demais para serem conferidas. Gere o arquivo de novo (por exemplo, com "Imprimir como PDF").',
  ],
  pdf_trailing_data: [
    400,
    () =>
      'O PDF tem dados depois do fim do documento e foi recusado por segurança. Gere o arquivo de novo (por exemplo, com "Imprimir como PDF").',
  ],
} satisfies Record<string, readonly [UploadErrorStatus, (p: UploadErrorParams) => string]>;

export type UploadErrorCode = keyof typeof ERRORS;

export type UploadError = { ok: false; status: UploadErrorStatus; code: UploadErrorCode; message: string };

export function uploadError(code: UploadErrorCode, params: UploadErrorParams = {}): UploadError {
  const [status, message] = ERRORS[code];
  return { ok: false, status, code, message: message(params) };
}

import { useRouteLoaderData } from "@remix-run/react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { useScripted } from "~/components/ui/use-scripted";
import { MAX_FILES_PER_DOCUMENT } from "~/domain/files/limits";
import { formatNumber } from "~/domain/format";
import type { loader as rootLoader } from "~/root";
import { ChosenPages, DateFields, FileChoosers, UploadStatus } from "./document-upload-parts";
import { PhotoCrop } from "./photo-crop";
import { CENTRED, type Framing, isPhoto } from "./prepare-files";
import { useDocumentSend } from "./use-document-send";

type Props = {
  action: string;
  type: string;
  label: string;
  askDates: boolean;
  /** With `askDates`: also the issue date (default) — only where the law's validity runs from it. */
  askIssueDate?: boolean;
  /** The holder's 3×4 photo: one image, the front camera, framed to 3:4 before sending. */
  photo?: boolean;
  /** The paper states its own expiry (CNH, CRLV, a policy): say that a renewal asks it again without it. */
  expiryOnDocument?: boolean;
  /** Sent on choice, no "Enviar" tap (ADR 031); not without JavaScript, nor for the 3×4 photo (framed first). */
  autoSend?: boolean;
  /** The pages this page has already sent for the document (kept by the row, sent again with a new one). */
  earlierPages?: readonly File[];
  /** Told the server's answer once a file is stored (the page says it and moves on), with the pages sent. */
  onSent?: (message: string, pages: File[]) => void;
};

/**
 * One document's upload form: a plain multipart POST without JavaScript; with it, pages one photo
 * at a time, photos shrunk in the browser, and progress shown.
 */
export function DocumentUpload(props: Props) {
  const { action, type, label, askDates, askIssueDate = true, photo = false, autoSend = false } = props;
  const { earlierPages = [], onSent } = props;
  const [pages, setPages] = useState<File[]>([]);
  // Sending on choice needs the page's script: until it runs, the plain form and its button.
  const scripted = useScripted();
  const auto = autoSend && !photo && scripted;
  const formRef = useRef<HTMLFormElement>(null);
  const [framing, setFraming] = useState<Framing>(CENTRED);
  const maxBytes = useRouteLoaderData<typeof rootLoader>("root")?.uploadMaxBytes ?? 10 * 1024 * 1024;
  const { busy, message, setMessage, send } = useDocumentSend({
    action,
    label,
    photo,
    framing,
    maxBytes,
    onStored: () => setPages([]),
    onSent,
  });
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const said = useRef<HTMLParagraphElement>(null);
  // A refusal is read first: focus moves to it (a success is announced where it is).
  useEffect(() => {
    if (message && !message.ok) said.current?.focus();
  }, [message]);
  const id = `arquivo-${type}`;
  const many = !photo;

  function add(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    if (chosen.length === 0) return;
    event.target.value = ""; // the same input can add the next page
    if (auto && formRef.current) {
      void send(formRef.current, [...earlierPages, ...chosen].slice(0, MAX_FILES_PER_DOCUMENT));
      return;
    }
    setPages((before) => (many ? [...before, ...chosen].slice(0, MAX_FILES_PER_DOCUMENT) : chosen.slice(0, 1)));
    setFraming(CENTRED);
    setMessage(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (typeof XMLHttpRequest === "undefined") return;
    event.preventDefault();
    // Files put in the inputs before the page's script was running count too.
    const waiting = [chooser.current, camera.current].flatMap((input) => Array.from(input?.files ?? []));
    const chosen = [...pages, ...waiting];
    if (chosen.length === 0) {
      setMessage({
        ok: false,
        text: photo ? "Escolha ou tire a foto antes de enviar." : "Escolha um arquivo ou tire uma foto.",
      });
      return;
    }
    await send(event.currentTarget, chosen);
  }

  const hint = photo
    ? "Uma foto (JPEG ou PNG). No celular, use a câmera da frente."
    : `PDF ou fotos (JPEG, PNG), até ${formatNumber(maxBytes / (1024 * 1024), 1)} MB no total. Frente e verso ou várias páginas: escolha ou fotografe todas — viram um só PDF.`;
  // Sent on choice: the dates come first (both optional), so nothing is typed after the upload.
  const dates = askDates ? (
    <DateFields id={id} photo={photo} askIssueDate={askIssueDate} expiryOnDocument={props.expiryOnDocument} />
  ) : null;
  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="doc-envio"
      data-envio={auto ? "automatico" : undefined}
    >
      <CsrfInput />
      <input type="hidden" name="type" value={type} />
      {autoSend ? dates : null}
      <p className="dica" id={`${id}-dica`}>
        {hint}
        {auto ? " O envio começa assim que você escolhe." : ""}
      </p>
      {auto && earlierPages.length > 0 ? (
        <p className="dica">
          {earlierPages.length === 1 ? "Já foi enviada 1 página" : `Já foram enviadas ${earlierPages.length} páginas`}{" "}
          deste documento: a que você escolher agora entra no fim, e o documento vai de novo com todas, num só PDF.
        </p>
      ) : null}
      <FileChoosers id={id} label={label} photo={photo} chooser={chooser} camera={camera} onChange={add} />
      {pages.length > 0 ? (
        <ChosenPages pages={pages} photo={photo} onRemove={(i) => setPages((list) => list.filter((_, j) => j !== i))} />
      ) : null}
      {photo && pages[0] && isPhoto(pages[0]) ? (
        <PhotoCrop file={pages[0]} framing={framing} onChange={setFraming} id={id} />
      ) : null}
      {many && pages.length > 0 ? (
        <p className="dica">Falta o verso ou outra página? Escolha ou fotografe de novo: ela entra no fim.</p>
      ) : null}
      {askDates && !autoSend ? dates : null}
      <UploadStatus id={id} busy={busy} message={message} said={said} />
      {auto ? null : (
        <button type="submit" className="botao secundario" disabled={busy !== null}>
          Enviar
        </button>
      )}
    </form>
  );
}

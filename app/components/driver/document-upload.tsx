import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { CsrfInput } from "~/components/csrf-input";
import { formatBytes } from "~/domain/format";
import { MAX_FILES_PER_DOCUMENT } from "~/domain/files/limits";
import { PhotoCrop } from "./photo-crop";
import { CENTRED, framedPhoto, isPhoto, shrinkPhoto, type Framing } from "./prepare-files";

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
  /**
   * Sent as soon as the files are chosen, without an "Enviar" tap (the driver's checklist, ADR 031):
   * a page chosen later is added to the ones sent from this page, and all go again as one PDF.
   * Without JavaScript the form keeps its button. Never for the 3×4 photo (framed first).
   */
  autoSend?: boolean;
  /** The pages this page has already sent for the document (kept by the row, sent again with a new one). */
  earlierPages?: readonly File[];
  /** Told the server's answer once a file is stored (the page says it and moves on), with the pages sent. */
  onSent?: (message: string, pages: File[]) => void;
};

type Busy = { step: "preparing" | "sending"; percent: number };

/**
 * One document's upload form. Without JavaScript it is a plain multipart POST of the chosen files
 * (several pages allowed; the server combines them into one PDF). With it, pages can be added one
 * photo at a time, photos are shrunk in the browser, and the upload shows its progress.
 */
export function DocumentUpload(props: Props) {
  const { action, type, label, askDates, askIssueDate = true, photo = false, autoSend = false } = props;
  const { earlierPages = [], onSent } = props;
  const revalidator = useRevalidator();
  const [pages, setPages] = useState<File[]>([]);
  // Sending on choice needs the page's script: until it runs, the plain form and its button.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const auto = autoSend && !photo && scripted;
  const formRef = useRef<HTMLFormElement>(null);
  const [framing, setFraming] = useState<Framing>(CENTRED);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
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
      // A page added after a send goes with the pages sent before it, as one PDF.
      void send(formRef.current, [...earlierPages, ...chosen].slice(0, MAX_FILES_PER_DOCUMENT));
      return;
    }
    setPages((before) => (many ? [...before, ...chosen].slice(0, MAX_FILES_PER_DOCUMENT) : chosen.slice(0, 1)));
    setFraming(CENTRED);
    setMessage(null);
  }

  async function prepare(files: File[]): Promise<{ files: File[]; before: number; after: number }> {
    const out: File[] = [];
    for (const [i, file] of files.entries()) {
      const part = (percent: number) =>
        setBusy({ step: "preparing", percent: Math.round(((i + percent / 100) / files.length) * 100) });
      part(0);
      const framed = photo && isPhoto(file) ? await framedPhoto(file, framing).catch(() => file) : file;
      out.push(await shrinkPhoto(framed, part));
    }
    const size = (list: File[]) => list.reduce((sum, f) => sum + f.size, 0);
    return { files: out, before: size(files), after: size(out) };
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

  async function send(form: HTMLFormElement, chosen: File[]) {
    setMessage(null);
    const prepared = await prepare(chosen);
    const data = new FormData(form);
    data.delete("arquivo");
    for (const file of prepared.files) data.append("arquivo", file, file.name);
    const shrunk =
      prepared.after < prepared.before
        ? `Fotos reduzidas de ${formatBytes(prepared.before)} para ${formatBytes(prepared.after)} antes do envio. `
        : "";

    const xhr = new XMLHttpRequest();
    xhr.open("POST", action);
    xhr.setRequestHeader("X-Envio", "xhr");
    xhr.upload.onprogress = (e) =>
      e.lengthComputable && setBusy({ step: "sending", percent: Math.round((e.loaded / e.total) * 100) });
    xhr.onload = () => {
      setBusy(null);
      let body: { ok?: boolean; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = { message: "Não foi possível enviar. Tente de novo." };
      }
      const text = body.message ?? (body.ok ? "Enviado." : "Não foi possível enviar.");
      setMessage({ ok: Boolean(body.ok), text: body.ok ? shrunk + text : text });
      if (body.ok) {
        form.reset();
        setPages([]);
        onSent?.(`${label}: ${shrunk}${text}`, prepared.files);
        revalidator.revalidate();
      }
    };
    xhr.onerror = () => {
      setBusy(null);
      setMessage({ ok: false, text: "A conexão caiu durante o envio. Nada foi salvo; tente de novo." });
    };
    setBusy({ step: "sending", percent: 0 });
    xhr.send(data);
  }

  const hint = photo
    ? "Uma foto (JPEG ou PNG). No celular, use a câmera da frente."
    : "PDF ou fotos (JPEG, PNG), até 10 MB no total. Frente e verso ou várias páginas: escolha ou fotografe todas — viram um só PDF.";
  // Sent on choice: the dates come first (both optional), so nothing is typed after the upload.
  const dates = askDates ? (
    <div className="colunas">
      {askIssueDate ? (
        <div className="campo">
          <label htmlFor={`${id}-emissao`}>{photo ? "Data em que a foto foi tirada" : "Data de emissão"}</label>
          <input id={`${id}-emissao`} type="date" name="issueDate" />
        </div>
      ) : null}
      {photo ? null : (
        <div className="campo">
          <label htmlFor={`${id}-validade`}>
            {props.expiryOnDocument ? "Válido até (a data impressa no documento)" : "Válido até (se o documento diz)"}
          </label>
          {props.expiryOnDocument ? (
            <p className="dica" id={`${id}-validade-dica`}>
              Sem essa data, a próxima renovação pede este documento de novo.
            </p>
          ) : null}
          <input
            id={`${id}-validade`}
            type="date"
            name="expiryDate"
            aria-describedby={props.expiryOnDocument ? `${id}-validade-dica` : undefined}
          />
        </div>
      )}
    </div>
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
      <div className="doc-escolha">
        <div className="br-upload">
          <label className="upload-label" htmlFor={id}>
            Arquivo: {label}
          </label>
          <input
            className="upload-input"
            ref={chooser}
            id={id}
            type="file"
            name="arquivo"
            accept={photo ? "image/jpeg,image/png" : "image/*,application/pdf"}
            multiple={many}
            onChange={add}
            aria-describedby={`${id}-dica`}
          />
        </div>
        <div className="br-upload">
          <label className="upload-label" htmlFor={`${id}-camera`}>
            {photo ? "Tirar foto agora" : "Tirar foto"}
          </label>
          <input
            className="upload-input"
            ref={camera}
            id={`${id}-camera`}
            type="file"
            name="arquivo"
            accept="image/*"
            capture={photo ? "user" : "environment"}
            onChange={add}
          />
        </div>
      </div>
      {pages.length > 0 ? (
        <ol className="doc-paginas upload-list" aria-label={photo ? "Foto escolhida" : "Páginas escolhidas"}>
          {pages.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              <span>
                {many ? `Página ${i + 1}: ` : ""}
                {file.name} ({formatBytes(file.size)})
              </span>
              <button
                type="button"
                className="botao secundario pequeno"
                onClick={() => setPages((list) => list.filter((_, j) => j !== i))}
              >
                Remover{many ? ` página ${i + 1}` : " foto"}
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {photo && pages[0] && isPhoto(pages[0]) ? (
        <PhotoCrop file={pages[0]} framing={framing} onChange={setFraming} id={id} />
      ) : null}
      {many && pages.length > 0 ? (
        <p className="dica">Falta o verso ou outra página? Escolha ou fotografe de novo: ela entra no fim.</p>
      ) : null}
      {askDates && !autoSend ? dates : null}
      {busy ? (
        <p role="status" className="doc-progresso">
          <label htmlFor={`${id}-progresso`}>
            {busy.step === "preparing" ? "Preparando as fotos…" : "Enviando…"} {busy.percent}%
          </label>
          <progress id={`${id}-progresso`} max={100} value={busy.percent} />
        </p>
      ) : null}
      {message ? (
        <p
          ref={said}
          tabIndex={-1}
          role={message.ok ? "status" : "alert"}
          className={message.ok ? "aviso sucesso" : "aviso erro"}
        >
          {message.text}
        </p>
      ) : null}
      {auto ? null : (
        <button type="submit" className="botao secundario" disabled={busy !== null}>
          Enviar
        </button>
      )}
    </form>
  );
}

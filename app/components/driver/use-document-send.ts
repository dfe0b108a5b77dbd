import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { refusalBeforeUpload } from "~/domain/files/before-upload";
import { formatBytes } from "~/domain/format";
import { framedPhoto, type Framing, isPhoto, shrinkPhoto } from "./prepare-files";

export type Busy = { step: "preparing" | "sending"; percent: number };
export type Said = { ok: boolean; text: string };

/** Sends one document's pages by XHR, so the upload shows its progress. */
export function useDocumentSend(opts: {
  action: string;
  label: string;
  photo: boolean;
  framing: Framing;
  /** The server's limit for one document's files together (checked here before sending). */
  maxBytes: number;
  onStored: () => void;
  onSent?: (message: string, pages: File[]) => void;
}) {
  const { action, label, photo, framing, maxBytes, onStored, onSent } = opts;
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<Busy | null>(null);
  const [message, setMessage] = useState<Said | null>(null);

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

  async function send(form: HTMLFormElement, chosen: File[]) {
    setMessage(null);
    const prepared = await prepare(chosen);
    // Too big or of the wrong kind: said now, not after minutes of upload on a slow connection.
    const refused = refusalBeforeUpload(prepared.files, { maxBytes, photo });
    if (refused) {
      setBusy(null);
      setMessage({ ok: false, text: refused });
      return;
    }
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
        onStored();
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

  return { busy, message, setMessage, send };
}

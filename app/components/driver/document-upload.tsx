import { useRevalidator } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { CsrfInput } from "~/components/csrf-input";

type Props = { action: string; type: string; label: string; askDates: boolean };

/**
 * One document's upload form. Without JavaScript it is a plain multipart POST; with it, the file
 * goes by XMLHttpRequest so the person sees the upload's progress on a slow connection.
 */
export function DocumentUpload({ action, type, label, askDates }: Props) {
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const id = `arquivo-${type}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (typeof XMLHttpRequest === "undefined") return;
    event.preventDefault();
    const form = event.currentTarget;
    const xhr = new XMLHttpRequest();
    xhr.open("POST", action);
    xhr.setRequestHeader("X-Envio", "xhr");
    xhr.upload.onprogress = (e) => e.lengthComputable && setProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      setProgress(null);
      let body: { ok?: boolean; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = { message: "Não foi possível enviar. Tente de novo." };
      }
      setMessage({ ok: Boolean(body.ok), text: body.message ?? (body.ok ? "Enviado." : "Não foi possível enviar.") });
      if (body.ok) {
        form.reset();
        revalidator.revalidate();
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      setMessage({ ok: false, text: "A conexão caiu durante o envio. Nada foi salvo; tente de novo." });
    };
    setMessage(null);
    setProgress(0);
    xhr.send(new FormData(form));
  }

  return (
    <form method="post" action={action} encType="multipart/form-data" onSubmit={onSubmit}>
      <CsrfInput />
      <input type="hidden" name="type" value={type} />
      <div className="campo">
        <label htmlFor={id}>Arquivo: {label}</label>
        <p className="dica" id={`${id}-dica`}>
          PDF, JPEG ou PNG, até 10 MB. Pode ser foto tirada com o celular.
        </p>
        <input
          id={id}
          type="file"
          name="arquivo"
          accept="application/pdf,image/jpeg,image/png"
          required
          aria-describedby={`${id}-dica`}
        />
      </div>
      {askDates ? (
        <div className="colunas">
          <div className="campo">
            <label htmlFor={`${id}-emissao`}>Data de emissão</label>
            <input id={`${id}-emissao`} type="date" name="issueDate" />
          </div>
          <div className="campo">
            <label htmlFor={`${id}-validade`}>Válido até (se o documento diz)</label>
            <input id={`${id}-validade`} type="date" name="expiryDate" />
          </div>
        </div>
      ) : null}
      {progress !== null ? (
        <p role="status">
          <label htmlFor={`${id}-progresso`}>Enviando… {progress}%</label>
          <progress id={`${id}-progresso`} max={100} value={progress} />
        </p>
      ) : null}
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? "aviso sucesso" : "aviso erro"}>
          {message.text}
        </p>
      ) : null}
      <button type="submit" className="botao secundario" disabled={progress !== null}>
        Enviar
      </button>
    </form>
  );
}

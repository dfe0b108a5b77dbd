// The pieces of one document's upload form (./document-upload).
import type { ChangeEvent, RefObject } from "react";
import { formatBytes } from "~/domain/format";
import type { Busy, Said } from "./use-document-send";

export function DateFields(props: { id: string; photo: boolean; askIssueDate: boolean; expiryOnDocument?: boolean }) {
  const { id, photo, expiryOnDocument } = props;
  return (
    <div className="colunas">
      {props.askIssueDate ? (
        <div className="campo">
          <label htmlFor={`${id}-emissao`}>{photo ? "Data em que a foto foi tirada" : "Data de emissão"}</label>
          <input id={`${id}-emissao`} type="date" name="issueDate" />
        </div>
      ) : null}
      {photo ? null : (
        <div className="campo">
          <label htmlFor={`${id}-validade`}>
            {expiryOnDocument ? "Válido até (a data impressa no documento)" : "Válido até (se o documento diz)"}
          </label>
          {expiryOnDocument ? (
            <p className="dica" id={`${id}-validade-dica`}>
              Sem essa data, a próxima renovação pede este documento de novo.
            </p>
          ) : null}
          <input
            id={`${id}-validade`}
            type="date"
            name="expiryDate"
            aria-describedby={expiryOnDocument ? `${id}-validade-dica` : undefined}
          />
        </div>
      )}
    </div>
  );
}

/** Choose files, or take a photo (the front camera for the 3×4 photo). */
export function FileChoosers(props: {
  id: string;
  label: string;
  photo: boolean;
  chooser: RefObject<HTMLInputElement>;
  camera: RefObject<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { id, photo, onChange } = props;
  return (
    <div className="doc-escolha">
      <div className="br-upload">
        <label className="upload-label" htmlFor={id}>
          Arquivo: {props.label}
        </label>
        <input
          className="upload-input"
          ref={props.chooser}
          id={id}
          type="file"
          name="arquivo"
          accept={photo ? "image/jpeg,image/png" : "image/*,application/pdf"}
          multiple={!photo}
          onChange={onChange}
          aria-describedby={`${id}-dica`}
        />
      </div>
      <div className="br-upload">
        <label className="upload-label" htmlFor={`${id}-camera`}>
          {photo ? "Tirar foto agora" : "Tirar foto"}
        </label>
        <input
          className="upload-input"
          ref={props.camera}
          id={`${id}-camera`}
          type="file"
          name="arquivo"
          accept="image/*"
          capture={photo ? "user" : "environment"}
          onChange={onChange}
        />
      </div>
    </div>
  );
}

export function ChosenPages(props: { pages: File[]; photo: boolean; onRemove: (index: number) => void }) {
  const many = !props.photo;
  return (
    <ol className="doc-paginas upload-list" aria-label={props.photo ? "Foto escolhida" : "Páginas escolhidas"}>
      {props.pages.map((file, i) => (
        <li key={`${file.name}-${i}`}>
          <span>
            {many ? `Página ${i + 1}: ` : ""}
            {file.name} ({formatBytes(file.size)})
          </span>
          <button type="button" className="botao secundario pequeno" onClick={() => props.onRemove(i)}>
            Remover{many ? ` página ${i + 1}` : " foto"}
          </button>
        </li>
      ))}
    </ol>
  );
}

/** The progress while preparing or sending, then the server's answer (a refusal takes the focus). */
export function UploadStatus(props: {
  id: string;
  busy: Busy | null;
  message: Said | null;
  said: RefObject<HTMLParagraphElement>;
}) {
  const { id, busy, message } = props;
  return (
    <>
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
          ref={props.said}
          tabIndex={-1}
          role={message.ok ? "status" : "alert"}
          className={message.ok ? "aviso sucesso" : "aviso erro"}
        >
          {message.text}
        </p>
      ) : null}
    </>
  );
}

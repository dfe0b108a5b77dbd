// The auto de infração form. With JavaScript the auto is queued on the phone first and sent
// from the queue (so a lost connection loses nothing); without it the form posts directly.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { type Gps, InfractionFields, locate, MAX_PHOTOS } from "./infraction-fields";
import { InfractionInputSchema, localDateTime, newClientRef, parseOccurredAt } from "./infraction-input";
import { InfractionPicker } from "./infraction-picker";
import type { QueuedInfraction } from "./infraction-queue";
import { infractionLabel } from "./infraction-search";
import { reducePhoto } from "./photo";
import type { InfractionQueue } from "./use-infraction-queue";

export { QueuedInfractions } from "./queued-infractions";

type CatalogueItem = {
  code: string;
  description: string;
  citation: string;
  classCode: string | null;
  classLabel: string | null;
};

type Props = {
  serial: string;
  holder: string;
  catalogue: CatalogueItem[];
  csrf: string;
  /** Server-made clientRef for the form without JavaScript (a double submit is still one auto). */
  clientRef: string;
  defaultOccurredAt: string;
  /** The municipality's IANA zone: the form's date and time are on its clock. */
  timeZone: string;
  queue: InfractionQueue;
};

export function InfractionForm({
  serial,
  holder,
  catalogue,
  csrf,
  clientRef: serverRef,
  defaultOccurredAt,
  timeZone,
  queue,
}: Props) {
  const [clientRef, setClientRef] = useState(serverRef);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [lastRef, setLastRef] = useState<string | null>(null);
  // After an auto is written the form gives way to its result (on screen, focused) and "Lavrar
  // outro auto": an empty form left below a message out of sight invited a second submission.
  const [written, setWritten] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  const [busy, setBusy] = useState(false);
  // Photos go through the phone's queue, so the field exists only once the page runs scripts.
  const [enhanced, setEnhanced] = useState(false);
  const [photoCount, setPhotoCount] = useState(0);
  const selected = catalogue.find((c) => c.code === code);
  const place = useRef<HTMLInputElement>(null);
  const [gps, setGps] = useState<Gps | null>(null);
  // A cached page carries the same server clientRef every time, so each mounted form makes its own.
  const canQueue = queue.available;
  useEffect(() => {
    setClientRef(newClientRef());
    setEnhanced(canQueue());
  }, [canQueue]);

  // A page served from the phone's cache was rendered long ago: start from the current time.
  useEffect(() => {
    const input = document.getElementById("auto-occurredAt") as HTMLInputElement | null;
    if (input && input.value === defaultOccurredAt) input.value = localDateTime(new Date(), timeZone);
  }, [defaultOccurredAt, timeZone]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!queue.available()) return event.currentTarget.submit();
    const form = event.currentTarget;
    const formData = new FormData(form);
    const files = formData.getAll("fotos").filter((f): f is File => f instanceof File && f.size > 0);
    formData.delete("fotos");
    const data = Object.fromEntries(formData.entries()) as Record<string, string>;
    delete data.csrf;
    const parsed = InfractionInputSchema.safeParse(data);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    if (files.length > MAX_PHOTOS) {
      setErrors({ fotos: `Escolha no máximo ${MAX_PHOTOS} fotos.` });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const fields = { ...data, occurredAt: parseOccurredAt(parsed.data.occurredAt, timeZone)!.toISOString() };
      const item = selected ? infractionLabel(selected) : parsed.data.code;
      const photos = await Promise.all(
        files.map(async (file) => ({ ...(await reducePhoto(file)), ref: newClientRef(), state: "PENDING" as const })),
      );
      await queue.add({ clientRef, serial, fields, photos, summary: `${serial} (${holder}) · ${item}` });
      setLastRef(clientRef);
      setWritten(true);
      form.reset();
      setCode("");
      setGps(null);
      setPhotoCount(0);
      setClientRef(newClientRef());
    } finally {
      setBusy(false);
    }
  }

  // What became of the last auto written here, as the queue knows it (sent later, refused…).
  const result = lastResult(lastRef ? queue.items.find((i) => i.clientRef === lastRef) : undefined);
  useEffect(() => {
    if (written) said.current?.focus();
  }, [written]);
  return (
    <section className="cartao" aria-labelledby="auto-titulo">
      <h2 id="auto-titulo">Lavrar auto de infração</h2>
      {result ? (
        <p className={`aviso ${result.kind}`} role="status" ref={said} tabIndex={-1}>
          {result.text}
        </p>
      ) : null}
      {written ? (
        <button type="button" className="botao secundario" onClick={() => setWritten(false)}>
          Lavrar outro auto
        </button>
      ) : null}
      <form method="post" action="/fiscal/autos/novo" onSubmit={submit} noValidate hidden={written}>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="clientRef" value={clientRef} />
        <input type="hidden" name="serial" value={serial} />
        <InfractionPicker catalogue={catalogue} value={code} onChange={setCode} error={errors.code} />
        <InfractionFields
          errors={errors}
          enhanced={enhanced}
          place={place}
          gps={gps}
          onLocate={() => locate(place, setGps)}
          defaultOccurredAt={defaultOccurredAt}
          photoCount={photoCount}
          onPhotoCount={setPhotoCount}
        />
        <button type="submit" className="botao" disabled={busy} aria-busy={busy}>
          {busy ? "Registrando…" : "Registrar auto"}
        </button>
      </form>
    </section>
  );
}

/** What the form says of the last auto written here: sent, refused, or waiting for a connection. */
function lastResult(last: QueuedInfraction | undefined): { kind: string; text: string } | null {
  return !last
    ? null
    : last.state === "SENT"
      ? { kind: "sucesso", text: `Auto de infração nº ${last.number} registrado${photoNote(last)}.` }
      : last.state === "REJECTED"
        ? { kind: "erro", text: `O servidor recusou o auto: ${last.error}` }
        : last.number
          ? {
              kind: "atencao",
              text: `Auto de infração nº ${last.number} registrado; as fotos foram guardadas neste aparelho e serão enviadas quando a conexão voltar.`,
            }
          : {
              kind: "atencao",
              text: "Sem conexão: o auto foi guardado neste aparelho e será enviado automaticamente quando a conexão voltar.",
            };
}

/** ", com 2 fotos" — and how many the server refused, if any. */
function photoNote(item: QueuedInfraction): string {
  const photos = item.photos ?? [];
  const sent = photos.filter((f) => f.state === "SENT").length;
  const refused = photos.length - sent;
  if (!photos.length) return "";
  return `, com ${sent} ${sent === 1 ? "foto" : "fotos"}${refused ? ` (${refused} recusada${refused > 1 ? "s" : ""} pelo servidor)` : ""}`;
}

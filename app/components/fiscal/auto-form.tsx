// The auto de infração form. With JavaScript the auto is queued on the phone first and sent
// from the queue (so a lost connection loses nothing); without it the form posts directly.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { AutoSchema, localDateTime, newClientRef, parseOccurredAt } from "./auto-schema";
import type { AutoQueue } from "./use-auto-queue";
import type { QueuedAuto } from "./auto-queue";
import { reducePhoto } from "./photo";
import { InfractionPicker } from "./infraction-picker";
import { infractionLabel } from "./infraction-search";
import { geolocationError, placeWithFix } from "./geo";

/** As the server's MAX_PHOTOS_PER_AUTO (models/infraction-photo.server.ts). */
export const MAX_PHOTOS = 4;

export type CatalogueItem = {
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
  queue: AutoQueue;
};

export function AutoForm({
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
  const [busy, setBusy] = useState(false);
  // Photos go through the phone's queue, so the field exists only once the page runs scripts.
  const [enhanced, setEnhanced] = useState(false);
  const [photoCount, setPhotoCount] = useState(0);
  const selected = catalogue.find((c) => c.code === code);
  const place = useRef<HTMLInputElement>(null);
  const [gps, setGps] = useState<{ kind: "lendo" | "ok" | "erro"; text: string } | null>(null);

  // The server's clientRef serves only the form without JavaScript: a page served from the
  // phone's cache carries the same one every time, so each mounted form makes its own.
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
    const parsed = AutoSchema.safeParse(data);
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
      form.reset();
      setCode("");
      setGps(null);
      setPhotoCount(0);
      setClientRef(newClientRef());
    } finally {
      setBusy(false);
    }
  }

  // Read only on the fiscal's tap (the browser then asks for consent); works without a connection.
  function locate() {
    if (!navigator.geolocation) {
      setGps({ kind: "erro", text: "Este aparelho não informa a localização. Escreva o local." });
      return;
    }
    setGps({ kind: "lendo", text: "Obtendo a localização…" });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (place.current) place.current.value = placeWithFix(place.current.value, coords);
        setGps({
          kind: "ok",
          text: "Coordenadas acrescentadas ao local. Complete com a rua, o número ou uma referência.",
        });
      },
      (e) => setGps({ kind: "erro", text: geolocationError(e.code) }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  }

  // What became of the last auto written here, as the queue knows it (sent later, refused…).
  const last = lastRef ? queue.items.find((i) => i.clientRef === lastRef) : undefined;
  const result = !last
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
  const describedBy = (name: string) => (errors[name] ? `auto-${name}-erro` : undefined);
  const error = (name: string) =>
    errors[name] ? (
      <p className="erro-campo" id={`auto-${name}-erro`}>
        {errors[name]}
      </p>
    ) : null;
  return (
    <section className="cartao" aria-labelledby="auto-titulo">
      <h2 id="auto-titulo">Lavrar auto de infração</h2>
      {result ? (
        <p className={`aviso ${result.kind}`} role="status">
          {result.text}
        </p>
      ) : null}
      <form method="post" action="/fiscal/autos/novo" onSubmit={submit} noValidate>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="clientRef" value={clientRef} />
        <input type="hidden" name="serial" value={serial} />
        <InfractionPicker catalogue={catalogue} value={code} onChange={setCode} error={errors.code} />
        <div className="campo">
          <label htmlFor="auto-place">Local</label>
          <input
            id="auto-place"
            name="place"
            required
            maxLength={200}
            autoComplete="off"
            placeholder="Rua, número, bairro"
            ref={place}
            aria-invalid={errors.place ? true : undefined}
            aria-describedby={describedBy("place")}
          />
          {error("place")}
          {enhanced ? (
            <div className="local-gps">
              <button type="button" className="botao secundario" onClick={locate} disabled={gps?.kind === "lendo"}>
                Usar minha localização
              </button>
              <p className={gps?.kind === "erro" ? "erro-campo" : "dica"} role="status">
                {gps?.text ?? "A localização só é lida quando você toca no botão, e fica escrita no campo Local."}
              </p>
            </div>
          ) : null}
        </div>
        <div className="campo">
          <label htmlFor="auto-occurredAt">Data e hora</label>
          <input
            id="auto-occurredAt"
            name="occurredAt"
            type="datetime-local"
            required
            defaultValue={defaultOccurredAt}
            aria-invalid={errors.occurredAt ? true : undefined}
            aria-describedby={describedBy("occurredAt")}
          />
          {error("occurredAt")}
        </div>
        <div className="campo">
          <label htmlFor="auto-notes">Observações (opcional)</label>
          <textarea
            id="auto-notes"
            name="notes"
            rows={3}
            maxLength={2000}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={describedBy("notes")}
          />
          {error("notes")}
        </div>
        {enhanced ? (
          <div className="campo">
            <label htmlFor="auto-fotos">Fotos (opcional, até {MAX_PHOTOS})</label>
            <input
              id="auto-fotos"
              name="fotos"
              type="file"
              accept="image/jpeg,image/png"
              capture="environment"
              multiple
              onChange={(e) => setPhotoCount(e.currentTarget.files?.length ?? 0)}
              aria-invalid={errors.fotos ? true : undefined}
              aria-describedby={["auto-fotos-dica", describedBy("fotos")].filter(Boolean).join(" ")}
            />
            <p className="dica" id="auto-fotos-dica">
              {photoCount ? `${photoCount} ${photoCount === 1 ? "foto escolhida" : "fotos escolhidas"}. ` : ""}
              As fotos são reduzidas neste aparelho e enviadas com o auto, mesmo se a conexão cair.
            </p>
            {error("fotos")}
          </div>
        ) : null}
        <button type="submit" className="botao" disabled={busy} aria-busy={busy}>
          {busy ? "Registrando…" : "Registrar auto"}
        </button>
      </form>
    </section>
  );
}

/** The autos on this phone: waiting for a connection, sent (with their number), or refused. */
export function QueuedAutos({ queue, serial }: { queue: AutoQueue; serial?: string }) {
  const items = serial ? queue.items.filter((i) => i.serial === serial) : queue.items;
  if (items.length === 0 && !queue.problem) return null;
  const pending = items.filter((i) => i.state === "PENDING").length;
  return (
    <section className="cartao" aria-labelledby="fila-titulo">
      <h2 id="fila-titulo">Autos neste aparelho</h2>
      {queue.problem ? (
        <p className="aviso atencao" role="alert">
          {queue.problem}
        </p>
      ) : null}
      <p role="status">
        {pending === 0
          ? "Nenhum auto aguardando envio."
          : `${pending} ${pending === 1 ? "auto aguardando" : "autos aguardando"} conexão para envio.`}
      </p>
      <ul className="lista-simples">
        {items.map((i) => (
          <li key={i.clientRef}>
            <span className={`selo ${i.state === "SENT" ? "ok" : i.state === "PENDING" ? "pendente" : "falha"}`}>
              {i.state === "SENT"
                ? `Enviado — nº ${i.number}`
                : i.state === "PENDING"
                  ? "Aguardando conexão"
                  : "Recusado"}
            </span>{" "}
            {i.summary}
            {i.photos?.length ? ` · ${i.photos.length} ${i.photos.length === 1 ? "foto" : "fotos"}` : ""}
            {i.state === "PENDING" && i.number ? (
              <>
                <br />
                <span className="dica">Auto nº {i.number} registrado; fotos aguardando conexão.</span>
              </>
            ) : null}
            {i.photos?.some((f) => f.state === "REJECTED") ? (
              <>
                <br />
                <span className="erro-campo">Foto recusada: {i.photos.find((f) => f.state === "REJECTED")?.error}</span>
              </>
            ) : null}
            {i.state === "REJECTED" ? (
              <>
                <br />
                <span className="erro-campo">{i.error}</span>{" "}
                <button type="button" className="link-botao" onClick={() => queue.discard(i.clientRef)}>
                  Descartar
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** ", com 2 fotos" — and how many the server refused, if any. */
function photoNote(item: QueuedAuto): string {
  const photos = item.photos ?? [];
  const sent = photos.filter((f) => f.state === "SENT").length;
  const refused = photos.length - sent;
  if (!photos.length) return "";
  return `, com ${sent} ${sent === 1 ? "foto" : "fotos"}${refused ? ` (${refused} recusada${refused > 1 ? "s" : ""} pelo servidor)` : ""}`;
}

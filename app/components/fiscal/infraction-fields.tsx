// The auto's own fields below the infraction (GPS and photos only where the phone queues).
import type { RefObject } from "react";
import { geolocationError, placeWithFix } from "./geo";

/** As the server's MAX_PHOTOS_PER_AUTO (models/infraction-photo.server.ts). */
export const MAX_PHOTOS = 4;

export type Gps = { kind: "lendo" | "ok" | "erro"; text: string };

export function InfractionFields(props: {
  errors: Record<string, string>;
  /** The page runs scripts and the phone can queue: the GPS button and the photos appear. */
  enhanced: boolean;
  place: RefObject<HTMLInputElement>;
  gps: Gps | null;
  onLocate: () => void;
  defaultOccurredAt: string;
  photoCount: number;
  onPhotoCount: (count: number) => void;
}) {
  const { errors, enhanced, place, gps, defaultOccurredAt, photoCount } = props;
  const describedBy = (name: string) => (errors[name] ? `auto-${name}-erro` : undefined);
  const error = (name: string) =>
    errors[name] ? (
      <p className="erro-campo" id={`auto-${name}-erro`}>
        {errors[name]}
      </p>
    ) : null;
  return (
    <>
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
            <button
              type="button"
              className="botao secundario"
              onClick={props.onLocate}
              disabled={gps?.kind === "lendo"}
            >
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
            onChange={(e) => props.onPhotoCount(e.currentTarget.files?.length ?? 0)}
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
    </>
  );
}

/** The phone's position into the place field: read only on the fiscal's tap (the browser then asks for consent); works without a connection. */
export function locate(place: RefObject<HTMLInputElement>, setGps: (gps: Gps) => void) {
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

import type { InfractionQueue } from "./use-infraction-queue";

/** The autos on this phone: waiting for a connection, sent (with their number), or refused. */
export function QueuedInfractions({ queue, serial }: { queue: InfractionQueue; serial?: string }) {
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

import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/page-title";
import { formatInstant } from "~/domain/format";
import { DEFAULT_TIME_ZONE } from "~/domain/time";
import type { loader } from "./route.server";

export { loader } from "./route.server";

// Links in the text become clickable so the demo can follow them.
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p}>
            {p}
          </a>
        ) : (
          <span key={i}>{p}</span>
        ),
      )}
    </>
  );
}

export default function Outbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Caixa de saída (demonstração)</h1>
      <p className="aviso atencao">
        No modo de demonstração, os e-mails ficam aqui. Esta página só existe com DEMO_MODE ligado.
      </p>
      {messages.length === 0 ? <p>Nenhuma mensagem.</p> : null}
      {messages.map((m) => (
        <article className="cartao" key={m.id} aria-label={m.subject}>
          <h2>{m.subject}</h2>
          <p className="dica">
            Para: <span data-testid="destinatario">{m.to}</span> · {formatInstant(m.createdAt, DEFAULT_TIME_ZONE)} ·{" "}
            {m.status}
          </p>
          <pre style={{ whiteSpace: "pre-wrap", fontFamily: "inherit" }}>
            <Linkified text={m.text} />
          </pre>
        </article>
      ))}
    </>
  );
}

export const handle: PageHandle = { title: "Caixa de saída" };

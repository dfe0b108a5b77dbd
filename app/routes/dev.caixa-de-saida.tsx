import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { latestOutboxMessages } from "~/models/outbox.server";
import { env } from "~/utils/env.server";
import { formatInstant } from "~/domain/format";
import { DEFAULT_TIME_ZONE } from "~/domain/time";
import { withRefusals } from "~/http/refusal.server";
import { notFound } from "~/domain/refusal";

// Demo page: the e-mails the portal would have sent, reset links included. It exists only in
// demo mode (which refuses a public address unless DEMO_ALLOW_PUBLIC): NODE_ENV is no guard,
// a server started without it would hand anyone the reset links.
export const loader = /* @__PURE__ */ withRefusals(async (_: LoaderFunctionArgs) => {
  if (!env().DEMO_MODE) throw notFound("Não encontrado");
  const messages = await latestOutboxMessages(50);
  return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
});

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

export const meta: MetaFunction = () => [{ title: "Caixa de saída — Portal de Credenciamento" }];

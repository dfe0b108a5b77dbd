import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/domain/refusal";
import { withRefusals } from "~/http/refusal.server";
import { latestOutboxMessages } from "~/models/outbox.server";
import { env } from "~/utils/env.server";

// Demo page: the e-mails the portal would have sent, reset links included. It exists only in
// demo mode (which refuses a public address unless DEMO_ALLOW_PUBLIC): NODE_ENV is no guard,
// a server started without it would hand anyone the reset links.
export const loader = withRefusals(async (_: LoaderFunctionArgs) => {
  if (!env().DEMO_MODE) throw notFound("Não encontrado");
  const messages = await latestOutboxMessages(50);
  return { messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
});

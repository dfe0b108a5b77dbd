import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/http/auth.server";
import { withRefusals } from "~/http/refusal.server";
import { walletOf } from "~/http/wallet-view.server";

// "Meu crachá": the holder's credential on the phone, installable and readable with no signal
// (ADR 028). Only the holder; personal data, so never kept by the browser's HTTP cache — the one
// copy on the phone is the wallet's service-worker cache (public/carteira/sw.js).
export const loader = withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request);
  return walletOf(params.id ?? "", user.id);
});

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

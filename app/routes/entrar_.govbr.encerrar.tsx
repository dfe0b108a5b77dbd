import type { ActionFunctionArgs } from "@remix-run/node";
import { govbrBackchannelLogout } from "~/http/govbr-logout.server";
import { withRefusals } from "~/http/refusal.server";

// gov.br's back-channel logout (ADR 044): the provider, not a browser, POSTs a signed logout token
// here when the person leaves gov.br; their portal sessions from gov.br end. No loader: nothing to
// show (a GET answers 405). The signature is the authentication; there is no cookie to protect.
export const action = withRefusals(({ request }: ActionFunctionArgs) => govbrBackchannelLogout(request));

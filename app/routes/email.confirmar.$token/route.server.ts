import type { LoaderFunctionArgs } from "@remix-run/node";
import { actorOf } from "~/http/permissions.server";
import { withRefusals } from "~/http/refusal.server";
import { confirmEmail } from "~/models/user.server";

// A GET that changes state is acceptable here: the token itself is the proof, it is single-use,
// and confirming an address has no effect an attacker could want.
export const loader = withRefusals(async ({ request, params, context }: LoaderFunctionArgs) => {
  const ok = await confirmEmail(params.token ?? "", {
    ...actorOf(null, request),
    requestId: context.requestId ?? null,
  });
  return { ok };
});

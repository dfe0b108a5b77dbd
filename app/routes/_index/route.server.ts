import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getUser } from "~/http/auth.server";
import { withRefusals } from "~/http/refusal.server";

export const loader = withRefusals(async ({ request }: LoaderFunctionArgs) => {
  if (await getUser(request)) throw redirect("/painel");
  return null;
});

import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readForm } from "~/http/csrf.server";
import { signOut } from "~/http/govbr.server";
import { withRefusals } from "~/http/refusal.server";

export async function loader() {
  throw redirect("/");
}

export const action = /* @__PURE__ */ withRefusals(async ({ request }: ActionFunctionArgs) => {
  await readForm(request);
  const { cookie, location } = await signOut(request);
  return redirect(location, { headers: { "Set-Cookie": cookie } });
});

import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { readForm } from "~/http/csrf.server";
import { endSession } from "~/http/session.server";

export async function loader() {
  throw redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  await readForm(request);
  const cookie = await endSession(request);
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/** The hidden CSRF field every mutating form carries (checked by readForm on the server). */
export function CsrfInput() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  return <input type="hidden" name="csrf" value={data?.csrf ?? ""} />;
}

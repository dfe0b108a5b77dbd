// The layout of the fiscal's pages (/fiscal/…): fiscais only, one stylesheet.
// Remix runs a page's loader beside its layout's, not after it: each page still guards its own data.
import type { LinksFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import fiscalStyles from "~/components/fiscal/fiscal.css";

export { loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: fiscalStyles }];

export default function FiscalPages() {
  return <Outlet />;
}

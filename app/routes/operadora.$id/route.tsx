// The layout of a company's pages (/operadora/<id>/…): its members only, one stylesheet.
// Remix runs a page's loader beside its layout's, not after it: each page still guards its own data.
import type { LinksFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import styles from "~/components/operator/operator.css";

export { loader } from "./route.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export default function OperatorPages() {
  return <Outlet />;
}

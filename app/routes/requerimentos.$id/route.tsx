// The layout of a driver's application (/requerimentos/<id>/…): its owner only.
// Remix runs a page's loader beside its layout's, not after it: each page still guards its own data.
import { Outlet } from "@remix-run/react";

export { loader } from "./route.server";

export default function OwnApplication() {
  return <Outlet />;
}

import { useLoaderData } from "@remix-run/react";
import { GovbrFailure } from "~/components/govbr";
import type { PageHandle } from "~/components/page-title";
import type { loader } from "./route.server";

export { loader } from "./route.server";

export default function GovbrReturn() {
  const { error } = useLoaderData<typeof loader>();
  return <GovbrFailure message={error} />;
}

export const handle: PageHandle = { title: "Entrar com gov.br" };

import { useLoaderData } from "@remix-run/react";
import { GovbrFailure } from "~/components/govbr";
import type { PageHandle } from "~/components/page-title";

export { headers, loader } from "./route.server";

export default function GovbrStart() {
  const { error } = useLoaderData<{ error: string }>();
  return <GovbrFailure message={error} />;
}

export const handle: PageHandle = { title: "Entrar com gov.br" };

import { useActionData, useLoaderData } from "@remix-run/react";
import { MunicipalityTable, NewMunicipalityForm } from "~/components/admin/municipalities";
import type { PageHandle } from "~/components/page-title";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function Municipalities() {
  const { municipalities, packs, zones } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const values: Record<string, string> = (result && "values" in result ? result.values : {}) ?? {};
  return (
    <>
      <h1>Municípios</h1>
      <MunicipalityTable municipalities={municipalities} errors={errors} />
      <NewMunicipalityForm packs={packs} zones={zones} errors={errors} values={values} />
    </>
  );
}

export const handle: PageHandle = { title: "Municípios" };

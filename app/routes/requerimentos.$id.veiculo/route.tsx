import type { LinksFunction } from "@remix-run/node";
import { type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { FactStep } from "~/components/driver/fact-step";
import { wizardLinks } from "~/components/driver/wizard-frame";
import type { PageHandle } from "~/components/page-title";
import { zVehicleDraft } from "~/domain/applications/draft";
import { constraintsOf } from "~/forms/constraints";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

const LIMITS = constraintsOf(zVehicleDraft);

/** A refused step still saved its valid answers: the "O que falta" list is read again after every post. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? true : defaultShouldRevalidate;

export default function Vehicle() {
  const { app, questions, values, steps, open } = useLoaderData<typeof loader>();
  return (
    <FactStep
      app={app}
      title="Veículo"
      current="veiculo"
      steps={steps}
      open={open}
      questions={questions}
      saved={values}
      limits={LIMITS}
      hint="Os dados estão no documento do veículo (CRLV)."
    />
  );
}

export const links: LinksFunction = wizardLinks;

export const handle: PageHandle = { title: "Veículo" };

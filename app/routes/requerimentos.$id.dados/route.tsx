import type { LinksFunction } from "@remix-run/node";
import { type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";
import { FactStep } from "~/components/driver/fact-step";
import { wizardLinks } from "~/components/driver/wizard-frame";
import type { PageHandle } from "~/components/page-title";
import { zPersonFields } from "~/domain/applications/person-form";
import { constraintsOf } from "~/forms/constraints";
import type { loader } from "./route.server";

export { action, loader } from "./route.server";

const LIMITS = constraintsOf(zPersonFields);

/** A refused step still saved its valid answers: the "O que falta" list is read again after every post. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod === "POST" ? true : defaultShouldRevalidate;

export default function PersonalData() {
  const { app, values, questions, steps, open } = useLoaderData<typeof loader>();
  return (
    <FactStep
      app={app}
      title="Dados pessoais"
      current="dados"
      steps={steps}
      open={open}
      questions={questions}
      saved={values}
      limits={LIMITS}
      hint={`Pedimos só o que a lei de ${app.municipality} exige para esta atividade; CPF e e-mail vêm da sua conta.`}
    />
  );
}

export const links: LinksFunction = wizardLinks;

export const handle: PageHandle = { title: "Dados pessoais" };

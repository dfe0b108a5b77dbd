// One team page body for the municipality's staff and a company's members. The table becomes a
// card per person on a phone (`tabela-responsiva`, cells labelled by `data-label`).
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Cpf } from "~/components/back-office/cpf";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { useSentFormKey } from "~/components/ui/form-result";
import type { CpfView } from "~/domain/auth/cpf-standing";
import { constraintsOf } from "~/forms/constraints";
import { zTeamPerson } from "~/forms/team";
import type { FormErrors } from "~/utils/forms";

export type TeamRow = {
  /** The role assignment's id: what the remove button sends. */
  id: string;
  name: string;
  /** The staff profile, or the member's place in the company (responsável or equipe). */
  role: string;
  email: string;
  /** As the page may show it (masked for staff, in full to the company's owner). */
  cpf: string;
  /** The CPF with whether gov.br proved it (ADR 054), where the page shows that; else `cpf` alone. */
  cpfView?: CpfView;
  active: boolean;
  /** Whether the viewer may end this access (never their own). */
  removable: boolean;
};

type TableProps = {
  rows: TeamRow[];
  caption: string;
  removeIntent: string;
  removeText: string;
  /** The accessible name of a row's remove button. */
  removeLabel: (row: TeamRow) => string;
  inactiveText: string;
  className?: string;
};

export function TeamTable({
  rows,
  caption,
  removeIntent,
  removeText,
  removeLabel,
  inactiveText,
  className,
}: TableProps) {
  return (
    <div className="tabela-rolagem">
      <table className={className ? `tabela-responsiva ${className}` : "tabela-responsiva"}>
        <caption className="visualmente-oculto">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Nome</th>
            <th scope="col">Perfil</th>
            <th scope="col">E-mail</th>
            <th scope="col">CPF</th>
            <th scope="col">Situação</th>
            <th scope="col">
              <span className="visualmente-oculto">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td data-label="Nome">{r.name}</td>
              <td data-label="Perfil">{r.role}</td>
              <td data-label="E-mail">{r.email}</td>
              <td data-label="CPF">{r.cpfView ? <Cpf view={r.cpfView} /> : r.cpf}</td>
              <td data-label="Situação">
                <span className={`selo ${r.active ? "ok" : "falha"}`}>{r.active ? "Ativo" : inactiveText}</span>
              </td>
              <td>
                {r.active && r.removable ? (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="roleId" value={r.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={removeIntent}
                      className="link-botao"
                      aria-label={removeLabel(r)}
                    >
                      {removeText}
                    </button>
                  </Form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const LIMITS = constraintsOf(zTeamPerson);

type FormProps = {
  errors: FormErrors;
  values: Partial<Record<string, string>>;
  /** The `intent` the form posts, if the page's action tells its forms apart by it. */
  intent?: string;
  submitText: string;
  busyText: string;
  /** Fields after the person's (the staff profile). */
  children?: ReactNode;
};

/** The new person's CPF, full name and e-mail, with the page's own fields after them. */
export function TeamPersonForm({ errors, values, intent, submitText, busyText, children }: FormProps) {
  // Empty again once a person was added (the page redirected back); what was typed stays on a refusal.
  const formKey = useSentFormKey();
  return (
    <Form method="post" noValidate key={formKey}>
      <CsrfInput />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <Field label="CPF" name="cpf" defaultValue={values.cpf} error={errors.cpf} constraint={LIMITS.cpf} />
      <Field
        label="Nome completo"
        name="name"
        defaultValue={values.name}
        error={errors.name}
        constraint={LIMITS.name}
      />
      <Field
        label="E-mail"
        name="email"
        type="email"
        defaultValue={values.email}
        error={errors.email}
        constraint={LIMITS.email}
      />
      {children}
      <SubmitButton busyText={busyText}>{submitText}</SubmitButton>
    </Form>
  );
}

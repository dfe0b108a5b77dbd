// The two halves of a notices page, company's and titular's: the notices with their legal clock,
// and the form that records a new fact.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { formatDuration } from "~/domain/format";
import { constraintsOf } from "~/forms/constraints";
import { zNotice } from "~/forms/operator";
import { NoticeClock } from "./notice-clock";

const LIMITS = constraintsOf(zNotice);

type ListedNotice = Parameters<typeof NoticeClock>[0]["notice"] & {
  id: string;
  kindLabel: string;
  driverName?: string | null;
  description: string | null;
  label: string;
  citation: string;
  sanction: string | null;
};

/** "P5D" → "5 dias", "P1D" → "1 dia", "PT72H" → "72 horas": a legal term as the laws write it. */
export const termText = (within: string) => formatDuration(within);

export function NoticeList({
  notices,
  listClassName,
  itemClassName,
  buttonClassName,
}: {
  notices: ListedNotice[];
  listClassName?: string;
  itemClassName?: string;
  buttonClassName: string;
}) {
  return (
    <section className="cartao" aria-labelledby="registradas">
      <h2 id="registradas">Comunicações</h2>
      {notices.length === 0 ? (
        <p>Nenhuma comunicação registrada.</p>
      ) : (
        <ul className={listClassName} style={listClassName ? undefined : { listStyle: "none", padding: 0 }}>
          {notices.map((n) => (
            <li key={n.id} className={itemClassName}>
              <h3 style={{ fontSize: "1.05rem", margin: 0 }}>
                {n.kindLabel}
                {n.driverName ? ` — ${n.driverName}` : ""}
              </h3>
              <NoticeClock notice={n} />
              {n.description ? <p>{n.description}</p> : null}
              {/* The heading already names the fact: the line under it gives only the law and its sanction. */}
              <p className="citacao">
                {n.citation}
                {n.sanction ? ` · sanção: ${n.sanction}` : ""}
              </p>
              {!n.filedAt ? (
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="noticeId" value={n.id} />
                  <button type="submit" name="intent" value="comunicar" className={buttonClassName}>
                    Comunicar agora
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The new-notice form's fields (what happened, when, description, file now), posted to the page's action. */
export function NewNoticeForm({
  kindLabel,
  options,
  now,
  values,
  errors,
}: {
  kindLabel: string;
  options: { value: string; label: string }[];
  now: string;
  values: Record<string, string>;
  errors: Record<string, string | undefined>;
}) {
  return (
    <Form method="post" noValidate>
      <CsrfInput />
      <SelectField
        label={kindLabel}
        name="kind"
        defaultValue={values.kind}
        error={errors.kind}
        options={options}
        constraint={LIMITS.kind}
      />
      <Field
        label="Data e hora do fato"
        name="eventAt"
        type="datetime-local"
        defaultValue={values.eventAt ?? now}
        max={now}
        error={errors.eventAt}
        constraint={{ required: LIMITS.eventAt.required }}
      />
      <Field
        label="Descrição"
        name="description"
        defaultValue={values.description}
        error={errors.description}
        constraint={LIMITS.description}
      />
      <div className="campo opcoes">
        <label>
          <input type="checkbox" name="fileNow" value="sim" defaultChecked /> Comunicar à prefeitura agora
        </label>
      </div>
      <SubmitButton busyText="Registrando…">Registrar</SubmitButton>
    </Form>
  );
}

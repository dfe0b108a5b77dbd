import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { actorOf, requirePermission } from "~/http/permissions.server";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import { newMunicipality, zMunicipalityTimeZone } from "~/forms/back-office";
import { constraintsOf } from "~/forms/constraints";
import {
  createMunicipality,
  findMunicipalityConflicts,
  listMunicipalities,
  setMunicipalityTimeZone,
} from "~/models/municipality.server";
import { brazilianTimeZones, timeZoneForUf } from "~/domain/time";
import { knownRulePackIds } from "~/models/rule-pack.server";
import { Field, fieldId } from "~/components/ui/field";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { formatNumber } from "~/domain/format";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  await requirePermission(request, "create:municipality");
  return { municipalities: await listMunicipalities(), packs: knownRulePackIds(), zones: brazilianTimeZones() };
});

export const action = /* @__PURE__ */ withRefusals(async ({ request }: ActionFunctionArgs) => {
  const user = await requirePermission(request, "create:municipality");
  const form = await readForm(request);
  const actor = actorOf(user, request, { role: "ADMIN", municipalityId: null, operatorId: null });
  if (form.get("intent") === "time_zone") {
    const tz = parseForm(zMunicipalityTimeZone, form);
    if (!tz.ok)
      return data(
        {
          errors: {
            [`timeZone-${String(form.get("municipalityId"))}`]: tz.errors.timeZone ?? tz.errors.municipalityId,
          },
          values: {} as Record<string, string>,
        },
        { status: 400 },
      );
    await setMunicipalityTimeZone(tz.data.municipalityId, tz.data.timeZone, actor);
    return redirect("/admin/municipios");
  }
  const parsed = parseForm(newMunicipality(knownRulePackIds()), form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const conflicts = await findMunicipalityConflicts(parsed.data);
  if (Object.keys(conflicts).length)
    return data(
      {
        errors: conflicts as Record<string, string | undefined>,
        values: Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, String(v)])),
      },
      { status: 400 },
    );
  await createMunicipality({ ...parsed.data, timeZone: parsed.data.timeZone ?? timeZoneForUf(parsed.data.uf)! }, actor);
  return redirect("/admin/municipios");
});

// The limits do not depend on which rule packs exist (a refinement).
const LIMITS = constraintsOf(newMunicipality([]));

export default function Municipalities() {
  const { municipalities, packs, zones } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const values: Record<string, string> = (result && "values" in result ? result.values : {}) ?? {};
  return (
    <>
      <h1>Municípios</h1>
      <div className="tabela-rolagem">
        <table className="tabela-responsiva">
          <thead>
            <tr>
              <th scope="col">Município</th>
              <th scope="col">IBGE</th>
              <th scope="col">População</th>
              <th scope="col">Regras</th>
              <th scope="col">Fuso horário</th>
            </tr>
          </thead>
          <tbody>
            {municipalities.map((m) => (
              <tr key={m.id}>
                <td data-label="Município">
                  <Link to={`/m/${m.slug}`}>
                    {m.name} ({m.uf})
                  </Link>
                </td>
                <td data-label="IBGE">{m.ibgeCode}</td>
                <td data-label="População">{formatNumber(m.population)}</td>
                <td data-label="Regras">{m.rulePackId}</td>
                <td data-label="Fuso horário">
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="time_zone" />
                    <input type="hidden" name="municipalityId" value={m.id} />
                    <label htmlFor={fieldId(`timeZone-${m.id}`)} className="visualmente-oculto">
                      Fuso horário de {m.name}
                    </label>
                    <input
                      id={fieldId(`timeZone-${m.id}`)}
                      name="timeZone"
                      list="fusos"
                      defaultValue={m.timeZone}
                      size={22}
                      aria-invalid={errors[`timeZone-${m.id}`] ? true : undefined}
                    />
                    <button type="submit">Salvar fuso</button>
                    {errors[`timeZone-${m.id}`] ? <p className="erro-campo">{errors[`timeZone-${m.id}`]}</p> : null}
                  </Form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="cartao estreito" aria-labelledby="novo-municipio">
        <h2 id="novo-municipio">Novo município</h2>
        <ErrorSummary errors={errors} />
        <Form method="post" noValidate>
          <CsrfInput />
          <Field
            label="Código IBGE"
            name="ibgeCode"
            defaultValue={values.ibgeCode}
            error={errors.ibgeCode}
            constraint={LIMITS.ibgeCode}
          />
          <Field label="Nome" name="name" defaultValue={values.name} error={errors.name} constraint={LIMITS.name} />
          <Field label="UF" name="uf" defaultValue={values.uf} error={errors.uf} constraint={LIMITS.uf} />
          <Field
            label="Endereço (slug)"
            name="slug"
            hint="Aparece nos endereços das páginas, ex.: itauna"
            defaultValue={values.slug}
            error={errors.slug}
            constraint={LIMITS.slug}
          />
          <Field
            label="População (IBGE)"
            name="population"
            defaultValue={values.population}
            error={errors.population}
            constraint={LIMITS.population}
          />
          <Field
            label="Unidade fiscal"
            name="fiscalUnitName"
            defaultValue={values.fiscalUnitName}
            error={errors.fiscalUnitName}
            constraint={LIMITS.fiscalUnitName}
          />
          <Field
            label="Fuso horário"
            name="timeZone"
            list="fusos"
            hint="Deixe em branco para usar o fuso da UF (MS: America/Campo_Grande; MG: America/Sao_Paulo). Datas, prazos e validades do município seguem este fuso."
            defaultValue={values.timeZone}
            error={errors.timeZone}
            constraint={LIMITS.timeZone}
          />
          <Field
            label="Prefixo dos números de série"
            name="serialPrefix"
            defaultValue={values.serialPrefix}
            error={errors.serialPrefix}
            constraint={LIMITS.serialPrefix}
          />
          <div className="campo">
            <label htmlFor="campo-rulePackId">Pacote de regras (lei municipal)</label>
            <select
              id="campo-rulePackId"
              name="rulePackId"
              defaultValue={values.rulePackId ?? ""}
              aria-invalid={errors.rulePackId ? true : undefined}
            >
              <option value="" disabled>
                Escolha…
              </option>
              {packs.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
            {errors.rulePackId ? <p className="erro-campo">{errors.rulePackId}</p> : null}
          </div>
          <SubmitButton>Criar município</SubmitButton>
        </Form>
        <datalist id="fusos">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Municípios — Portal de Credenciamento" }];

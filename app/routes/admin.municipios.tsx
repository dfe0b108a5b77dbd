import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { actorOf, requirePermission } from "~/http/permissions.server";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import {
  createMunicipality,
  findMunicipalityConflicts,
  listMunicipalities,
  setMunicipalityTimeZone,
} from "~/models/municipality.server";
import { brazilianTimeZones, isTimeZone, timeZoneForUf } from "~/domain/time";
import { knownRulePackIds } from "~/models/rule-pack.server";
import { Field } from "~/components/ui/field";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { formatNumber } from "~/domain/format";
import { zId } from "~/domain/ids";
import { withRefusals } from "~/http/refusal.server";

export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  await requirePermission(request, "create:municipality");
  return { municipalities: await listMunicipalities(), packs: knownRulePackIds(), zones: brazilianTimeZones() };
});

const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

const Schema = z.object({
  ibgeCode: z
    .string()
    .trim()
    .regex(/^\d{7}$/, "O código IBGE tem 7 dígitos."),
  name: z.string().trim().min(2, "Informe o nome.").max(80),
  uf: z.enum(UFS, { error: "UF inválida." }),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use letras minúsculas sem acento, números e hífens.")
    .max(60),
  population: z.coerce
    .number({ error: "Informe a população." })
    .int("Número inteiro.")
    .positive("Informe a população."),
  fiscalUnitName: z.string().trim().min(2, "Informe a sigla da unidade fiscal (ex.: UFM).").max(12),
  rulePackId: z.string().refine((id) => knownRulePackIds().includes(id), "Escolha um pacote de regras."),
  serialPrefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "Três letras (ex.: ITA)."),
  // Blank: the UF's zone. Otherwise an IANA name the runtime knows (Intl.supportedValuesOf).
  timeZone: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
    z
      .string()
      .refine(isTimeZone, "Fuso horário desconhecido (use um nome IANA, ex.: America/Campo_Grande).")
      .optional(),
  ),
});

const TimeZoneSchema = z.object({
  municipalityId: zId("Município inválido."),
  timeZone: z
    .string()
    .trim()
    .refine(isTimeZone, "Fuso horário desconhecido (use um nome IANA, ex.: America/Campo_Grande)."),
});

export const action = /* @__PURE__ */ withRefusals(async ({ request }: ActionFunctionArgs) => {
  const user = await requirePermission(request, "create:municipality");
  const form = await readForm(request);
  const actor = actorOf(user, request, { role: "ADMIN", municipalityId: null, operatorId: null });
  if (form.get("intent") === "time_zone") {
    const tz = parseForm(TimeZoneSchema, form);
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
  const parsed = parseForm(Schema, form);
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

export default function Municipalities() {
  const { municipalities, packs, zones } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const values: Record<string, string> = (result && "values" in result ? result.values : {}) ?? {};
  return (
    <>
      <h1>Municípios</h1>
      <div className="tabela-rolagem">
        <table>
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
                <td>
                  <Link to={`/m/${m.slug}`}>
                    {m.name} ({m.uf})
                  </Link>
                </td>
                <td>{m.ibgeCode}</td>
                <td>{formatNumber(m.population)}</td>
                <td>{m.rulePackId}</td>
                <td>
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="time_zone" />
                    <input type="hidden" name="municipalityId" value={m.id} />
                    <label htmlFor={`fuso-${m.id}`} className="visualmente-oculto">
                      Fuso horário de {m.name}
                    </label>
                    <input
                      id={`fuso-${m.id}`}
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
        <Form method="post" noValidate>
          <CsrfInput />
          <Field
            label="Código IBGE"
            name="ibgeCode"
            inputMode="numeric"
            defaultValue={values.ibgeCode}
            error={errors.ibgeCode}
          />
          <Field label="Nome" name="name" defaultValue={values.name} error={errors.name} />
          <Field label="UF" name="uf" defaultValue={values.uf} error={errors.uf} maxLength={2} />
          <Field
            label="Endereço (slug)"
            name="slug"
            hint="Aparece nos endereços das páginas, ex.: itauna"
            defaultValue={values.slug}
            error={errors.slug}
          />
          <Field
            label="População (IBGE)"
            name="population"
            inputMode="numeric"
            defaultValue={values.population}
            error={errors.population}
          />
          <Field
            label="Unidade fiscal"
            name="fiscalUnitName"
            defaultValue={values.fiscalUnitName}
            error={errors.fiscalUnitName}
          />
          <Field
            label="Fuso horário"
            name="timeZone"
            list="fusos"
            hint="Deixe em branco para usar o fuso da UF (MS: America/Campo_Grande; MG: America/Sao_Paulo). Datas, prazos e validades do município seguem este fuso."
            defaultValue={values.timeZone}
            error={errors.timeZone}
          />
          <Field
            label="Prefixo dos números de série"
            name="serialPrefix"
            defaultValue={values.serialPrefix}
            error={errors.serialPrefix}
            maxLength={3}
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

// The platform admin's municipalities: the list (time zones to correct) and the form that adds one.
import { Form, Link } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field, fieldId } from "~/components/ui/field";
import { formatNumber } from "~/domain/format";
import { NEW_RULE_PACK } from "~/domain/rule-packs/own-pack";
import { newMunicipality } from "~/forms/back-office";
import { constraintsOf } from "~/forms/constraints";

// The limits do not depend on which rule packs exist (a refinement).
const LIMITS = constraintsOf(newMunicipality([]));

type Errors = Record<string, string | undefined>;

type Municipality = {
  id: string;
  slug: string;
  name: string;
  uf: string;
  ibgeCode: string;
  population: number;
  rulePackId: string;
  timeZone: string;
  active: boolean;
};

export function MunicipalityTable({ municipalities, errors }: { municipalities: Municipality[]; errors: Errors }) {
  return (
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
              <td data-label="Regras">
                {m.rulePackId}
                {m.active ? "" : " (em preparação: sem regras publicadas)"} ·{" "}
                <Link to={`/admin/municipios/${m.slug}/lei`}>Texto da lei</Link>
              </td>
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
  );
}

type FormProps = { packs: string[]; zones: string[]; errors: Errors; values: Record<string, string> };

export function NewMunicipalityForm({ packs, zones, errors, values }: FormProps) {
  return (
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
            aria-describedby="campo-rulePackId-dica"
          >
            <option value="" disabled>
              Escolha…
            </option>
            <option value={NEW_RULE_PACK}>Um novo pacote, escrito no portal a partir da lei</option>
            {packs.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
          <p className="dica" id="campo-rulePackId-dica">
            Um novo pacote começa vazio: o gestor o escreve em Regras, a partir do texto da lei, e outra pessoa publica.
            O município só recebe pedidos depois da primeira publicação.
          </p>
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
  );
}

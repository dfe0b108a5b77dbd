import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";
import { actorOf, requirePermission } from "~/http/permissions.server";
import { readForm } from "~/http/csrf.server";
import { parseForm } from "~/utils/forms";
import { zNewApplication } from "~/forms/driver";
import { constraintsOf } from "~/forms/constraints";
import { getMunicipalityBySlug, listMunicipalities } from "~/models/municipality.server";
import { linkedOperatorsOf } from "~/models/driver-standing.server";
import { activePack } from "~/models/rule-pack.server";
import { startApplication } from "~/models/application.server";
import { needsOperator, type Category } from "~/domain/rule-packs";
import { MODE_LABELS } from "~/domain/applications/labels";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import { Field, fieldId } from "~/components/ui/field";
import { ErrorSummary } from "~/components/ui/error-summary";
import { MunicipalityPicker } from "~/components/municipality-picker";
import { PreCheckList, preCheckOf } from "~/components/driver/pre-check";
import { maskOnInput } from "~/components/driver/typing-help";
import { withRefusals } from "~/http/refusal.server";

// Choosing where and how: municipality → category → mode (→ operator or titular). Each choice
// narrows the next from the municipality's rule pack; it works without JavaScript (GET steps).
// Then, before the wizard starts, what the law asks of that category and mode (issue #16).
export const loader = /* @__PURE__ */ withRefusals(async ({ request }: LoaderFunctionArgs) => {
  const user = await requirePermission(request, "create:application");
  const url = new URL(request.url);
  const municipalities = (await listMunicipalities()).filter((m) => m.active);
  const chosen = municipalities.find((m) => m.slug === url.searchParams.get("municipio")) ?? null;
  const pack = chosen ? await activePack(chosen) : null;
  const categories = pack?.categories.map((c) => ({ code: c.code, label: c.label, law: pack.law.label })) ?? [];
  // A choice the law leaves open to one answer is made for the driver (one tap less, issue #16).
  const category =
    categories.find((c) => c.code === url.searchParams.get("categoria"))?.code ??
    (categories.length === 1 ? categories[0].code : null);
  const offer = pack && category ? pack.categories.find((c) => c.code === category) : null;
  const modes =
    offer?.modes
      .filter((m) => m.mode !== "OPERADORA")
      .map((m) => ({
        mode: m.mode,
        citation: m.citation,
        needsOperator: needsOperator(pack!, offer.code, m.mode),
        ...MODE_LABELS[m.mode],
      })) ?? [];
  // Only companies the driver is linked to (they invited, the driver accepted) can be named.
  const operators = chosen ? await linkedOperatorsOf(user.id, chosen.id) : [];
  const mode = modes.find((m) => m.mode === url.searchParams.get("modo")) ?? (modes.length === 1 ? modes[0] : null);
  return {
    mode,
    preCheck: mode ? preCheckOf(pack!, category as Category, mode.mode) : null,
    law: pack?.law.label ?? "",
    municipalities: municipalities.map((m) => ({ slug: m.slug, name: `${m.name} (${m.uf})` })),
    chosen: chosen ? { slug: chosen.slug, name: chosen.name } : null,
    categories,
    category,
    modes,
    operators,
  };
});

export const action = /* @__PURE__ */ withRefusals(async ({ request }: ActionFunctionArgs) => {
  const user = await requirePermission(request, "create:application");
  const form = await readForm(request);
  const parsed = parseForm(zNewApplication, form);
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const municipality = await getMunicipalityBySlug(parsed.data.municipio);
  if (!municipality?.active)
    return data(
      { errors: { municipio: "Município não encontrado." } as Record<string, string | undefined> },
      { status: 400 },
    );
  const pack = await activePack(municipality);
  let linkedOperatorId: string | null = null;
  if (needsOperator(pack, parsed.data.categoria as Category, parsed.data.modo)) {
    const operator = (await linkedOperatorsOf(user.id, municipality.id)).find((o) => o.id === parsed.data.operadora);
    if (!operator) {
      return data(
        {
          errors: {
            operadora:
              "Escolha a empresa à qual você está vinculado. O vínculo começa quando a empresa convida você pelo CPF e você aceita em Vínculos.",
          } as Record<string, string | undefined>,
        },
        { status: 400 },
      );
    }
    linkedOperatorId = operator.id;
  }
  if (parsed.data.modo === "PREPOSTO" && !parsed.data.titularCpf) {
    return data(
      { errors: { titularCpf: "Informe o CPF do titular que indicou você." } as Record<string, string | undefined> },
      { status: 400 },
    );
  }
  const { application } = await startApplication(
    user.id,
    {
      municipalityId: municipality.id,
      category: parsed.data.categoria as Category,
      mode: parsed.data.modo,
      linkedOperatorId,
      draftJson: JSON.stringify({
        vehicle: {},
        ...(parsed.data.titularCpf ? { titularCpf: parsed.data.titularCpf } : {}),
      }),
    },
    actorOf(user, request),
  );
  return redirect(`/requerimentos/${application.id}/dados`);
});

const LIMITS = constraintsOf(zNewApplication);

export default function NewApplication() {
  const { municipalities, chosen, categories, category, modes, operators, mode, preCheck, law } =
    useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // With JavaScript, choosing an answer shows the next question at once (same page, no button).
  const submit = useSubmit();
  const advance = (event: FormEvent<HTMLFormElement>) =>
    submit(event.currentTarget, { method: "get", preventScrollReset: true, replace: true });
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  return (
    <div className="estreito">
      <h1>Novo requerimento</h1>
      <ErrorSummary errors={errors} idOf={(name) => (name === "titularCpf" ? fieldId(name) : name)} />
      <MunicipalityPicker
        question="Onde você vai trabalhar?"
        municipalities={municipalities}
        chosenSlug={chosen?.slug}
      />
      {chosen ? (
        <Form method="get" className="cartao" onChange={advance} preventScrollReset>
          <input type="hidden" name="municipio" value={chosen.slug} />
          <h2>2. Categoria em {chosen.name}</h2>
          <fieldset>
            <legend>O que você faz?</legend>
            {categories.map((c) => (
              <label key={c.code} className="opcoes">
                <input type="radio" name="categoria" value={c.code} defaultChecked={category === c.code} /> {c.label}
              </label>
            ))}
            <p className="dica">Conforme a {categories[0]?.law}.</p>
          </fieldset>
          <button type="submit" className="botao secundario">
            Escolher categoria
          </button>
        </Form>
      ) : null}
      {chosen && category ? (
        <Form method="get" className="cartao" onChange={advance} preventScrollReset>
          <input type="hidden" name="municipio" value={chosen.slug} />
          <input type="hidden" name="categoria" value={category} />
          <h2>3. Como você trabalha?</h2>
          <fieldset>
            <legend>Forma de trabalho</legend>
            {modes.map((m, i) => (
              <label key={m.mode} className="opcoes" style={{ display: "block", marginBottom: ".5rem" }}>
                <input
                  id={i === 0 ? "modo" : undefined}
                  type="radio"
                  name="modo"
                  value={m.mode}
                  defaultChecked={mode?.mode === m.mode}
                  required
                />{" "}
                <strong>{m.label}</strong> — {m.hint} <span className="citacao">{m.citation}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="botao secundario">
            Ver o que a lei pede
          </button>
        </Form>
      ) : null}
      {chosen && category && mode && preCheck ? (
        <Form method="post" className="cartao" onInput={maskOnInput} aria-labelledby="pre-check-titulo">
          <CsrfInput />
          <input type="hidden" name="municipio" value={chosen.slug} />
          <input type="hidden" name="categoria" value={category} />
          <input type="hidden" name="modo" value={mode.mode} />
          <h2 id="pre-check-titulo">4. O que a lei pede</h2>
          <PreCheckList check={preCheck} law={law} />
          {mode.needsOperator ? (
            <div className="campo">
              <label htmlFor="operadora">Empresa a que você está vinculado ({mode.label.toLowerCase()})</label>
              {operators.length === 0 ? (
                <p className="dica" id="operadora-dica">
                  Você ainda não tem vínculo com uma empresa em {chosen.name}. A empresa convida você pelo seu CPF;
                  depois, aceite o convite em <Link to="/vinculos">Vínculos</Link>.
                </p>
              ) : null}
              <select
                id="operadora"
                name="operadora"
                defaultValue={operators.length === 1 ? operators[0].id : ""}
                aria-describedby={operators.length === 0 ? "operadora-dica" : undefined}
              >
                <option value="">{operators.length ? "Escolha…" : "Nenhum vínculo ativo"}</option>
                {operators.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {mode.mode === "PREPOSTO" ? (
            <Field
              label="CPF do titular que indicou você"
              name="titularCpf"
              inputMode="numeric"
              error={errors.titularCpf}
              constraint={LIMITS.titularCpf}
            />
          ) : null}
          <SubmitButton busyText="Criando…">Começar o requerimento</SubmitButton>
        </Form>
      ) : null}
      <p>
        <Link to="/requerimentos">Voltar</Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Novo requerimento — Portal de Credenciamento" }];

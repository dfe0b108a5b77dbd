import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useFormResult } from "~/components/ui/form-result";
import { ErrorSummary } from "~/components/ui/error-summary";
import { readForm } from "~/http/csrf.server";
import { formError, parseForm } from "~/utils/forms";
import { parameterName, ruleParameterFields, ruleParameters } from "~/forms/rule-pack";
import { constraintsOf } from "~/forms/constraints";
import { Field, TextAreaField } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { requireStaff } from "~/http/staff-guard.server";
import { activePack, publishParameters } from "~/models/rule-pack.server";
import { rulePackHistory } from "~/models/reports.server";
import { federalBr, RulePackValidationError, SILENT_LAW_VALIDITY_PARAMETER } from "~/domain/rule-packs";
import { CATEGORY_LABELS } from "~/domain/credentials/labels";
import { appliesText, credentialTypeLabel, penaltyText, ruleText } from "~/components/back-office/pack-text";
import { CsrfInput } from "~/components/csrf-input";
import { SubmitButton } from "~/components/submit-button";
import styles from "~/components/back-office/back-office.css";
import { formatDate, formatInstant, formatNumber, formatDuration } from "~/domain/format";
import { withRefusals } from "~/http/refusal.server";

const UNIT_LABEL: Record<string, string> = {
  DAYS: "dias",
  MONTHS: "meses",
  BRL: "R$",
  UFM: "UFM",
  UFPM: "UFPM",
  UFML: "UFML",
};
const ACT: Record<string, string> = {
  PERMISSAO: "Permissão",
  AUTORIZACAO: "Autorização",
  CREDENCIAMENTO: "Credenciamento",
  REGISTRO: "Registro",
  CONCESSAO: "Concessão",
};
const WHO: Record<string, string> = { OPERADORA: "Operadora", TITULAR: "Titular", CONDUTOR: "Condutor" };
const PART: Record<string, string> = {
  VEICULO: "Cor do veículo",
  DISTICO: "Dístico",
  CAPACETE: "Capacete",
  UNIFORME: "Uniforme",
};
const SWITCH_OPTIONS = [
  { value: "0", label: "Não pedir" },
  { value: "1", label: "Pedir" },
];
const QUOTA_UNIT: Record<string, string> = { PERMISSION: "permissão", CONCESSION: "concessão", VEHICLE: "motocicleta" };

export const loader = /* @__PURE__ */ withRefusals(async ({ request, params }: LoaderFunctionArgs) => {
  const { municipality } = await requireStaff(request, params.municipio, "manage:rule-pack");
  const [pack, history] = await Promise.all([activePack(municipality), rulePackHistory(municipality.id)]);
  const silent = pack.parameters[SILENT_LAW_VALIDITY_PARAMETER];
  const silentValidity =
    silent?.value != null ? `${silent.value} ${UNIT_LABEL[silent.unit] ?? silent.unit}` : "não definida";
  // A document without object (the DPVAT) is listed with why it is not asked, or that it is asked anyway.
  const withoutObject = (d: (typeof pack.documents)[number]) =>
    d.withoutObject
      ? pack.parameters[d.withoutObject.askParameter]?.value === 1
        ? "sem objeto hoje, mas pedido por decisão do município (parâmetro abaixo)"
        : `não é pedido: ${federalBr.notApplicable.find((n) => n.code === d.withoutObject!.basis)?.reason ?? "sem objeto"}`
      : null;
  const validity = (v: (typeof pack.documents)[number]["validity"]) =>
    v.kind === "DURATION"
      ? `vale ${formatDuration(v.duration)}${v.citation ? ` (${v.citation})` : ""}`
      : v.kind === "RECENT"
        ? `recente: até ${pack.parameters[v.parameter]?.value ?? "?"} dias (parâmetro)`
        : v.kind === "OWN_EXPIRY"
          ? "validade impressa no documento"
          : "sem validade fixada";
  return {
    municipality: { name: municipality.name, slug: municipality.slug, timeZone: municipality.timeZone },
    pack: {
      id: pack.id,
      version: pack.version,
      effectiveDate: pack.effectiveDate,
      law: pack.law,
      categories: pack.categories.map((c) => ({
        label: c.label,
        acts: c.acts.map(
          (a) => `${ACT[a.kind] === a.label ? a.label : `${ACT[a.kind] ?? a.kind} — ${a.label}`} (${a.citation})`,
        ),
        selection: c.selection
          ? `${c.selection.kind === "LICITACAO" ? "Licitação" : "Credenciamento"} (${c.selection.citation})`
          : null,
        term: c.term
          ? `Prazo máximo de ${formatDuration(c.term.max)}${c.term.extension ? `, prorrogável ${c.term.extension.times}× por ${formatDuration(c.term.extension.duration)}` : ""} (${c.term.citation})`
          : null,
        colours: c.colours.map((x) => `${PART[x.part] ?? x.part}: ${x.colour} (${x.citation})`),
      })),
      groups: [
        {
          title: "Requisitos do condutor",
          rules: pack.personRules.map((r) => ({
            text: ruleText(r),
            who: appliesText(r.appliesTo),
            citation: r.citation,
          })),
        },
        {
          title: "Requisitos do veículo",
          rules: pack.vehicleRules.map((r) => ({
            text: ruleText(r),
            who: appliesText(r.appliesTo),
            citation: r.citation,
          })),
        },
        {
          title: "Requisitos da operadora",
          rules: pack.operatorRules.map((r) => ({
            text: ruleText(r),
            who: appliesText(r.appliesTo),
            citation: r.citation,
          })),
        },
        {
          title: "Documentos exigidos",
          rules: pack.documents.map((d) => ({
            text: `${d.label}${d.quantity ? ` (${d.quantity})` : ""} — ${withoutObject(d) ?? `${validity(d.validity)}${d.fromMunicipality ? "; do município" : ""}`}`,
            who: appliesText(d.appliesTo),
            citation: d.citation,
          })),
        },
        {
          title: "Cotas",
          rules: pack.quotas.map((q) => ({
            text:
              q.inhabitantsPerUnit === null
                ? `${q.categories.map((c) => CATEGORY_LABELS[c]).join(", ")}: sem limite`
                : `${q.categories.map((c) => CATEGORY_LABELS[c]).join(", ")}: 1 ${QUOTA_UNIT[q.unit]} para cada ${formatNumber(q.inhabitantsPerUnit)} habitantes`,
            who: appliesText({ modes: q.modes }),
            citation: q.citation,
          })),
        },
        {
          title: "Credenciais emitidas",
          rules: pack.credentials.map((c) => ({
            text: `${credentialTypeLabel(c.type)}: ${c.label} — ${c.validity.kind === "DURATION" ? `vale ${formatDuration(c.validity.duration)}` : c.validity.kind === "UNTIL_NEXT_VISTORIA" ? "vale até a próxima vistoria" : `validade não fixada pela lei; definida pela prefeitura: ${silentValidity}`}`,
            who: appliesText(c.appliesTo),
            citation: c.citation,
          })),
        },
        {
          title: "Vistorias",
          rules: pack.vistorias.map((v) => ({
            text: `A cada ${formatDuration(v.period)}${v.discretionary ? " (a critério da Prefeitura)" : ""}: ${v.items.map((i) => i.label).join("; ")}${v.nonSafetyGrace ? `. Até ${formatDuration(v.nonSafetyGrace.max)} para corrigir defeitos que não afetam a segurança (${v.nonSafetyGrace.citation})` : ""}`,
            who: appliesText(v.appliesTo),
            citation: v.periodCitation,
          })),
        },
        {
          title: "Taxas",
          rules: pack.fees.map((f) => ({ text: `${f.label}: ${f.amount} ${f.unit}`, who: "", citation: f.citation })),
        },
        {
          title: "Prazos e deveres",
          rules: pack.deadlines.map((x) => ({
            text: `${x.label}${x.within ? ` — em ${formatDuration(x.within)}` : ""}${x.every ? ` — a cada ${formatDuration(x.every)}` : ""}${x.sanction ? `. Sanção: ${x.sanction}` : ""}`,
            who: WHO[x.who] ?? x.who,
            citation: x.citation,
          })),
        },
        {
          title: "Em serviço",
          rules: pack.serviceRequirements.map((s) => ({
            text: s.label,
            who: appliesText(s.appliesTo),
            citation: s.citation,
          })),
        },
      ].filter((g) => g.rules.length),
      infractions: {
        classes: pack.infractions.classes.map((c) => ({
          label: c.label,
          penalty: penaltyText(c.penalty),
          citation: c.citation,
        })),
        catalogue: pack.infractions.catalogue.map((i) => ({
          code: i.code,
          description: i.description,
          class: pack.infractions.classes.find((c) => c.code === i.class)?.label ?? null,
          penalty: i.penalty ? penaltyText(i.penalty) : null,
          citation: i.citation,
        })),
        repeat: pack.infractions.repeat
          ? `Reincidência em ${formatDuration(pack.infractions.repeat.window)}${pack.infractions.repeat.strict ? " (prazo inferior a)" : ""}: a infração passa à classe seguinte (${pack.infractions.repeat.citation}).`
          : null,
        enforcement: [
          pack.infractions.enforcement.noticeToDailyFine
            ? `Notificação não atendida em ${formatDuration(pack.infractions.enforcement.noticeToDailyFine.within)} vira multa diária de ${Math.round(pack.infractions.enforcement.noticeToDailyFine.fraction * 100)}% do salário mínimo (${pack.infractions.enforcement.noticeToDailyFine.citation}).`
            : null,
          pack.infractions.enforcement.removalAfterNotices
            ? `Afastamento do condutor após a ${pack.infractions.enforcement.removalAfterNotices.count}ª notificação (${pack.infractions.enforcement.removalAfterNotices.citation}).`
            : null,
          pack.infractions.enforcement.appeal
            ? `Recurso em ${formatDuration(pack.infractions.enforcement.appeal.within)} (${pack.infractions.enforcement.appeal.citation}).`
            : null,
          pack.infractions.enforcement.process
            ? `${pack.infractions.enforcement.process.note} (${pack.infractions.enforcement.process.citation})`
            : null,
        ].filter((x): x is string => Boolean(x)),
      },
      parameters: Object.entries(pack.parameters).map(([key, p]) => ({ key, ...p })),
      silences: pack.silences,
    },
    history: history.map((h) => ({ ...h, publishedAt: h.publishedAt.toISOString() })),
  };
});

export const action = /* @__PURE__ */ withRefusals(async ({ request, params }: ActionFunctionArgs) => {
  const { municipality, actor } = await requireStaff(request, params.municipio, "manage:rule-pack");
  const form = await readForm(request);
  const pack = await activePack(municipality);
  const fields = Object.entries(pack.parameters).map(([key, p]) => ({ key, ...p }));
  const parsed = parseForm(ruleParameters(fields), form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  try {
    const next = await publishParameters(municipality, parsed.data.changed, parsed.data.note, actor);
    return redirect(`/m/${municipality.slug}/regras?publicada=${next.version}#parametros`);
  } catch (e) {
    if (e instanceof RulePackValidationError) return data(formError(e.message, parsed.values), { status: 400 });
    throw e;
  }
});

export default function RulePackPage() {
  const { municipality, pack, history } = useLoaderData<typeof loader>();
  const { errors, values, error } = useFormResult();
  const [params] = useSearchParams();
  const published = params.get("publicada");
  const noteLimits = constraintsOf(ruleParameterFields(pack.parameters)).note;
  return (
    <>
      <h1>Regras — {municipality.name}</h1>
      <p className="bo-sub">
        {pack.law.label}: {pack.law.title} ({formatDate(pack.law.date)})
        {pack.law.amendments.length
          ? `, com as alterações das ${pack.law.amendments.map((a) => a.label).join(", ")}`
          : ""}
        . Pacote {pack.id}, versão <strong>{pack.version}</strong>, em vigor desde {formatDate(pack.effectiveDate)}.
      </p>
      {published ? (
        <div className="aviso sucesso" role="status">
          Versão {published} publicada. Novos requerimentos já são avaliados por ela; os anteriores continuam na versão
          em que foram feitos.
        </div>
      ) : null}

      <nav aria-label="Nesta página" className="cartao">
        <ul className="bo-botoes" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          <li>
            <a href="#categorias">Categorias</a>
          </li>
          {pack.groups.map((g, i) => (
            <li key={g.title}>
              <a href={`#grupo-${i}`}>{g.title}</a>
            </li>
          ))}
          <li>
            <a href="#infracoes">Infrações</a>
          </li>
          <li>
            <a href="#parametros">Parâmetros</a>
          </li>
          <li>
            <a href="#versoes">Versões</a>
          </li>
        </ul>
      </nav>

      <section id="categorias" aria-labelledby="categorias-titulo">
        <h2 id="categorias-titulo">Categorias</h2>
        <div className="bo-grade">
          {pack.categories.map((c) => (
            <div className="cartao" key={c.label}>
              <h3>{c.label}</h3>
              <ul>
                {c.acts.map((a) => (
                  <li key={a}>{a}</li>
                ))}
                {c.selection ? <li>Seleção: {c.selection}</li> : null}
                {c.term ? <li>{c.term}</li> : null}
                {c.colours.map((x) => (
                  <li key={x}>{x}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      {pack.groups.map((g, i) => (
        <section key={g.title} id={`grupo-${i}`} aria-labelledby={`grupo-${i}-titulo`}>
          <h2 id={`grupo-${i}-titulo`}>{g.title}</h2>
          <div className="tabela-rolagem">
            <table className="tabela-responsiva bo-tabela">
              <thead>
                <tr>
                  <th scope="col">Regra</th>
                  <th scope="col">Para quem</th>
                  <th scope="col">Fundamento</th>
                </tr>
              </thead>
              <tbody>
                {g.rules.map((r, j) => (
                  <tr key={j}>
                    <td data-label="Regra">{r.text}</td>
                    <td data-label="Para quem">{r.who || "—"}</td>
                    <td data-label="Fundamento">{r.citation}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}

      <section id="infracoes" aria-labelledby="infracoes-titulo">
        <h2 id="infracoes-titulo">Infrações e penalidades</h2>
        {pack.infractions.classes.length ? (
          <ul>
            {pack.infractions.classes.map((c) => (
              <li key={c.label}>
                <strong>{c.label}</strong>: {c.penalty} ({c.citation})
              </li>
            ))}
          </ul>
        ) : null}
        {pack.infractions.repeat ? <p>{pack.infractions.repeat}</p> : null}
        {pack.infractions.enforcement.map((x) => (
          <p key={x}>{x}</p>
        ))}
        <details>
          <summary>Catálogo de infrações ({pack.infractions.catalogue.length})</summary>
          <div className="tabela-rolagem">
            <table className="tabela-responsiva bo-tabela">
              <thead>
                <tr>
                  <th scope="col">Infração</th>
                  <th scope="col">Classe ou penalidade</th>
                  <th scope="col">Fundamento</th>
                </tr>
              </thead>
              <tbody>
                {pack.infractions.catalogue.map((i) => (
                  <tr key={i.code}>
                    <td data-label="Infração">{i.description}</td>
                    <td data-label="Classe ou penalidade">{i.class ?? i.penalty ?? "—"}</td>
                    <td data-label="Fundamento">{i.citation}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </section>

      {pack.silences.length ? (
        <section aria-labelledby="silencios-titulo">
          <h2 id="silencios-titulo">O que a lei não diz</h2>
          <ul>
            {pack.silences.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <section id="parametros" className="cartao" aria-labelledby="parametros-titulo">
        <h2 id="parametros-titulo">Parâmetros</h2>
        <p className="dica">
          Valores que a lei deixa ao município. Publicar cria a versão seguinte do pacote; cada decisão guarda a versão
          em que foi tomada.
        </p>
        <ErrorSummary
          errors={errors}
          error={error}
          idOf={(name) => (name === "note" ? "nota-versao" : `param-${name.slice("p:".length)}`)}
        />
        <Form method="post" noValidate>
          <CsrfInput />
          {pack.parameters.map((p) => {
            const name = parameterName(p.key);
            if (p.unit === "SWITCH")
              return (
                <SelectField
                  key={p.key}
                  id={`param-${p.key}`}
                  name={name}
                  label={p.label}
                  hint={`${p.note} ${p.citation}.`}
                  options={SWITCH_OPTIONS}
                  placeholder=""
                  disabled={!p.editable}
                  defaultValue={values[name] ?? String(p.value ?? 0)}
                  error={errors[name]}
                />
              );
            return (
              <Field
                key={p.key}
                id={`param-${p.key}`}
                name={name}
                label={`${p.label} (${UNIT_LABEL[p.unit] ?? p.unit})`}
                hint={`${p.note} ${p.citation}.${p.default !== null ? ` Padrão: ${p.default}.` : ""}${p.editable ? "" : " Fixado pela lei."}`}
                inputMode="decimal"
                disabled={!p.editable}
                defaultValue={values[name] ?? (p.value === null ? "" : String(p.value))}
                error={errors[name]}
              />
            );
          })}
          <TextAreaField
            label="Motivo da mudança"
            id="nota-versao"
            name="note"
            {...noteLimits}
            defaultValue={values.note}
            error={errors.note}
          />
          <SubmitButton busyText="Publicando…">Publicar nova versão</SubmitButton>
        </Form>
      </section>

      <section id="versoes" aria-labelledby="versoes-titulo">
        <h2 id="versoes-titulo">Versões publicadas</h2>
        {history.length === 0 ? (
          <p>
            Só a versão original do pacote ({pack.version === "1.0.0" ? "1.0.0" : "original"}); nenhuma alteração
            publicada.
          </p>
        ) : (
          <div className="tabela-rolagem">
            <table className="tabela-responsiva bo-tabela">
              <thead>
                <tr>
                  <th scope="col">Versão</th>
                  <th scope="col">Publicada</th>
                  <th scope="col">Por</th>
                  <th scope="col">Motivo</th>
                  <th scope="col">Valores</th>
                </tr>
              </thead>
              <tbody>
                {history.map((h) => (
                  <tr key={h.id}>
                    <td data-label="Versão">
                      <strong>{h.version}</strong>
                    </td>
                    <td data-label="Publicada">{formatInstant(h.publishedAt, municipality.timeZone)}</td>
                    <td data-label="Por">{h.who}</td>
                    <td data-label="Motivo">{h.note ?? "—"}</td>
                    <td data-label="Valores">
                      {Object.entries(h.values)
                        .map(([k, v]) => {
                          const p = pack.parameters.find((x) => x.key === k);
                          const shown = p?.unit === "SWITCH" ? SWITCH_OPTIONS[v === 1 ? 1 : 0].label : (v ?? "—");
                          return `${p?.label ?? k}: ${shown}`;
                        })
                        .join("; ")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export const meta: MetaFunction = () => [{ title: "Regras — Portal de Credenciamento" }];

import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { BarChart } from "~/components/back-office/bar-chart";
import { CsrfInput } from "~/components/csrf-input";
import type { PageHandle } from "~/components/page-title";
import { SubmitButton } from "~/components/submit-button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { Field } from "~/components/ui/field";
import { formatDate, formatInstant, formatNumber } from "~/domain/format";
import { zPopulation } from "~/forms/back-office";
import { constraintsOf } from "~/forms/constraints";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

const UNIT = { PERMISSAO: "Permissões", CONCESSAO: "Concessões", VEICULO: "Motocicletas" } as const;

const LIMITS = constraintsOf(zPopulation);

export default function Quotas() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors: Record<string, string | undefined> = result?.errors ?? {};
  const values: Record<string, string> = result?.values ?? {};
  const limited = d.quotas.filter((q) => q.limit !== null);
  return (
    <>
      <h1>Cotas — {d.municipality.name}</h1>
      <p className="bo-sub">
        População: <strong>{formatNumber(d.municipality.population)}</strong> habitantes (
        {d.municipality.populationSource}
        {d.municipality.populationDate ? `, ${formatDate(d.municipality.populationDate)}` : ""}). Cada aprovação confere
        a cota antes de emitir.
      </p>
      {params.get("ok") ? (
        <div className="aviso sucesso" role="status">
          População atualizada. As cotas abaixo já usam o novo número.
        </div>
      ) : null}

      {d.quotas.length === 0 ? (
        <p className="bo-vazio">A lei deste município não fixa cotas por população.</p>
      ) : (
        <QuotaTable quotas={d.quotas} />
      )}
      {limited.length ? (
        <figure className="bo-relatorio">
          <BarChart
            title="Vagas por cota"
            rows={limited.map((q) => ({
              label: `${q.categoryLabel} — ${UNIT[q.unit].toLowerCase()}`,
              value: q.available ?? 0,
            }))}
          />
          <figcaption className="dica">
            Vagas = limite pela população − credenciais em vigor (ativas ou suspensas).
          </figcaption>
        </figure>
      ) : null}

      <section className="cartao estreito" aria-labelledby="populacao-titulo">
        <h2 id="populacao-titulo">Atualizar a população</h2>
        <p className="dica">
          Use o número oficial (IBGE). A mudança fica registrada na auditoria com a fonte e a data.
        </p>
        <ErrorSummary errors={errors} />
        <Form method="post" noValidate>
          <CsrfInput />
          <Field
            label="População (habitantes)"
            name="population"
            defaultValue={values.population ?? String(d.municipality.population)}
            error={errors.population}
            constraint={LIMITS.population}
          />
          <Field
            label="Fonte"
            name="source"
            defaultValue={values.source ?? d.municipality.populationSource}
            error={errors.source}
            hint="Ex.: IBGE, Censo 2022; IBGE, estimativa 2025."
            constraint={LIMITS.source}
          />
          <Field
            label="Data de referência"
            name="date"
            type="date"
            max={d.today}
            defaultValue={values.date ?? d.municipality.populationDate ?? ""}
            error={errors.date}
            constraint={LIMITS.date}
          />
          <SubmitButton busyText="Salvando…">Salvar população</SubmitButton>
        </Form>
      </section>

      <PopulationHistory history={d.history} timeZone={d.municipality.timeZone} />
    </>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function QuotaTable({ quotas }: { quotas: LoaderData["quotas"] }) {
  return (
    <div className="tabela-rolagem">
      <table className="tabela-responsiva bo-tabela">
        <caption className="visualmente-oculto">
          Cotas por categoria: limite pela população e quantidade em vigor
        </caption>
        <thead>
          <tr>
            <th scope="col">Categoria</th>
            <th scope="col">Unidade</th>
            <th scope="col" className="num">
              Habitantes por unidade
            </th>
            <th scope="col" className="num">
              Limite
            </th>
            <th scope="col" className="num">
              Em vigor
            </th>
            <th scope="col" className="num">
              Vagas
            </th>
            <th scope="col">Fundamento</th>
          </tr>
        </thead>
        <tbody>
          {quotas.map((q) => (
            <tr key={`${q.category}-${q.unit}`}>
              <td data-label="Categoria">{q.categoryLabel}</td>
              <td data-label="Unidade">{UNIT[q.unit]}</td>
              <td data-label="Habitantes por unidade" className="num">
                {q.inhabitantsPerUnit === null ? "sem limite" : formatNumber(q.inhabitantsPerUnit)}
              </td>
              <td data-label="Limite" className="num">
                {q.limit === null ? "—" : formatNumber(q.limit)}
              </td>
              <td data-label="Em vigor" className="num">
                {formatNumber(q.inForce)}
              </td>
              <td data-label="Vagas" className="num">
                {q.available === null ? (
                  "—"
                ) : q.available === 0 ? (
                  <span className="selo falha">0</span>
                ) : (
                  formatNumber(q.available)
                )}
              </td>
              <td data-label="Fundamento">{q.citation}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PopulationHistory({ history, timeZone }: { history: LoaderData["history"]; timeZone: string }) {
  if (!history.length) return null;
  return (
    <section aria-labelledby="populacao-historico">
      <h2 id="populacao-historico">Alterações anteriores</h2>
      <div className="tabela-rolagem">
        <table className="tabela-responsiva bo-tabela">
          <thead>
            <tr>
              <th scope="col">Quando</th>
              <th scope="col">Quem</th>
              <th scope="col">De</th>
              <th scope="col">Para</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h) => (
              <tr key={h.seq}>
                <td data-label="Quando">{formatInstant(h.at, timeZone)}</td>
                <td data-label="Quem">{h.who}</td>
                <td data-label="De">
                  {h.before.population == null ? "—" : formatNumber(h.before.population)}{" "}
                  <span className="dica">({h.before.source ?? "—"})</span>
                </td>
                <td data-label="Para">
                  {h.after.population == null ? "—" : formatNumber(h.after.population)}{" "}
                  <span className="dica">
                    ({h.after.source ?? "—"}
                    {h.after.date ? `, ${formatDate(h.after.date)}` : ""})
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export const handle: PageHandle = { title: "Cotas" };

import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AmendmentForm, AmendmentList } from "~/components/admin/law-amendments";
import { LawDraft, LawPdfForm, LawPreview, LawTextForm, Problems } from "~/components/admin/law-text-form";
import type { PageHandle } from "~/components/page-title";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function MunicipalLawPage() {
  const { municipality, saved, draft, maxPdfMb } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  // The law's form and the amendment's share field names: the answer says which form it is for.
  const forAmendment = result && "form" in result && result.form === "amendment";
  const answered = {
    errors: ((result && "errors" in result ? result.errors : {}) ?? {}) as Record<string, string | undefined>,
    values: (result && "values" in result ? result.values : {}) as Record<string, string>,
  };
  if (result && "error" in result && result.error) answered.errors = { ...answered.errors, _form: result.error };
  const errors = forAmendment ? {} : answered.errors;
  const values: Record<string, string> = {
    ...(saved ? { label: saved.label, title: saved.title, publishedOn: saved.publishedOn } : {}),
    ...(forAmendment ? {} : answered.values),
  };
  const lawPath = `/leis/${municipality.slug}`;
  const preview = result && "preview" in result ? result.preview : null;
  const extracted = result && "extracted" in result ? result.extracted : null;
  return (
    <>
      <h1>
        Lei de {municipality.name} ({municipality.uf})
      </h1>
      <p>
        <Link to="/admin/municipios">Voltar aos municípios</Link>
      </p>
      {params.get("salvo") ? (
        <div className="aviso sucesso" role="status">
          Texto salvo. As regras de {municipality.name} já mostram os trechos que citam.
        </div>
      ) : null}
      {params.get("alteracao") ? (
        <div className="aviso sucesso" role="status">
          {params.get("alteracao")} anexada: o texto da lei já se lê com as mudanças dela.
        </div>
      ) : null}
      {params.get("retirada") ? (
        <div className="aviso sucesso" role="status">
          {params.get("retirada")} retirada: o texto da lei se lê sem as mudanças dela.
        </div>
      ) : null}
      <section aria-labelledby="atual-titulo">
        <h2 id="atual-titulo">Texto no portal</h2>
        {saved ? (
          <>
            <p>
              <strong>{saved.label}</strong> — {saved.title}: {saved.articles} artigos, {saved.units} dispositivos.{" "}
              <Link to={lawPath}>Ler como o público lê</Link>
            </p>
            <Problems problems={saved.problems} />
          </>
        ) : (
          <p>Nenhum texto anexado: as regras aparecem sem o trecho da lei que citam.</p>
        )}
      </section>
      {saved ? (
        <section aria-labelledby="alteracoes-titulo">
          <h2 id="alteracoes-titulo">Leis que alteram esta</h2>
          <AmendmentList amendments={saved.amendments} lawPath={lawPath} />
          {/* Keyed by what is attached: once one is, the form starts empty for the next. */}
          <AmendmentForm
            key={saved.amendments.map((a) => a.label).join(" ")}
            errors={forAmendment ? answered.errors : {}}
            values={forAmendment ? answered.values : {}}
          />
        </section>
      ) : null}
      {draft ? <LawDraft draft={draft} lawPath={lawPath} /> : null}
      <section aria-labelledby="enviar-titulo">
        <h2 id="enviar-titulo">{saved ? "Trocar o texto" : "Anexar o texto"}</h2>
        <LawPdfForm error={errors.pdf} maxMb={maxPdfMb} />
        {extracted ? (
          <div className="aviso sucesso" role="status">
            Texto lido de {extracted.pages} página(s). Confira abaixo, preencha a lei e a ementa, e salve.
          </div>
        ) : null}
        <LawTextForm errors={errors} values={values} />
      </section>
      {preview ? <LawPreview reading={preview} /> : null}
    </>
  );
}

export const handle: PageHandle = { title: "Lei do município" };

import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { LawDraft, LawPdfForm, LawPreview, LawTextForm, Problems } from "~/components/admin/law-text-form";
import type { PageHandle } from "~/components/page-title";
import type { action, loader } from "./route.server";

export { action, loader } from "./route.server";

export default function MunicipalLawPage() {
  const { municipality, saved, draft, maxPdfMb } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const errors: Record<string, string | undefined> = (result && "errors" in result ? result.errors : {}) ?? {};
  const values: Record<string, string> = {
    ...(saved ? { label: saved.label, title: saved.title, publishedOn: saved.publishedOn } : {}),
    ...((result && "values" in result ? result.values : {}) as Record<string, string>),
  };
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
      <section aria-labelledby="atual-titulo">
        <h2 id="atual-titulo">Texto no portal</h2>
        {saved ? (
          <>
            <p>
              <strong>{saved.label}</strong> — {saved.title}: {saved.articles} artigos, {saved.units} dispositivos.{" "}
              <Link to={`/leis/${municipality.slug}`}>Ler como o público lê</Link>
            </p>
            <Problems problems={saved.problems} />
          </>
        ) : (
          <p>Nenhum texto anexado: as regras aparecem sem o trecho da lei que citam.</p>
        )}
      </section>
      {draft ? <LawDraft draft={draft} lawPath={`/leis/${municipality.slug}`} /> : null}
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

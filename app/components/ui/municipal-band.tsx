/** The municipality a page is about (ADR 032): what the model `municipalBandFor` returns. */
export type MunicipalBandData = {
  name: string;
  uf: string;
  slug: string;
  secretaria: string | null;
  coatOfArmsSrc: string | null;
};

/**
 * A small band under the header with the municipality's coat of arms and secretaria, as on its
 * documents: two short lines (cut with "…" on a narrow phone; the whole text stays in the page
 * for screen readers and in the tooltip), 40 px high.
 */
export function MunicipalBand({ band }: { band: MunicipalBandData }) {
  const place = `Prefeitura de ${band.name} (${band.uf})`;
  return (
    <div className="faixa-municipio">
      <div className="faixa-municipio-inner" title={band.secretaria ? `${place} — ${band.secretaria}` : place}>
        {band.coatOfArmsSrc ? (
          <img src={band.coatOfArmsSrc} alt={`Brasão de ${band.name}`} height={32} className="faixa-brasao" />
        ) : null}
        <p>
          <strong>{place}</strong>
          {band.secretaria ? <span>{band.secretaria}</span> : null}
        </p>
      </div>
    </div>
  );
}

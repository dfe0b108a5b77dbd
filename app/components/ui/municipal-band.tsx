/** The municipality a page is about (ADR 032): what the model `municipalBandFor` returns. */
export type MunicipalBandData = {
  name: string;
  uf: string;
  slug: string;
  secretaria: string | null;
  coatOfArmsSrc: string | null;
};

/**
 * The municipality's arms and secretaria under the header, as on its documents. Cut with "…" on a
 * phone; the whole text stays for screen readers and the tooltip.
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

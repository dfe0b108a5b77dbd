/** Plain data the layouts take, every field decided by the issuance model; the layouts only draw.
 * Dates are civil "YYYY-MM-DD"; `issuedAt` becomes the PDF's creation date. */

export interface IssuerInfo {
  /** "Jardim" */
  municipality: string;
  /** "MS" */
  uf: string;
  /** Issuing body, e.g. "Departamento Municipal de Trânsito". */
  authority?: string | null;
  /** IANA zone of the municipality (Municipality.timeZone), for the printed issue date. */
  timeZone: string;
  /** Who signs for the municipality (set by the gestor): printed on every layout when given. */
  signatory?: Signatory | null;
}

/** The municipality's coat of arms (PNG or JPEG bytes), loaded at render time; never in the stored render data. */
export interface Emblem {
  coatOfArms?: Uint8Array | null;
}

export interface CategoryInfo {
  /** As printed: "MOTOTÁXI", "MOTOBOY", "MOTO-FRETE", "TRANSPORTE POR APLICATIVO". */
  label: string;
  /** The category band's "#RRGGBB" where the law sets a service colour (Patrocínio, Lei 4.883/2017,
   * art. 5º, § 1º, IV); omitted, the neutral blue. */
  color?: string | null;
}

export interface LabeledValue {
  label: string;
  value: string;
}

export interface VerificationInfo {
  /** The serial printed for typing in. */
  serial: string;
  /** The QR content: verificationUrl(baseUrl, token). */
  qrText: string;
  /** Domain shown in "verifique em <domain>/verificar", e.g. "credencia.jardim.ms.gov.br". */
  domain: string;
}

export interface Signatory {
  name: string;
  role: string;
}

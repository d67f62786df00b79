import type { Catalogos } from '@repo/catalogos';

/**
 * The SAT catalog look-ups a client's data is checked against: the narrow view of the catalogs this
 * module needs, so the rules read as the SAT states them.
 */
export interface ClientCatalogs {
  /** c_RegimenFiscal, with the person types it applies to. */
  regimenFiscal(clave: string): { clave: string; fisica: boolean; moral: boolean } | undefined;
  /** c_UsoCFDI, with the person types and the receiver regimes it applies to. */
  usoCfdi(
    clave: string,
  ): { clave: string; fisica: boolean; moral: boolean; regimenes: readonly string[] } | undefined;
  /** c_FormaPago. */
  formaPagoExists(clave: string): boolean;
  /** c_CodigoPostal. */
  codigoPostalExists(codigoPostal: string): boolean;
  /** c_Pais. */
  paisExists(clave: string): boolean;
}

/** The client rules' view of the SAT catalogs: keys that exist and are in force today. */
export function clientCatalogsFrom(catalogos: Catalogos, now: () => Date): ClientCatalogs {
  return {
    regimenFiscal(clave) {
      const row = catalogos.regimenesFiscales.get(clave);
      if (!row || !catalogos.regimenesFiscales.vigente(clave, now())) return undefined;
      return { clave: row.clave, fisica: row.aplicaFisica, moral: row.aplicaMoral };
    },
    usoCfdi(clave) {
      const row = catalogos.usosCfdi.get(clave);
      if (!row || !catalogos.usosCfdi.vigente(clave, now())) return undefined;
      return {
        clave: row.clave,
        fisica: row.aplicaFisica,
        moral: row.aplicaMoral,
        regimenes: row.regimenesFiscalesReceptores,
      };
    },
    formaPagoExists: (clave) => catalogos.formasPago.vigente(clave, now()),
    codigoPostalExists: (codigoPostal) => catalogos.codigosPostales.vigente(codigoPostal, now()),
    paisExists: (clave) => catalogos.paises.has(clave),
  };
}

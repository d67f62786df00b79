import type { Comprobante } from '../../xml/model.ts';
import type { CatalogosLookup } from '../catalogos-lookup.ts';
import type { Errores } from '../error-validacion.ts';

/** The IVA rate of the border-region stimulus (c_TasaOCuota "IVA Crédito aplicado del 50%"). */
export const TASA_IVA_FRONTERIZA = '0.080000';

export const MENSAJE_IVA_FRONTERIZO_CP =
  'La tasa de IVA del 8% (estímulo de la región fronteriza) solo se aplica cuando el código postal del lugar de expedición está en la región fronteriza norte o sur según el catálogo c_CodigoPostal.';

export function mensajeIvaFronterizoClave(clave: string): string {
  return `La clave de producto o servicio ${clave} no admite el estímulo de la región fronteriza (IVA 8%) según el catálogo c_ClaveProdServ.`;
}

/**
 * Whether a postal code is in the border region (c_CodigoPostal `estimulo_franja_fronteriza`):
 * true, false, or undefined when the catalog does not say.
 */
export function enRegionFronteriza(
  cat: CatalogosLookup,
  codigoPostal: string,
): boolean | undefined {
  return cat.codigoPostal(codigoPostal)?.estimuloFranjaFronteriza;
}

/**
 * IVA 8 % (rules 2.4.1): only where LugarExpedicion carries the border-region mark and the product
 * key admits the stimulus. Decided only when the catalogs carry the marks.
 */
export function reglasIvaFronterizo(c: Comprobante, cat: CatalogosLookup, e: Errores): void {
  const region = enRegionFronteriza(cat, c.LugarExpedicion);
  c.Conceptos.forEach((con, i) => {
    (con.Impuestos?.Traslados ?? []).forEach((t, j) => {
      if (t.Impuesto !== '002' || t.TipoFactor !== 'Tasa' || t.TasaOCuota !== TASA_IVA_FRONTERIZA)
        return;
      const g = `Conceptos[${i}].Impuestos.Traslados[${j}].TasaOCuota`;
      if (region === false)
        e.add('CFDI40179', g, MENSAJE_IVA_FRONTERIZO_CP, 'CFDI40179; c_CodigoPostal estímulo');
      else if (cat.claveProdServ(con.ClaveProdServ)?.estimuloFranjaFronteriza === false)
        e.add(
          'CFDI40179',
          g,
          mensajeIvaFronterizoClave(con.ClaveProdServ),
          'CFDI40179; c_ClaveProdServ estímulo',
        );
    });
  });
}

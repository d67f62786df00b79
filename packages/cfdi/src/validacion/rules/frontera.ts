import { CONCEPTO_GLOBAL } from '../../catalogos.ts';
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
 * Why IVA 8 % cannot apply to a product key issued from a postal code — the SAT catalog named —, or
 * null when it can or the catalogs do not say. The one rule behind the engine (CFDI40179), the
 * tax-group form and the products screen.
 *
 * The generic key 01010101 carries no stimulus mark in c_ClaveProdServ, yet the SAT lets the global
 * invoice of sales to the público en general use it at 8 %: "El estímulo no será aplicable para los
 * conceptos en donde se señale la clave de producto o servicio genérica 01010101, salvo en la
 * factura global de operaciones con el público en general" (SAT, Facturación con estímulo en la
 * región fronteriza, RMF regla 11.9.3). `enGlobal` says the concepto is one of those.
 */
export function motivoSinIvaFronterizo(
  cat: CatalogosLookup,
  codigoPostal: string,
  claveProdServ: string | null,
  enGlobal = false,
): { mensaje: string; regla: string } | null {
  if (enRegionFronteriza(cat, codigoPostal) === false)
    return { mensaje: MENSAJE_IVA_FRONTERIZO_CP, regla: 'CFDI40179; c_CodigoPostal estímulo' };
  if (enGlobal && claveProdServ === CONCEPTO_GLOBAL.ClaveProdServ) return null;
  if (claveProdServ && cat.claveProdServ(claveProdServ)?.estimuloFranjaFronteriza === false)
    return {
      mensaje: mensajeIvaFronterizoClave(claveProdServ),
      regla: 'CFDI40179; c_ClaveProdServ estímulo',
    };
  return null;
}

/** A traslado at the border-region IVA rate (IVA, Tasa 0.080000). */
export function esTasaIvaFronteriza(t: {
  Impuesto: string;
  TipoFactor: string;
  TasaOCuota?: string;
}): boolean {
  return t.Impuesto === '002' && t.TipoFactor === 'Tasa' && t.TasaOCuota === TASA_IVA_FRONTERIZA;
}

/**
 * IVA 8 % (rules 2.4.1): only where LugarExpedicion carries the border-region mark and the product
 * key admits the stimulus (01010101 does in a global invoice). Decided only when the catalogs carry
 * the marks.
 */
export function reglasIvaFronterizo(c: Comprobante, cat: CatalogosLookup, e: Errores): void {
  const global = c.InformacionGlobal !== undefined;
  c.Conceptos.forEach((con, i) => {
    (con.Impuestos?.Traslados ?? []).forEach((t, j) => {
      if (!esTasaIvaFronteriza(t)) return;
      const motivo = motivoSinIvaFronterizo(cat, c.LugarExpedicion, con.ClaveProdServ, global);
      if (motivo)
        e.add(
          'CFDI40179',
          `Conceptos[${i}].Impuestos.Traslados[${j}].TasaOCuota`,
          motivo.mensaje,
          motivo.regla,
        );
    });
  });
}

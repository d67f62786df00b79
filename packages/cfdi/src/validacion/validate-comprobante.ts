import type { Comprobante } from '../xml/model.ts';
import type { CatalogosLookup } from './catalogos-lookup.ts';
import { Errores, type ErrorValidacion } from './error-validacion.ts';
import { reglasComprobante } from './rules/comprobante.ts';
import { reglasTotales } from './rules/comprobante-totales.ts';
import { reglasConceptos } from './rules/conceptos.ts';
import { reglasEmisorReceptor } from './rules/emisor-receptor.ts';
import { reglasEgreso } from './rules/egreso.ts';
import { reglasGlobal } from './rules/global.ts';
import { reglasImpuestosLocales, reglasPagos } from './rules/pagos.ts';
import { reglasIvaFronterizo } from './rules/frontera.ts';
import { reglasRegimen626 } from './rules/regimen-626.ts';
import {
  reglasTipoCambio,
  reglasTipoCambioPagos,
  reglasEquivalenciaDR,
  type TipoCambioReferencia,
} from './rules/tipo-cambio.ts';

/**
 * Pre-flight validation: everything a PAC checks that can be known locally (catalog keys, RFC
 * patterns, régimen ↔ UsoCFDI, amounts and their SAT limits, the régimen 626 product rules).
 * Answers a list of Spanish messages, each with the field and the SAT rule. Never throws.
 * `fecha` (AAAA-MM-DD…) is the day catalog validity and the InformacionGlobal year refer to;
 * defaults to Comprobante/@Fecha. `tipoCambioReferencia` answers the newest reference rate of a
 * currency on or before a day, however old (CFDI40118, CRP20216, EquivalenciaDR; the band weighs its
 * age); without it, or for a currency it knows nothing of, the rates are not compared.
 */
export function validateComprobante(
  comprobante: Comprobante,
  options: {
    catalogos: CatalogosLookup;
    fecha?: string;
    tipoCambioReferencia?: TipoCambioReferencia;
  },
): ErrorValidacion[] {
  const e = new Errores();
  const fecha =
    options.fecha ?? (typeof comprobante?.Fecha === 'string' ? comprobante.Fecha : undefined);
  const pasos: ((c: Comprobante) => void)[] = [];
  let d: number | undefined;
  pasos.push((c) => {
    d = reglasComprobante(c, options.catalogos, e, fecha);
  });
  pasos.push((c) => reglasTipoCambio(c, options.catalogos, e, options.tipoCambioReferencia));
  pasos.push((c) => reglasTipoCambioPagos(c, options.catalogos, e, options.tipoCambioReferencia));
  pasos.push((c) => reglasEquivalenciaDR(c, options.catalogos, e, options.tipoCambioReferencia));
  pasos.push((c) => reglasEmisorReceptor(c, options.catalogos, e, fecha));
  pasos.push((c) => reglasConceptos(c, d, options.catalogos, e, fecha));
  pasos.push((c) => reglasIvaFronterizo(c, options.catalogos, e));
  pasos.push((c) => reglasTotales(c, d, e));
  pasos.push((c) => reglasPagos(c, options.catalogos, e));
  pasos.push((c) => reglasImpuestosLocales(c, e));
  pasos.push((c) => reglasGlobal(c, e));
  pasos.push((c) => reglasEgreso(c, e));
  pasos.push((c) => reglasRegimen626(c, e));
  for (const paso of pasos) {
    try {
      paso(comprobante);
    } catch {
      e.add(
        'ESTRUCTURA_INVALIDA',
        '',
        'El comprobante está incompleto o tiene una estructura inválida.',
        'XSD cfdv40',
      );
      break;
    }
  }
  return e.lista;
}

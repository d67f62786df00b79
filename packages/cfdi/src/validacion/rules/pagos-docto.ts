import type { DoctoRelacionado } from '../../xml/model.ts';
import type { CatalogosLookup } from '../catalogos-lookup.ts';
import type { Errores } from '../error-validacion.ts';
import { tasaPermitida } from '../tasa-o-cuota.ts';
import { dec, equivalenciaDR, num } from './util.ts';

const IMPUESTOS = ['001', '002', '003'];
const OBJETOS_IMP = ['01', '02', '03', '04', '05', '06', '07', '08'];

/**
 * One DoctoRelacionado of a payment (rules 7.4–7.5): MonedaDR, EquivalenciaDR, the decimals of its
 * balances, ObjetoImpDR and each ImpuestosDR line's base, impuesto, factor and rate, with the codes
 * of the SAT's Pagos 2.0 matrix (CRP20236–CRP20260). Balances > 0, ImpSaldoInsoluto, ImpuestosDR
 * presence and the ImporteDR windows are in reglasPagos.
 */
export function reglasDoctoRelacionado(
  dr: DoctoRelacionado,
  g: string,
  monedaP: string,
  d: number,
  cat: CatalogosLookup,
  e: Errores,
): void {
  const add = (code: string, campo: string, mensaje: string) =>
    e.add(code, `${g}.${campo}`, mensaje, code);
  if (dr.MonedaDR === 'XXX')
    add('CRP20236', 'MonedaDR', 'El campo MonedaDR debe ser distinto de "XXX".');
  if (dr.MonedaDR !== monedaP && dr.EquivalenciaDR === undefined)
    add(
      'CRP20237',
      'EquivalenciaDR',
      'El campo EquivalenciaDR se debe registrar cuando MonedaDR es distinta de MonedaP.',
    );
  if (
    dr.MonedaDR === monedaP &&
    dr.EquivalenciaDR !== undefined &&
    !equivalenciaDR(dr.EquivalenciaDR).equals(1)
  )
    add(
      'CRP20238',
      'EquivalenciaDR',
      'El campo EquivalenciaDR debe ser "1" cuando MonedaDR es igual a MonedaP.',
    );
  const decimales: [string, keyof DoctoRelacionado][] = [
    ['CRP20240', 'ImpSaldoAnt'],
    ['CRP20242', 'ImpPagado'],
    ['CRP20243', 'ImpSaldoInsoluto'],
  ];
  for (const [code, campo] of decimales) {
    const v = dr[campo];
    if (typeof v === 'string' && num(v) && dec(v) > d)
      add(code, campo, `El campo ${campo} debe tener hasta ${d} decimales (los de MonedaDR).`);
  }
  if (!OBJETOS_IMP.includes(dr.ObjetoImpDR))
    add(
      'CRP20245',
      'ObjetoImpDR',
      'El campo ObjetoImpDR no contiene un valor del catálogo c_ObjetoImp.',
    );
  const imp = dr.ImpuestosDR;
  if (!imp) return;
  if (!imp.TrasladosDR?.length && !imp.RetencionesDR?.length)
    add('CRP20248', 'ImpuestosDR', 'El nodo ImpuestosDR debe llevar traslados o retenciones.');
  const tasas = cat.tasasOCuotas();
  (imp.RetencionesDR ?? []).forEach((r, k) => {
    const h = `ImpuestosDR.RetencionesDR[${k}]`;
    if (!num(r.BaseDR)?.greaterThan(0))
      add(
        'CRP20249',
        `${h}.BaseDR`,
        'El valor del campo BaseDR de la retención debe ser mayor que cero.',
      );
    if (!IMPUESTOS.includes(r.ImpuestoDR))
      add(
        'CRP20250',
        `${h}.ImpuestoDR`,
        'El campo ImpuestoDR no contiene un valor del catálogo c_Impuesto.',
      );
    if (r.TipoFactorDR === 'Exento')
      add(
        'CRP20252',
        `${h}.TipoFactorDR`,
        'El campo TipoFactorDR de una retención no puede ser Exento.',
      );
    else if (
      (r.TipoFactorDR !== 'Tasa' && r.TipoFactorDR !== 'Cuota') ||
      !tasaPermitida(tasas, {
        impuesto: r.ImpuestoDR,
        factor: r.TipoFactorDR,
        valor: r.TasaOCuotaDR,
        traslado: false,
      })
    )
      add(
        'CRP20253',
        `${h}.TasaOCuotaDR`,
        'El valor del campo TasaOCuotaDR de la retención no contiene un valor del catálogo c_TasaOCuota.',
      );
  });
  (imp.TrasladosDR ?? []).forEach((t, k) => {
    const h = `ImpuestosDR.TrasladosDR[${k}]`;
    if (!num(t.BaseDR)?.greaterThan(0))
      add(
        'CRP20255',
        `${h}.BaseDR`,
        'El valor del campo BaseDR del traslado debe ser mayor que cero.',
      );
    if (!IMPUESTOS.includes(t.ImpuestoDR))
      add(
        'CRP20256',
        `${h}.ImpuestoDR`,
        'El campo ImpuestoDR no contiene un valor del catálogo c_Impuesto.',
      );
    if (t.TipoFactorDR === 'Exento') {
      if (t.TasaOCuotaDR !== undefined || t.ImporteDR !== undefined)
        add('CRP20258', h, 'Un traslado Exento no debe registrar TasaOCuotaDR ni ImporteDR.');
      return;
    }
    if (t.TasaOCuotaDR === undefined || t.ImporteDR === undefined) {
      add('CRP20259', h, 'Un traslado con Tasa o Cuota debe registrar TasaOCuotaDR e ImporteDR.');
      return;
    }
    if (
      (t.TipoFactorDR !== 'Tasa' && t.TipoFactorDR !== 'Cuota') ||
      !tasaPermitida(tasas, {
        impuesto: t.ImpuestoDR,
        factor: t.TipoFactorDR,
        valor: t.TasaOCuotaDR,
        traslado: true,
      })
    )
      add(
        'CRP20260',
        `${h}.TasaOCuotaDR`,
        'El valor del campo TasaOCuotaDR del traslado no contiene un valor del catálogo c_TasaOCuota.',
      );
  });
}

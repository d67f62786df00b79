import { Decimal } from '../../decimal.ts';
import type { Pago, Pagos, PagosTotales } from '../../xml/model.ts';
import type { Errores } from '../error-validacion.ts';
import { equivalenciaDR, num } from './util.ts';

/** R_d, half away from zero. */
const redondear = (x: Decimal, d: number): Decimal => x.toDecimalPlaces(d, Decimal.ROUND_HALF_UP);

const IMPUESTOS = ['001', '002', '003'];

/** Σ over the DoctoRelacionado lines of a key, each divided by its EquivalenciaDR, rounded to 6. */
function sumaDR(
  p: Pago,
  lineas: 'TrasladosDR' | 'RetencionesDR',
  campo: 'BaseDR' | 'ImporteDR',
  clave: (l: { ImpuestoDR: string; TipoFactorDR: string; TasaOCuotaDR?: string }) => boolean,
): Decimal {
  let s = new Decimal(0);
  for (const dr of p.DoctoRelacionado) {
    const eq = equivalenciaDR(dr.EquivalenciaDR);
    for (const l of dr.ImpuestosDR?.[lineas] ?? []) {
      const v = num(campo === 'BaseDR' ? l.BaseDR : l.ImporteDR);
      if (clave(l) && v) s = s.plus(v.dividedBy(eq));
    }
  }
  return redondear(s, 6);
}

/**
 * ImpuestosP of one Pago (rules 7.6, CRP20262–CRP20274): one line per key, catalog keys, and each
 * BaseP / ImporteP equal to R_6 of the DoctoRelacionado values of its key over EquivalenciaDR.
 */
export function reglasImpuestosP(p: Pago, f: string, e: Errores): void {
  const add = (code: string, campo: string, mensaje: string) =>
    e.add(code, `${f}.ImpuestosP.${campo}`, mensaje, code);
  const vistos = new Set<string>();
  (p.ImpuestosP?.RetencionesP ?? []).forEach((r, k) => {
    const h = `RetencionesP[${k}]`;
    if (!IMPUESTOS.includes(r.ImpuestoP))
      add(
        'CRP20262',
        `${h}.ImpuestoP`,
        'El campo ImpuestoP no contiene un valor del catálogo c_Impuesto.',
      );
    if (vistos.has(r.ImpuestoP))
      add('CRP20263', h, 'Debe haber sólo un registro por cada tipo de impuesto retenido.');
    vistos.add(r.ImpuestoP);
    const suma = sumaDR(p, 'RetencionesDR', 'ImporteDR', (l) => l.ImpuestoDR === r.ImpuestoP);
    if (!num(r.ImporteP)?.equals(suma))
      add(
        'CRP20265',
        `${h}.ImporteP`,
        `El campo ImporteP de la retención debe ser la suma de los ImporteDR de ese impuesto (${suma.toFixed()}).`,
      );
  });
  const claves = new Set<string>();
  (p.ImpuestosP?.TrasladosP ?? []).forEach((t, k) => {
    const h = `TrasladosP[${k}]`;
    if (!IMPUESTOS.includes(t.ImpuestoP))
      add(
        'CRP20270',
        `${h}.ImpuestoP`,
        'El campo ImpuestoP no contiene un valor del catálogo c_Impuesto.',
      );
    const clave = `${t.ImpuestoP}|${t.TipoFactorP}|${t.TasaOCuotaP ?? ''}`;
    if (claves.has(clave))
      add(
        'CRP20271',
        h,
        'Debe haber sólo un registro por cada combinación de impuesto, factor y tasa trasladados.',
      );
    claves.add(clave);
    const mismo = (l: { ImpuestoDR: string; TipoFactorDR: string; TasaOCuotaDR?: string }) =>
      l.ImpuestoDR === t.ImpuestoP &&
      l.TipoFactorDR === t.TipoFactorP &&
      (l.TasaOCuotaDR ?? '') === (t.TasaOCuotaP ?? '');
    const exento = t.TipoFactorP === 'Exento';
    if (exento && (t.TasaOCuotaP !== undefined || t.ImporteP !== undefined))
      add('CRP20266', h, 'Un traslado Exento solo registra BaseP, ImpuestoP y TipoFactorP.');
    const base = sumaDR(p, 'TrasladosDR', 'BaseDR', mismo);
    if (!num(t.BaseP)?.equals(base))
      add(
        exento ? 'CRP20269' : 'CRP20268',
        `${h}.BaseP`,
        `El campo BaseP debe ser la suma de los BaseDR de ese impuesto, factor y tasa (${base.toFixed()}).`,
      );
    if (exento) return;
    const importe = sumaDR(p, 'TrasladosDR', 'ImporteDR', mismo);
    if (!num(t.ImporteP)?.equals(importe))
      add(
        'CRP20274',
        `${h}.ImporteP`,
        `El campo ImporteP del traslado debe ser la suma de los ImporteDR de ese impuesto, factor y tasa (${importe.toFixed()}).`,
      );
  });
}

type Total = keyof PagosTotales;

/**
 * Totales of the complement (rules 7.6, CRP20201–CRP20211, CRP20264, CRP20267, CRP20273): each one
 * is R_2 of Σ (ImpuestosP value × TipoCambioP) of its group, present exactly when its group exists.
 */
export function reglasTotalesPagos(pagos: Pagos, e: Errores): void {
  const sumas = new Map<Total, Decimal>();
  const sumar = (k: Total, v: string | undefined, tc: Decimal) =>
    sumas.set(k, (sumas.get(k) ?? new Decimal(0)).plus((num(v) ?? new Decimal(0)).times(tc)));
  const IVA: Record<string, [Total, Total]> = {
    '0.160000': ['TotalTrasladosBaseIVA16', 'TotalTrasladosImpuestoIVA16'],
    '0.080000': ['TotalTrasladosBaseIVA8', 'TotalTrasladosImpuestoIVA8'],
    '0.000000': ['TotalTrasladosBaseIVA0', 'TotalTrasladosImpuestoIVA0'],
  };
  const RET: Record<string, Total> = {
    '001': 'TotalRetencionesISR',
    '002': 'TotalRetencionesIVA',
    '003': 'TotalRetencionesIEPS',
  };
  for (const p of pagos.Pago) {
    const tc = num(p.TipoCambioP ?? '1') ?? new Decimal(1);
    sumar('MontoTotalPagos', p.Monto, tc);
    for (const r of p.ImpuestosP?.RetencionesP ?? [])
      if (RET[r.ImpuestoP]) sumar(RET[r.ImpuestoP]!, r.ImporteP, tc);
    for (const t of p.ImpuestosP?.TrasladosP ?? []) {
      if (t.ImpuestoP !== '002') continue;
      if (t.TipoFactorP === 'Exento') sumar('TotalTrasladosBaseIVAExento', t.BaseP, tc);
      const par = t.TipoFactorP === 'Tasa' ? IVA[t.TasaOCuotaP ?? ''] : undefined;
      if (!par) continue;
      sumar(par[0], t.BaseP, tc);
      sumar(par[1], t.ImporteP, tc);
    }
  }
  const CODIGO: Record<Total, string> = {
    TotalRetencionesIVA: 'CRP20201',
    TotalRetencionesISR: 'CRP20202',
    TotalRetencionesIEPS: 'CRP20203',
    TotalTrasladosBaseIVA16: 'CRP20204',
    TotalTrasladosImpuestoIVA16: 'CRP20205',
    TotalTrasladosBaseIVA8: 'CRP20206',
    TotalTrasladosImpuestoIVA8: 'CRP20207',
    TotalTrasladosBaseIVA0: 'CRP20208',
    TotalTrasladosImpuestoIVA0: 'CRP20209',
    TotalTrasladosBaseIVAExento: 'CRP20210',
    MontoTotalPagos: 'CRP20211',
  };
  const t = pagos.Totales;
  for (const k of Object.keys(CODIGO) as Total[]) {
    const suma = sumas.get(k);
    const campo = `Complemento.Pagos.Totales.${k}`;
    if (suma === undefined) {
      if (t[k] !== undefined)
        e.add(
          CODIGO[k],
          campo,
          `El campo ${k} no se debe registrar: ningún pago tiene ese impuesto.`,
          CODIGO[k],
        );
      continue;
    }
    const esperado = redondear(suma, 2);
    if (t[k] === undefined) {
      const code = k.startsWith('TotalRetenciones')
        ? 'CRP20264'
        : k.startsWith('TotalTrasladosImpuesto')
          ? 'CRP20273'
          : k === 'MontoTotalPagos'
            ? 'CRP20211'
            : 'CRP20267';
      e.add(code, campo, `El campo ${k} se debe registrar (${esperado.toFixed(2)}).`, code);
    } else if (!num(t[k])?.equals(esperado))
      e.add(
        CODIGO[k],
        campo,
        `El campo ${k} no es igual al redondeo de la suma de los importes por TipoCambioP (${esperado.toFixed(2)}).`,
        CODIGO[k],
      );
  }
}

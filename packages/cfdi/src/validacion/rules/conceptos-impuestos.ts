import { Decimal } from '../../decimal.ts';
import type { Concepto, Traslado } from '../../xml/model.ts';
import type { TasaOCuotaRow } from '../catalogos-lookup.ts';
import { tasaPermitida } from '../tasa-o-cuota.ts';
import type { Errores } from '../error-validacion.ts';
import { limitesImpuesto, num } from './util.ts';

/** The conceptos' taxes, summed for the Impuestos summary (2.6). */
export interface SumasImpuestos {
  /** Traslados' bases and importes by Impuesto|TipoFactor|TasaOCuota (Exento: Impuesto|Exento|). */
  sumT: Map<string, { base: Decimal; importe: Decimal }>;
  /** Retenciones' importes by Impuesto. */
  sumR: Map<string, Decimal>;
  /** Whether a traslado has a Tasa or Cuota. */
  hayTasa: boolean;
}

function tasaEnCatalogo(
  rows: readonly TasaOCuotaRow[],
  impuesto: string,
  factor: string,
  tasa: string,
  traslado: boolean,
): boolean {
  // The XML writes TasaOCuota with exactly 6 decimals.
  if (!/^[0-9]+\.[0-9]{6}$/.test(tasa) || (factor !== 'Tasa' && factor !== 'Cuota')) return false;
  return tasaPermitida(rows, { impuesto, factor, valor: tasa, traslado });
}

/** A concepto's ObjetoImp and tax lines (limits of 2.3/2.4), summed into `sumas`. */
export function reglasImpuestosConcepto(
  con: Concepto,
  f: string,
  tasas: readonly TasaOCuotaRow[],
  d: number | undefined,
  e: Errores,
  sumas: SumasImpuestos,
): void {
  const { sumT } = sumas;
  const impuestos = con.Impuestos;
  const nT = impuestos?.Traslados?.length ?? 0;
  const nR = impuestos?.Retenciones?.length ?? 0;
  if (!['01', '02', '03', '04', '05', '06', '07', '08'].includes(con.ObjetoImp))
    e.add(
      'CFDI40170',
      `${f}.ObjetoImp`,
      'El campo ObjetoImp no contiene un valor del catálogo c_ObjetoImp.',
      'CFDI40170',
    );
  else if (con.ObjetoImp !== '01' && con.ObjetoImp !== '02')
    e.add(
      'OBJETO_IMP_NO_SOPORTADO',
      `${f}.ObjetoImp`,
      'Solo se admiten los objetos de impuesto 01 y 02.',
      'Producto §5',
    );
  if (con.ObjetoImp === '02' && nT + nR === 0)
    e.add(
      'CFDI40171',
      `${f}.Impuestos`,
      'El nodo hijo Impuestos del nodo concepto debe existir cuando ObjetoImp es 02.',
      'CFDI40171/CFDI40173',
    );
  if (con.ObjetoImp !== '02' && impuestos !== undefined)
    e.add(
      'CFDI40172',
      `${f}.Impuestos`,
      'El nodo hijo Impuestos del nodo concepto, no debe existir.',
      'CFDI40172',
    );
  const linea = (t: Traslado, j: number, traslado: boolean) =>
    reglasLinea(t, j, traslado, f, tasas, d, e, sumas);
  (impuestos?.Traslados ?? []).forEach((t, j) => linea(t, j, true));
  (impuestos?.Retenciones ?? []).forEach((t, j) => linea(t, j, false));
  for (const t of impuestos?.Traslados ?? []) {
    if (t.TipoFactor === 'Exento') {
      const k = `${t.Impuesto}|Exento|`;
      const b = num(t.Base);
      if (b)
        sumT.set(k, {
          base: (sumT.get(k)?.base ?? new Decimal(0)).plus(b),
          importe: new Decimal(0),
        });
    }
  }
}

/** One tax line of a concepto: a traslado, or a retención (`traslado` false). */
function reglasLinea(
  t: Traslado,
  j: number,
  traslado: boolean,
  f: string,
  tasas: readonly TasaOCuotaRow[],
  d: number | undefined,
  e: Errores,
  sumas: SumasImpuestos,
): void {
  const { sumT, sumR } = sumas;
  const g = `${f}.Impuestos.${traslado ? 'Traslados' : 'Retenciones'}[${j}]`;
  const base = num(t.Base);
  if (!base || !base.greaterThan(0))
    e.add(
      traslado ? 'CFDI40174' : 'CFDI40181',
      `${g}.Base`,
      'El valor del campo Base debe ser mayor que cero.',
      traslado ? 'CFDI40174' : 'CFDI40181',
    );
  if (!['001', '002', '003'].includes(t.Impuesto))
    e.add(
      traslado ? 'CFDI40175' : 'CFDI40182',
      `${g}.Impuesto`,
      'El campo Impuesto no contiene un valor del catálogo c_Impuesto.',
      traslado ? 'CFDI40175' : 'CFDI40182',
    );
  if (t.TipoFactor === 'Exento') {
    if (!traslado)
      e.add(
        'CFDI40184',
        `${g}.TipoFactor`,
        'El campo TipoFactor no puede ser Exento en una retención.',
        'CFDI40184',
      );
    else if (t.TasaOCuota !== undefined || t.Importe !== undefined)
      e.add(
        'CFDI40177',
        `${g}.TipoFactor`,
        'Si el campo TipoFactor es Exento no se deben registrar los campos TasaOCuota ni Importe.',
        'CFDI40177',
      );
    return;
  }
  if (t.TasaOCuota === undefined || t.Importe === undefined) {
    e.add(
      'CFDI40178',
      g,
      'Si el campo TipoFactor es Tasa o Cuota se deben registrar los campos TasaOCuota e Importe.',
      'CFDI40178',
    );
    return;
  }
  if (!tasaEnCatalogo(tasas, t.Impuesto, t.TipoFactor, t.TasaOCuota, traslado))
    e.add(
      traslado ? 'CFDI40179' : 'CFDI40185',
      `${g}.TasaOCuota`,
      'El valor del campo TasaOCuota no contiene un valor del catálogo c_TasaOCuota o se encuentra fuera de rango.',
      traslado ? 'CFDI40179' : 'CFDI40185',
    );
  const importe = num(t.Importe);
  if (!importe || !base) return;
  if (d !== undefined) {
    const { li, ls } = limitesImpuesto(t.Base, t.TasaOCuota, d);
    if (importe.lessThan(li) || importe.greaterThan(ls))
      e.add(
        traslado ? 'CFDI40180' : 'CFDI40186',
        `${g}.Importe`,
        `El valor del campo Importe no se encuentra entre el limite inferior (${li.toFixed()}) y superior (${ls.toFixed()}) permitido.`,
        traslado ? 'CFDI40180' : 'CFDI40186',
      );
  }
  if (traslado) {
    sumas.hayTasa = true;
    const k = `${t.Impuesto}|${t.TipoFactor}|${t.TasaOCuota}`;
    const s = sumT.get(k) ?? { base: new Decimal(0), importe: new Decimal(0) };
    sumT.set(k, { base: s.base.plus(base), importe: s.importe.plus(importe) });
  } else {
    sumR.set(t.Impuesto, (sumR.get(t.Impuesto) ?? new Decimal(0)).plus(importe));
  }
}

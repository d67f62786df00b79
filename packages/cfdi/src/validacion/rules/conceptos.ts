import { Exacto as Decimal } from '../exacto.ts';
import type { Comprobante, Traslado } from '../../xml/model.ts';
import type { CatalogosLookup, TasaOCuotaRow } from '../catalogos-lookup.ts';
import { tasaPermitida } from '../tasa-o-cuota.ts';
import type { Errores } from '../error-validacion.ts';
import { dec, limitesImpuesto, limitesProducto, num, vigente } from './util.ts';

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

function texto(v: string | undefined, max: number): boolean {
  return v === undefined || (v.length >= 1 && [...v].length <= max && !v.includes('|'));
}

/** Conceptos, their taxes (limits of 2.3/2.4) and the Impuestos summary (2.6). */
export function reglasConceptos(
  c: Comprobante,
  d: number | undefined,
  cat: CatalogosLookup,
  e: Errores,
  fecha: string | undefined,
): void {
  const tipo = c.TipoDeComprobante;
  const tasas = cat.tasasOCuotas();
  const sumT = new Map<string, { base: Decimal; importe: Decimal }>();
  const sumR = new Map<string, Decimal>();
  let hayTasa = false;
  if (c.Conceptos.length === 0)
    e.add('CONCEPTOS_VACIO', 'Conceptos', 'Agregue al menos un concepto.', 'XSD cfdv40 Conceptos');
  c.Conceptos.forEach((con, i) => {
    const f = `Conceptos[${i}]`;
    if (tipo !== 'P' && !vigente(cat.claveProdServ(con.ClaveProdServ), fecha))
      e.add(
        'CFDI40162',
        `${f}.ClaveProdServ`,
        'El campo ClaveProdServ no contiene un valor del catálogo c_ClaveProdServ.',
        'CFDI40162',
      );
    if (tipo !== 'P' && !vigente(cat.claveUnidad(con.ClaveUnidad), fecha))
      e.add(
        'CFDI40165',
        `${f}.ClaveUnidad`,
        'El campo ClaveUnidad no contiene un valor del catálogo c_ClaveUnidad.',
        'CFDI40165',
      );
    if (!texto(con.Descripcion, 1000))
      e.add(
        'DESCRIPCION_INVALIDA',
        `${f}.Descripcion`,
        'La descripción admite de 1 a 1000 caracteres y no puede contener "|".',
        'XSD cfdv40 Descripcion',
      );
    if (!texto(con.NoIdentificacion, 100))
      e.add(
        'NO_IDENTIFICACION_INVALIDO',
        `${f}.NoIdentificacion`,
        'El número de identificación admite de 1 a 100 caracteres y no puede contener "|".',
        'XSD cfdv40 NoIdentificacion',
      );
    if (!texto(con.Unidad, 20))
      e.add(
        'UNIDAD_INVALIDA',
        `${f}.Unidad`,
        'La unidad admite de 1 a 20 caracteres y no puede contener "|".',
        'XSD cfdv40 Unidad',
      );
    const cant = num(con.Cantidad);
    const vu = num(con.ValorUnitario);
    const imp = num(con.Importe);
    if (!cant || !cant.greaterThan(0))
      e.add(
        'CANTIDAD_INVALIDA',
        `${f}.Cantidad`,
        'La cantidad debe ser mayor que cero, con hasta 6 decimales.',
        'XSD cfdv40 Cantidad',
      );
    if (!vu || ((tipo === 'I' || tipo === 'E' || tipo === 'N') && !vu.greaterThan(0)))
      e.add(
        'CFDI40166',
        `${f}.ValorUnitario`,
        'El valor del campo ValorUnitario debe ser mayor que cero (0) cuando el tipo de comprobante es Ingreso, Egreso o Nomina.',
        'CFDI40166',
      );
    if (!imp)
      e.add('CFDI40167', `${f}.Importe`, 'El campo Importe no es un importe válido.', 'CFDI40167');
    if (cant && vu && imp && d !== undefined && tipo !== 'P') {
      const { li, ls } = limitesProducto(con.Cantidad, con.ValorUnitario, d);
      if (imp.lessThan(li) || imp.greaterThan(ls))
        e.add(
          'CFDI40167',
          `${f}.Importe`,
          `El valor del campo Importe no se encuentra entre el limite inferior (${li.toFixed()}) y superior (${ls.toFixed()}) permitido.`,
          'CFDI40167',
        );
    }
    const desc = num(con.Descuento);
    if (con.Descuento !== undefined && imp) {
      if (!desc || dec(con.Descuento) > dec(con.Importe))
        e.add(
          'CFDI40168',
          `${f}.Descuento`,
          'El valor del campo Descuento debe tener hasta la cantidad de decimales que tenga registrado el atributo importe del concepto.',
          'CFDI40168',
        );
      else if (desc.greaterThan(imp))
        e.add(
          'CFDI40169',
          `${f}.Descuento`,
          'El valor del campo Descuento es mayor que el campo Importe.',
          'CFDI40169',
        );
    }
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
    const linea = (t: Traslado, j: number, traslado: boolean) => {
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
        hayTasa = true;
        const k = `${t.Impuesto}|${t.TipoFactor}|${t.TasaOCuota}`;
        const s = sumT.get(k) ?? { base: new Decimal(0), importe: new Decimal(0) };
        sumT.set(k, { base: s.base.plus(base), importe: s.importe.plus(importe) });
      } else {
        sumR.set(t.Impuesto, (sumR.get(t.Impuesto) ?? new Decimal(0)).plus(importe));
      }
    };
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
  });

  // Summary (2.6)
  const imp = c.Impuestos;
  if ((tipo === 'T' || tipo === 'P') && imp) {
    e.add(
      tipo === 'P' ? 'CRP20123' : 'CFDI40201',
      'Impuestos',
      'El nodo Impuestos no debe existir en este tipo de comprobante.',
      'CFDI40201',
    );
    return;
  }
  if (!imp) {
    if (sumT.size + sumR.size > 0)
      e.add(
        'CFDI40201',
        'Impuestos',
        'Falta el nodo Impuestos con el resumen de los impuestos de los conceptos.',
        'CFDI40201',
      );
    return;
  }
  if (d === undefined) return;
  const r2 = (x: Decimal) => x.toDecimalPlaces(d, Decimal.ROUND_HALF_UP);
  const vistosR = new Set<string>();
  let totalR = new Decimal(0);
  (imp.Retenciones ?? []).forEach((r, i) => {
    const g = `Impuestos.Retenciones[${i}]`;
    if (vistosR.has(r.Impuesto))
      e.add(
        'CFDI40208',
        g,
        'Debe haber sólo un registro por cada tipo de impuesto retenido.',
        'CFDI40208',
      );
    vistosR.add(r.Impuesto);
    const v = num(r.Importe);
    if (!v || dec(r.Importe) > d) {
      e.add(
        'CFDI40210',
        `${g}.Importe`,
        'El valor del campo Importe excede la cantidad de decimales que soporta la moneda.',
        'CFDI40210',
      );
      return;
    }
    totalR = totalR.plus(v);
    if (!v.equals(r2(sumR.get(r.Impuesto) ?? new Decimal(0))))
      e.add(
        'CFDI40211',
        `${g}.Importe`,
        'El valor del campo Importe no es igual a la suma de los importes de los impuestos retenidos registrados en los conceptos donde el impuesto sea igual al campo impuesto de este elemento.',
        'CFDI40211',
      );
  });
  if (vistosR.size !== sumR.size)
    e.add(
      'CFDI40211',
      'Impuestos.Retenciones',
      'El resumen de retenciones no corresponde con las retenciones de los conceptos.',
      'CFDI40211',
    );
  const vistosT = new Set<string>();
  let totalT = new Decimal(0);
  (imp.Traslados ?? []).forEach((t, i) => {
    const g = `Impuestos.Traslados[${i}]`;
    const k = `${t.Impuesto}|${t.TipoFactor}|${t.TasaOCuota ?? ''}`;
    if (vistosT.has(k))
      e.add(
        'CFDI40218',
        g,
        'Debe haber sólo un registro con la misma combinación de impuesto, factor y tasa por cada traslado.',
        'CFDI40218',
      );
    vistosT.add(k);
    const base = num(t.Base);
    const s = sumT.get(k);
    if (!base || dec(t.Base) > d)
      e.add(
        'CFDI40214',
        `${g}.Base`,
        'El valor del campo Base excede la cantidad de decimales que soporta la moneda.',
        'CFDI40214',
      );
    else if (!s || !base.equals(r2(s.base)))
      e.add(
        'CFDI40215',
        `${g}.Base`,
        'El valor del campo Base no es igual al redondeo de la suma de los importes de las bases de los traslados registrados en los conceptos.',
        'CFDI40215',
      );
    if (t.TipoFactor !== 'Exento') {
      const v = num(t.Importe);
      if (!v || dec(t.Importe!) > d)
        e.add(
          'CFDI40220',
          `${g}.Importe`,
          'El valor del campo Importe excede la cantidad de decimales que soporta la moneda.',
          'CFDI40220',
        );
      else {
        totalT = totalT.plus(v);
        if (!s || !v.equals(r2(s.importe)))
          e.add(
            'CFDI40221',
            `${g}.Importe`,
            'El valor del campo Importe no es igual al redondeo de la suma de los importes de los impuestos trasladados registrados en los conceptos.',
            'CFDI40221',
          );
      }
    }
  });
  if (vistosT.size !== sumT.size)
    e.add(
      'CFDI40215',
      'Impuestos.Traslados',
      'El resumen de traslados no corresponde con los traslados de los conceptos.',
      'CFDI40215',
    );
  const tr = imp.TotalImpuestosRetenidos;
  if (sumR.size > 0 && tr === undefined)
    e.add(
      'CFDI40206',
      'Impuestos.TotalImpuestosRetenidos',
      'Debe existir el campo TotalImpuestosRetenidos.',
      'CFDI40206',
    );
  if (sumR.size === 0 && tr !== undefined)
    e.add(
      'CFDI40209',
      'Impuestos.TotalImpuestosRetenidos',
      'El campo TotalImpuestosRetenidos no debe existir.',
      'CFDI40209',
    );
  if (tr !== undefined) {
    const v = num(tr);
    if (!v || dec(tr) > d)
      e.add(
        'CFDI40202',
        'Impuestos.TotalImpuestosRetenidos',
        'El valor del campo TotalImpuestosRetenidos excede la cantidad de decimales que soporta la moneda.',
        'CFDI40202',
      );
    else if (!v.equals(totalR))
      e.add(
        'CFDI40203',
        'Impuestos.TotalImpuestosRetenidos',
        'El valor del campo TotalImpuestosRetenidos no es igual a la suma de los importes registrados en el elemento hijo Retencion.',
        'CFDI40203',
      );
  }
  const tt = imp.TotalImpuestosTrasladados;
  if (hayTasa && tt === undefined)
    e.add(
      'CFDI40212',
      'Impuestos.TotalImpuestosTrasladados',
      'Debe existir el campo TotalImpuestosTrasladados.',
      'CFDI40212',
    );
  if (tt !== undefined) {
    const v = num(tt);
    if (!v || dec(tt) > d)
      e.add(
        'CFDI40204',
        'Impuestos.TotalImpuestosTrasladados',
        'El valor del campo TotalImpuestosTrasladados excede la cantidad de decimales que soporta la moneda.',
        'CFDI40204',
      );
    else if (!v.equals(totalT))
      e.add(
        'CFDI40205',
        'Impuestos.TotalImpuestosTrasladados',
        'El valor del campo TotalImpuestosTrasladados no es igual a la suma de los importes registrados en el elemento hijo Traslado.',
        'CFDI40205',
      );
  }
}

import type { Comprobante, Concepto } from '../../xml/model.ts';
import type { CatalogosLookup } from '../catalogos-lookup.ts';
import type { Errores } from '../error-validacion.ts';
import { reglasImpuestosConcepto, type SumasImpuestos } from './conceptos-impuestos.ts';
import { reglasResumenImpuestos } from './conceptos-resumen.ts';
import { dec, limitesProducto, num, vigente } from './util.ts';

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
  const sumas: SumasImpuestos = { sumT: new Map(), sumR: new Map(), hayTasa: false };
  if (c.Conceptos.length === 0)
    e.add('CONCEPTOS_VACIO', 'Conceptos', 'Agregue al menos un concepto.', 'XSD cfdv40 Conceptos');
  c.Conceptos.forEach((con, i) => {
    const f = `Conceptos[${i}]`;
    reglasClavesYTextos(con, f, tipo, cat, e, fecha);
    reglasImportes(con, f, tipo, d, e);
    reglasImpuestosConcepto(con, f, tasas, d, e, sumas);
  });
  reglasResumenImpuestos(c, d, e, sumas);
}

/** A concepto's catalog keys (in force on the date) and its texts. */
function reglasClavesYTextos(
  con: Concepto,
  f: string,
  tipo: Comprobante['TipoDeComprobante'],
  cat: CatalogosLookup,
  e: Errores,
  fecha: string | undefined,
): void {
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
}

/** A concepto's Cantidad, ValorUnitario, Importe (within its product's limits) and Descuento. */
function reglasImportes(
  con: Concepto,
  f: string,
  tipo: Comprobante['TipoDeComprobante'],
  d: number | undefined,
  e: Errores,
): void {
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
}

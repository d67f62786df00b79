import type { Comprobante } from '../../xml/model.ts';
import type { Errores } from '../error-validacion.ts';

/** The fixed value a CFDI de pago must carry in one attribute, or its absence (undefined). */
type Fijo = [code: string, campo: string, actual: string | undefined, esperado: string | undefined];

function revisar(e: Errores, fijos: Fijo[]): void {
  for (const [code, campo, actual, esperado] of fijos) {
    if (actual === esperado) continue;
    const nombre = campo.replace(/^.*\./, '');
    e.add(
      code,
      campo,
      esperado === undefined
        ? `El campo ${nombre} no se debe registrar en un comprobante de pago.`
        : `El campo ${nombre} debe tener el valor "${esperado}" en un comprobante de pago.`,
      code,
    );
  }
}

/**
 * The fixed values of a CFDI de pago and of its only concepto (rules 7.1, CRP20102–CRP20123), each
 * with its own code as a real PAC answers. SubTotal, Total, Descuento and Moneda have their codes in
 * the comprobante rules (CRP20103, CRP20104, CRP20108, CRP20110).
 */
export function reglasComprobantePago(c: Comprobante, e: Errores): void {
  revisar(e, [
    ['CRP20102', 'Exportacion', c.Exportacion, '01'],
    ['CRP20105', 'FormaPago', c.FormaPago, undefined],
    ['CRP20106', 'MetodoPago', c.MetodoPago, undefined],
    ['CRP20107', 'CondicionesDePago', c.CondicionesDePago, undefined],
    ['CRP20109', 'TipoCambio', c.TipoCambio, undefined],
  ]);
  const con = c.Conceptos[0];
  if (!con) return;
  const p = 'Conceptos[0]';
  if (con.InformacionAduanera?.length || con.CuentaPredial?.length || con.Parte?.length)
    e.add(
      'CRP20112',
      p,
      'El concepto de un comprobante de pago no debe tener nodos hijo (salvo ACuentaTerceros).',
      'CRP20112',
    );
  revisar(e, [
    ['CRP20113', `${p}.ClaveProdServ`, con.ClaveProdServ, '84111506'],
    ['CRP20114', `${p}.NoIdentificacion`, con.NoIdentificacion, undefined],
    ['CRP20115', `${p}.Cantidad`, con.Cantidad, '1'],
    ['CRP20116', `${p}.ClaveUnidad`, con.ClaveUnidad, 'ACT'],
    ['CRP20117', `${p}.Unidad`, con.Unidad, undefined],
    ['CRP20118', `${p}.Descripcion`, con.Descripcion, 'Pago'],
    ['CRP20119', `${p}.ValorUnitario`, con.ValorUnitario, '0'],
    ['CRP20120', `${p}.Importe`, con.Importe, '0'],
    ['CRP20121', `${p}.Descuento`, con.Descuento, undefined],
    ['CRP20122', `${p}.ObjetoImp`, con.ObjetoImp, '01'],
  ]);
  if (con.Impuestos !== undefined)
    e.add(
      'CRP20123',
      `${p}.Impuestos`,
      'El concepto de un comprobante de pago no debe llevar impuestos.',
      'CRP20123',
    );
}

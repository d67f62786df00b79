import { Exacto as Decimal } from '../exacto.ts';
import type { Comprobante } from '../../xml/model.ts';
import type { CatalogosLookup } from '../catalogos-lookup.ts';
import type { Errores } from '../error-validacion.ts';
import { dec, num, vigente } from './util.ts';

const FECHA =
  /^(20[1-9][0-9])-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$/;
const SERIE = /^[A-Za-zÑñ]+$/u;
const UUID = /^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$/;

/** Comprobante attributes, totals and InformacionGlobal / CfdiRelacionados (rules 1.3–1.9, 2.7). */
export function reglasComprobante(
  c: Comprobante,
  cat: CatalogosLookup,
  e: Errores,
  fecha: string | undefined,
): number | undefined {
  const tipo = c.TipoDeComprobante;
  if (c.Version !== '4.0')
    e.add(
      'CFDI40100',
      'Version',
      'El campo Version debe tener el valor "4.0".',
      'XSD cfdv40 Version',
    );
  if (c.Serie !== undefined && !SERIE.test(c.Serie))
    e.add(
      'SERIE_INVALIDA',
      'Serie',
      'La serie no puede contener números, caracteres especiales o espacios en blanco',
      'Producto §5; XSD t_Serie',
    );
  if (c.Folio !== undefined && (c.Folio.length > 40 || c.Folio.includes('|') || c.Folio === ''))
    e.add(
      'FOLIO_INVALIDO',
      'Folio',
      'El folio admite de 1 a 40 caracteres y no puede contener "|".',
      'XSD cfdv40 Folio',
    );
  if (!FECHA.test(c.Fecha))
    e.add(
      'CFDI40101',
      'Fecha',
      'El campo Fecha no cumple con el patrón requerido (AAAA-MM-DDThh:mm:ss).',
      'CFDI40101',
    );

  if (!['I', 'E', 'T', 'N', 'P'].includes(tipo))
    e.add(
      'CFDI40121',
      'TipoDeComprobante',
      'El campo TipoDeComprobante no contiene un valor del catálogo c_TipoDeComprobante.',
      'CFDI40121',
    );

  // FormaPago / MetodoPago
  if (tipo === 'T' || tipo === 'P' || tipo === 'N') {
    if (c.FormaPago !== undefined)
      e.add(
        'CFDI40103',
        'FormaPago',
        'El campo FormaPago no debe existir en este tipo de comprobante.',
        'CFDI40103',
      );
    if (c.MetodoPago !== undefined)
      e.add(
        'CFDI40125',
        'MetodoPago',
        'El campo MetodoPago no debe existir en este tipo de comprobante.',
        'CFDI40125',
      );
  } else {
    if (c.FormaPago === undefined)
      e.add('CFDI40103', 'FormaPago', 'Indique la forma de pago.', 'CFDI40103');
    else if (!vigente(cat.formaPago(c.FormaPago), fecha))
      e.add(
        'CFDI40104',
        'FormaPago',
        'El campo FormaPago no contiene un valor del catálogo c_FormaPago.',
        'CFDI40104',
      );
    if (c.MetodoPago === undefined)
      e.add('CFDI40124', 'MetodoPago', 'Indique el método de pago (PUE o PPD).', 'CFDI40124');
    else if (c.MetodoPago !== 'PUE' && c.MetodoPago !== 'PPD')
      e.add(
        'CFDI40124',
        'MetodoPago',
        'El campo MetodoPago no contiene un valor del catálogo c_MetodoPago.',
        'CFDI40124',
      );
    if (c.MetodoPago === 'PPD' && c.FormaPago !== undefined && c.FormaPago !== '99')
      e.add('CFDI40105', 'FormaPago', 'El campo FormaPago no contiene el valor "99".', 'CFDI40105');
    if (c.MetodoPago === 'PUE' && c.FormaPago === '99')
      e.add(
        'FORMA_PAGO_99_PUE',
        'FormaPago',
        'Con método de pago PUE la forma de pago no puede ser 99 (Por definir).',
        'Guía de llenado CFDI 4.0 (FormaPago)',
      );
  }

  // Moneda / TipoCambio
  const moneda = cat.moneda(c.Moneda);
  let d: number | undefined = moneda?.decimales;
  if (!moneda || !vigente(moneda, fecha)) {
    e.add(
      'CFDI40113',
      'Moneda',
      'El campo Moneda no contiene un valor del catálogo c_Moneda.',
      'CFDI40113',
    );
  }
  if (tipo === 'P' && c.Moneda !== 'XXX')
    e.add('CRP20104', 'Moneda', 'El campo Moneda debe contener el valor "XXX".', 'CRP20104');
  if (tipo !== 'P' && c.Moneda === 'XXX')
    e.add('CFDI40113', 'Moneda', 'La moneda XXX solo se usa en comprobantes de pago.', 'CFDI40113');
  if (c.Moneda === 'MXN' && c.TipoCambio !== undefined && c.TipoCambio !== '1')
    e.add(
      'CFDI40114',
      'TipoCambio',
      'Cuando la moneda es MXN el TipoCambio debe omitirse o ser "1".',
      'CFDI40114',
    );
  if (c.Moneda !== 'MXN' && c.Moneda !== 'XXX' && c.TipoCambio === undefined)
    e.add(
      'CFDI40115',
      'TipoCambio',
      'El campo TipoCambio se debe registrar cuando la moneda no es MXN.',
      'CFDI40115',
    );
  if (c.Moneda === 'XXX' && c.TipoCambio !== undefined)
    e.add(
      'CFDI40116',
      'TipoCambio',
      'El campo TipoCambio no se debe registrar cuando la moneda es XXX.',
      'CFDI40116',
    );
  if (
    c.TipoCambio !== undefined &&
    (!/^[0-9]{1,18}(\.[0-9]{1,6})?$/.test(c.TipoCambio) ||
      new Decimal(c.TipoCambio).lessThan('0.000001'))
  )
    e.add(
      'CFDI40117',
      'TipoCambio',
      'El campo TipoCambio no cumple con el patrón requerido.',
      'CFDI40117',
    );
  if (tipo === 'P') d = 0;

  // Exportacion / LugarExpedicion
  if (!['01', '02', '03', '04'].includes(c.Exportacion))
    e.add(
      'CFDI40123',
      'Exportacion',
      'El campo Exportacion no contiene un valor del catálogo c_Exportacion.',
      'CFDI40123',
    );
  else if (c.Exportacion !== '01')
    e.add(
      c.Exportacion === '02' ? 'CFDI40122' : 'EXPORTACION_NO_SOPORTADA',
      'Exportacion',
      'Solo se admite Exportación 01 (No aplica); las demás requieren el complemento de Comercio Exterior.',
      'CFDI40122',
    );
  if (!/^[0-9]{5}$/.test(c.LugarExpedicion) || !cat.codigoPostal(c.LugarExpedicion))
    e.add(
      'CFDI40126',
      'LugarExpedicion',
      'El campo LugarExpedicion no contiene un valor del catálogo c_CodigoPostal.',
      'CFDI40126',
    );

  // InformacionGlobal (8.3)
  const publico = c.Receptor.Rfc === 'XAXX010101000' && c.Receptor.Nombre === 'PUBLICO EN GENERAL';
  const ig = c.InformacionGlobal;
  if (ig && !publico)
    e.add(
      'CFDI40130',
      'InformacionGlobal',
      'El campo Rfc del nodo receptor debe contener valor "XAXX010101000" y el valor del campo Nombre del nodo Receptor debe contener el valor "PUBLICO EN GENERAL".',
      'CFDI40130',
    );
  if (!ig && publico && tipo === 'I')
    e.add(
      'CFDI40130',
      'InformacionGlobal',
      'Una factura a PUBLICO EN GENERAL es una factura global y debe llevar el nodo InformacionGlobal.',
      'CFDI40130',
    );
  if (ig) {
    if (!['01', '02', '03', '04', '05'].includes(ig.Periodicidad))
      e.add(
        'CFDI40131',
        'InformacionGlobal.Periodicidad',
        'El campo Periodicidad no contiene un valor del catálogo c_Periodicidad.',
        'CFDI40131',
      );
    if (ig.Periodicidad === '05' && c.Emisor.RegimenFiscal !== '621')
      e.add(
        'CFDI40132',
        'InformacionGlobal.Periodicidad',
        'El campo RegimenFiscal, no contiene el valor 621.',
        'CFDI40132',
      );
    const mes = Number.parseInt(ig.Meses, 10);
    if (
      ig.Periodicidad === '05'
        ? !(mes >= 13 && mes <= 18) || ig.Meses.length !== 2
        : !(mes >= 1 && mes <= 12) || ig.Meses.length !== 2
    )
      e.add(
        ig.Periodicidad === '05' ? 'CFDI40135' : 'CFDI40134',
        'InformacionGlobal.Meses',
        ig.Periodicidad === '05'
          ? 'El campo Meses, no contiene alguno de los valores "13" … "18".'
          : 'El campo Meses, no contiene alguno de los valores "01" … "12".',
        ig.Periodicidad === '05' ? 'CFDI40135' : 'CFDI40134',
      );
    const anioRef = (fecha ?? c.Fecha).slice(0, 4);
    const anio = Number.parseInt(ig.Año, 10);
    const ref = Number.parseInt(anioRef, 10);
    if (!/^[0-9]{4}$/.test(ig.Año) || (anio !== ref && anio !== ref - 1))
      e.add(
        'CFDI40136',
        'InformacionGlobal.Año',
        'El campo Año, no es igual al año en curso o al año inmediato anterior.',
        'CFDI40136',
      );
  }

  // CfdiRelacionados (1.8)
  (c.CfdiRelacionados ?? []).forEach((rel, i) => {
    if (!['01', '02', '03', '04', '05', '06', '07'].includes(rel.TipoRelacion))
      e.add(
        'CFDI40137',
        `CfdiRelacionados[${i}].TipoRelacion`,
        'El campo TipoRelacion no contiene un valor del catálogo c_TipoRelacion.',
        'CFDI40137',
      );
    rel.CfdiRelacionado.forEach((u, j) => {
      if (!UUID.test(u.UUID))
        e.add(
          'UUID_INVALIDO',
          `CfdiRelacionados[${i}].CfdiRelacionado[${j}].UUID`,
          'El UUID relacionado no tiene el formato de un folio fiscal (36 caracteres).',
          'XSD cfdv40 CfdiRelacionado/@UUID',
        );
    });
  });
  return d;
}

/** SubTotal, Descuento and Total (rules 2.7, 4.2). */
export function reglasTotales(c: Comprobante, d: number | undefined, e: Errores): void {
  const tipo = c.TipoDeComprobante;
  const sub = num(c.SubTotal);
  const tot = num(c.Total);
  if (!sub)
    e.add('CFDI40107', 'SubTotal', 'El campo SubTotal no es un importe válido.', 'CFDI40107');
  if (!tot) e.add('CFDI40119', 'Total', 'El campo Total no es un importe válido.', 'XSD t_Importe');
  if (tipo === 'T' || tipo === 'P') {
    if (sub && !sub.isZero())
      e.add(
        tipo === 'P' ? 'CRP20103' : 'CFDI40109',
        'SubTotal',
        'El campo SubTotal debe ser 0.',
        'CFDI40109',
      );
    if (tot && !tot.isZero())
      e.add(
        tipo === 'P' ? 'CRP20110' : 'CFDI40119',
        'Total',
        'El campo Total debe ser 0.',
        'CRP20110',
      );
    if (c.Descuento !== undefined)
      e.add(
        tipo === 'P' ? 'CRP20108' : 'CFDI40111',
        'Descuento',
        'El campo Descuento no se debe registrar.',
        'CFDI40111',
      );
    return;
  }
  if (d === undefined || !sub || !tot) return;
  if (dec(c.SubTotal) > d)
    e.add(
      'CFDI40107',
      'SubTotal',
      'El valor del campo SubTotal excede la cantidad de decimales que soporta la moneda.',
      'CFDI40107',
    );
  if (dec(c.Total) > d)
    e.add(
      'TOTAL_DECIMALES',
      'Total',
      'El valor del campo Total excede la cantidad de decimales que soporta la moneda.',
      'Anexo 20 Total',
    );
  let suma = new Decimal(0);
  let sumaDesc = new Decimal(0);
  let hayDesc = false;
  for (const con of c.Conceptos) {
    const imp = num(con.Importe);
    if (!imp) return;
    suma = suma.plus(imp);
    if (con.Descuento !== undefined) {
      hayDesc = true;
      const dd = num(con.Descuento);
      if (!dd) return;
      sumaDesc = sumaDesc.plus(dd);
    }
  }
  if (!sub.equals(suma.toDecimalPlaces(d, Decimal.ROUND_HALF_UP)))
    e.add(
      'CFDI40108',
      'SubTotal',
      'El TipoDeComprobante es I,E o N, el importe registrado en el campo no es igual al redondeo de la suma de los importes de los conceptos registrados.',
      'CFDI40108',
    );
  const desc = num(c.Descuento);
  if (c.Descuento !== undefined && !desc)
    e.add('CFDI40112', 'Descuento', 'El campo Descuento no es un importe válido.', 'CFDI40112');
  if (desc) {
    if (dec(c.Descuento!) > d)
      e.add(
        'CFDI40112',
        'Descuento',
        'El valor del campo Descuento excede la cantidad de decimales que soporta la moneda.',
        'CFDI40112',
      );
    if (desc.greaterThan(sub))
      e.add(
        'CFDI40110',
        'Descuento',
        'El valor registrado en el campo Descuento no es menor o igual que el campo Subtotal.',
        'CFDI40110',
      );
  }
  if (
    hayDesc !== (c.Descuento !== undefined) ||
    (desc && !desc.equals(sumaDesc.toDecimalPlaces(d, Decimal.ROUND_HALF_UP)))
  )
    e.add(
      'CFDI40111',
      'Descuento',
      'El valor registrado en el campo Descuento no es igual a la suma de los atributos Descuento registrados en los conceptos.',
      'CFDI40111',
    );
  let esperado = sub.minus(desc ?? 0);
  const imp = c.Impuestos;
  const tt = num(imp?.TotalImpuestosTrasladados);
  const tr = num(imp?.TotalImpuestosRetenidos);
  if (tt) esperado = esperado.plus(tt);
  if (tr) esperado = esperado.minus(tr);
  const il = c.Complemento?.ImpuestosLocales;
  if (il) {
    const lt = num(il.TotaldeTraslados);
    const lr = num(il.TotaldeRetenciones);
    if (lt) esperado = esperado.plus(lt);
    if (lr) esperado = esperado.minus(lr);
  }
  if (!tot.equals(esperado))
    e.add(
      'CFDI40119',
      'Total',
      'El campo Total no corresponde con la suma del subtotal, menos los descuentos aplicables, más las contribuciones recibidas (impuestos trasladados - federales o locales, derechos, productos, aprovechamientos, aportaciones de seguridad social, contribuciones de mejoras) menos los impuestos retenidos y/o locales.',
      'CFDI40119',
    );
}

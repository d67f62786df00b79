import { Decimal } from '../../decimal.ts';
import type { Comprobante } from '../../xml/model.ts';
import type { CatalogosLookup } from '../catalogos-lookup.ts';
import type { Errores } from '../error-validacion.ts';
import { reglasInformacionGlobal } from './comprobante-informacion-global.ts';
import { vigente } from './util.ts';

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

  reglasFormaPago(c, cat, e, fecha);
  const d = reglasMoneda(c, cat, e, fecha);
  reglasExportacion(c, cat, e);
  reglasInformacionGlobal(c, e, fecha);
  reglasCfdiRelacionados(c, e);
  return d;
}

/** FormaPago and MetodoPago: absent in T, P and N; PPD with 99, PUE without it. */
function reglasFormaPago(
  c: Comprobante,
  cat: CatalogosLookup,
  e: Errores,
  fecha: string | undefined,
): void {
  const tipo = c.TipoDeComprobante;
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
}

/** Moneda and TipoCambio; answers the currency's decimals (0 for a CFDI de pago). */
function reglasMoneda(
  c: Comprobante,
  cat: CatalogosLookup,
  e: Errores,
  fecha: string | undefined,
): number | undefined {
  const tipo = c.TipoDeComprobante;
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
  return d;
}

/** Exportacion (only 01) and LugarExpedicion. */
function reglasExportacion(c: Comprobante, cat: CatalogosLookup, e: Errores): void {
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
}

/** CfdiRelacionados (1.8): TipoRelacion of the catalog, UUIDs of folio-fiscal form. */
function reglasCfdiRelacionados(c: Comprobante, e: Errores): void {
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
}

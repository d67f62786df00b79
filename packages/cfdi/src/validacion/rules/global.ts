import { periodoGlobal } from '../../calc/periodo-global.ts';
import { CONCEPTO_GLOBAL } from '../../catalogos.ts';
import { Decimal } from '../../decimal.ts';
import type { Comprobante } from '../../xml/model.ts';
import type { Errores } from '../error-validacion.ts';

const GUIA = 'Guía de llenado del CFDI global 4.0';

/** At most this many errors per concepto rule: a global of 5,000 wrong lines answers a readable list. */
const MAX_POR_REGLA = 20;

/**
 * Factura global (rules 8.2–8.4), for every CFDI de Ingreso that carries InformacionGlobal: whatever
 * screen it comes from, it goes out with PUE, one concepto per ticket (01010101, ACT, Cantidad 1,
 * "Venta", NoIdentificacion = folio de venta, each folio once), no withholdings, and a Fecha that is not
 * before its period starts. The receptor (XAXX010101000, PUBLICO EN GENERAL, 616, S01, CP =
 * LugarExpedicion) and Periodicidad/Meses/Año are checked by the emisor-receptor and comprobante
 * rules with their SAT codes (CFDI40130–CFDI40136, CFDI40149, CFDI40159, CFDI40161).
 */
export function reglasGlobal(c: Comprobante, e: Errores): void {
  const ig = c.InformacionGlobal;
  if (!ig || c.TipoDeComprobante !== 'I') return;
  if (c.MetodoPago !== 'PUE')
    e.add(
      'GLOBAL_METODO_PAGO',
      'MetodoPago',
      'La factura global se emite con método de pago PUE (pago en una sola exhibición).',
      GUIA,
    );
  const conteo = new Map<string, number>();
  const add = (code: string, field: string, message: string) => {
    const n = conteo.get(code) ?? 0;
    conteo.set(code, n + 1);
    if (n < MAX_POR_REGLA) e.add(code, field, message, GUIA);
  };
  const folios = new Set<string>();
  c.Conceptos.forEach((k, i) => {
    const p = `Conceptos[${i}]`;
    if (k.ClaveProdServ !== CONCEPTO_GLOBAL.ClaveProdServ)
      add(
        'GLOBAL_CLAVE_PROD_SERV',
        `${p}.ClaveProdServ`,
        'En la factura global cada venta lleva la clave de producto o servicio 01010101 (No existe en el catálogo).',
      );
    if (k.ClaveUnidad !== CONCEPTO_GLOBAL.ClaveUnidad)
      add(
        'GLOBAL_CLAVE_UNIDAD',
        `${p}.ClaveUnidad`,
        'En la factura global cada venta lleva la clave de unidad ACT (Actividad).',
      );
    if (!/^[0-9]+(\.[0-9]+)?$/.test(k.Cantidad) || !new Decimal(k.Cantidad).equals(1))
      add('GLOBAL_CANTIDAD', `${p}.Cantidad`, 'En la factura global cada venta lleva cantidad 1.');
    if (k.Descripcion !== CONCEPTO_GLOBAL.Descripcion)
      add(
        'GLOBAL_DESCRIPCION',
        `${p}.Descripcion`,
        'En la factura global la descripción de cada venta es "Venta".',
      );
    const folio = k.NoIdentificacion?.trim() ?? '';
    if (folio === '')
      add(
        'GLOBAL_NO_IDENTIFICACION',
        `${p}.NoIdentificacion`,
        'En la factura global cada venta lleva su folio de venta (número de ticket u operación) en NoIdentificacion.',
      );
    else if (folios.has(folio))
      add(
        'GLOBAL_FOLIO_REPETIDO',
        `${p}.NoIdentificacion`,
        `El folio de venta ${folio} aparece más de una vez en la factura global.`,
      );
    folios.add(folio);
    if (k.Impuestos?.Retenciones?.length)
      add(
        'GLOBAL_RETENCIONES',
        `${p}.Impuestos`,
        'Una factura global a público en general no lleva impuestos retenidos.',
      );
  });
  for (const [code, n] of conteo) {
    if (n > MAX_POR_REGLA)
      e.add(code, 'Conceptos', `… y ${n - MAX_POR_REGLA} ventas más con el mismo problema.`, GUIA);
  }
  const periodo = periodoGlobal(ig);
  const dia = (c.Fecha ?? '').slice(0, 10);
  if (periodo && /^\d{4}-\d{2}-\d{2}$/.test(dia) && dia < periodo.inicio)
    e.add(
      'GLOBAL_PERIODO_FUTURO',
      'InformacionGlobal.Meses',
      'La factura global no puede emitirse antes de que inicie el periodo de las ventas que ampara.',
      'CFDI40136; Guía de llenado del CFDI global 4.0',
    );
}

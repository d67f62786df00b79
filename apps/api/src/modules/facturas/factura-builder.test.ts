import { describe, expect, it } from 'vitest';
import {
  type ImpuestoFederal,
  esPublicoEnGeneralGlobal,
  ingresoDraft,
  type ContextoFactura,
} from './factura-builder.ts';
import {
  conflictoDeImpuestos,
  IMPUESTO_EXENTO_CON_OTROS,
  IMPUESTOS_REPETIDOS,
} from './conflicto-de-impuestos.ts';
import { diasEntre, fechaComprobante } from '../timbrado/fecha-comprobante.ts';
import { campoDelDraft } from './factura-previa.ts';
import type { FacturaDraft } from '@repo/contracts/facturas';

describe('fechaComprobante', () => {
  // 2026-03-10 18:30:05 UTC is 12:30:05 in Mexico City (UTC−6, no summer time since 2022).
  const instante = new Date('2026-03-10T18:30:05Z');
  it('is the moment of stamping in the zone of LugarExpedicion', () => {
    expect(fechaComprobante(null, instante, 'America/Mexico_City')).toBe('2026-03-10T12:30:05');
    expect(fechaComprobante('2026-03-10', instante, 'America/Mexico_City')).toBe(
      '2026-03-10T12:30:05',
    );
    expect(fechaComprobante(null, instante, 'America/Tijuana')).toBe('2026-03-10T11:30:05');
  });
  it('on an earlier chosen day keeps the time of day', () => {
    expect(fechaComprobante('2026-03-08', instante, 'America/Mexico_City')).toBe(
      '2026-03-08T12:30:05',
    );
  });
});

describe('helpers', () => {
  it('counts days between dates', () => {
    expect(diasEntre('2026-02-27', '2026-03-01')).toBe(2);
    expect(diasEntre('2026-03-01', '2026-03-01')).toBe(0);
  });
  it('names engine and validator paths after the draft fields', () => {
    expect(campoDelDraft('conceptos[2].cantidad')).toBe('partidas.2.cantidad');
    expect(campoDelDraft('Conceptos[0].ValorUnitario')).toBe('partidas.0.precio_unitario');
    expect(campoDelDraft('Conceptos[1].Impuestos.Traslados[0].Importe')).toBe('partidas.1');
    expect(campoDelDraft('tipoCambio')).toBe('tipo_cambio');
    expect(campoDelDraft('Receptor.UsoCFDI')).toBe('uso_cfdi');
    expect(campoDelDraft('InformacionGlobal.Año')).toBe('informacion_global');
  });
  it('público en general with InformacionGlobal is XAXX010101000 named PUBLICO EN GENERAL', () => {
    expect(
      esPublicoEnGeneralGlobal({ rfc: 'XAXX010101000', name_razon_social: 'publico  en general' }),
    ).toBe(true);
    expect(
      esPublicoEnGeneralGlobal({ rfc: 'XAXX010101000', name_razon_social: 'JUAN PEREZ' }),
    ).toBe(false);
    expect(
      esPublicoEnGeneralGlobal({ rfc: 'CACX7605101P8', name_razon_social: 'PUBLICO EN GENERAL' }),
    ).toBe(false);
  });
});

describe('conflictoDeImpuestos', () => {
  let id = 0;
  const imp = (
    tipo: ImpuestoFederal['tipo'],
    tax_type: ImpuestoFederal['tax_type'],
    tipo_factor: ImpuestoFederal['tipo_factor'],
    value: string | null,
  ): ImpuestoFederal => ({ id: ++id, tipo, tax_type, tipo_factor, value });
  const iva16 = imp('trasladado', 'IVA', 'Tasa', '0.160000');
  const iva8 = imp('trasladado', 'IVA', 'Tasa', '0.080000');
  const ivaExento = imp('trasladado', 'IVA', 'Exento', null);
  const iepsTasa = imp('trasladado', 'IEPS', 'Tasa', '0.265000');
  const iepsCuota = imp('trasladado', 'IEPS', 'Cuota', '0.352100');
  const ivaRet = imp('retenido', 'IVA', 'Tasa', '0.106667');
  const ivaRet4 = imp('retenido', 'IVA', 'Tasa', '0.040000');
  const isrRet = imp('retenido', 'ISR', 'Tasa', '0.100000');

  it('accepts what real sales carry', () => {
    expect(conflictoDeImpuestos([])).toBeNull();
    expect(conflictoDeImpuestos([iva16, iepsTasa, iepsCuota, ivaRet, isrRet])).toBeNull();
    expect(conflictoDeImpuestos([ivaExento])).toBeNull();
  });
  it('refuses one impuesto at two rates, Exento with a rate, two withholdings of one impuesto', () => {
    expect(conflictoDeImpuestos([iva16, iva8])).toEqual({
      campo: 'impuestos_trasladados',
      mensaje: IMPUESTOS_REPETIDOS,
    });
    expect(conflictoDeImpuestos([iva16, ivaExento])).toEqual({
      campo: 'impuestos_trasladados',
      mensaje: IMPUESTO_EXENTO_CON_OTROS,
    });
    expect(conflictoDeImpuestos([iva16, ivaRet, ivaRet4])).toEqual({
      campo: 'impuestos_retenidos',
      mensaje: IMPUESTOS_REPETIDOS,
    });
  });
});

describe('ingresoDraft', () => {
  it('stamps a client saved with "S.A. DE C.V." under its registered name (spec section 5)', () => {
    const ctx = {
      emisor: {
        rfc: 'EKU9003173C9',
        nombre: 'ESCUELA KEMPER URGATE',
        regimenFiscal: '601',
        codigoPostal: '42501',
      },
      zona: 'America/Mexico_City',
      client: {
        rfc: 'CNO010203AB1',
        name_razon_social: 'COMERCIAL DEL NORTE S.A. DE C.V.',
        regimenFiscal: '601',
        address: { codigo_postal: '64000' },
        pais: null,
      },
      serie: { id: 1, serie: 'F', folio: 1 },
      productos: new Map(),
      impuestos: new Map(),
      locales: new Map(),
    } as unknown as ContextoFactura;
    const draft = { cfdi_relacionados: [], partidas: [], moneda: 'MXN' } as unknown as FacturaDraft;
    expect(ingresoDraft(ctx, draft, { serie: 'F', folio: 1 }).receptor.nombre).toBe(
      'COMERCIAL DEL NORTE',
    );
  });
});

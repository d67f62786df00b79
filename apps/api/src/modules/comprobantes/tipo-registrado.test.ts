import { describe, expect, it, vi } from 'vitest';
import type * as Lista from '@repo/contracts/tipos-comprobante/lista';
import { NOTA_DE_DEBITO_DE_PRUEBA } from '@repo/contracts/tipos-comprobante/tipo-falso.test-support';
import type { ComprobanteType } from '@repo/contracts/comprobantes';
import { SERIE_KINDS } from '../../db/schema/series.ts';
import { DEFAULT_SERIES } from '../enterprises/default-configuration.ts';
import { rutaEnZip } from '../exportacion-zip/preparar-zip.ts';
import { comprobanteEmail } from './comprobante-email.ts';
import type { Entregable } from './comprobantes.service.ts';

// Architecture (decision 012): the API's generic parts (the e-mail's wording and gender, the
// default series, the ZIP folders, the series table's kinds) read the registered types, so a type
// added to the list is delivered right without editing any of them.
vi.mock('@repo/contracts/tipos-comprobante/lista', async (importOriginal) => {
  const { TIPOS_COMPROBANTE } = await importOriginal<typeof Lista>();
  const { NOTA_DE_DEBITO_DE_PRUEBA: nota } =
    await import('@repo/contracts/tipos-comprobante/tipo-falso.test-support');
  return { TIPOS_COMPROBANTE: [...TIPOS_COMPROBANTE, nota] };
});

const correo = (comprobanteType: string, serieFolio: string) =>
  comprobanteEmail({
    comprobanteType: comprobanteType as ComprobanteType,
    empresa: 'EMPRESA DE TIMBRADO',
    serieFolio,
    total: '1200.00',
    moneda: 'MXN',
    uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
    fecha: '2026-11-23T09:05:07',
    receptor: 'XOCHILT CASAS CHAVEZ',
    cancelado: false,
    pruebas: false,
    verificacionUrl: 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=x',
  });

describe('a document type registered only in the list', () => {
  it('is named in the e-mail with its own gender, as the registered types are', () => {
    const nota = correo('nota_debito', 'ND-1');
    expect(nota.subject).toBe('Nota de débito ND-1 de EMPRESA DE TIMBRADO — $ 1,200.00 MXN');
    expect(nota.text).toContain(
      'EMPRESA DE TIMBRADO le envía la nota de débito ND-1 emitida a XOCHILT CASAS CHAVEZ.',
    );
    expect(correo('complemento_pago', 'P-3').text).toContain(
      'le envía el complemento de pago P-3 emitido a XOCHILT CASAS CHAVEZ.',
    );
    expect(correo('factura_global', 'G-2').text).toContain(
      'le envía la factura global G-2 emitida a XOCHILT CASAS CHAVEZ.',
    );
  });

  it('starts with its serie and has its serie kind', () => {
    expect(DEFAULT_SERIES.map((s) => s.serie).slice(0, 3)).toEqual(['A', 'G', 'P']);
    expect(DEFAULT_SERIES.at(-1)).toEqual({ kind: 'notas-debito', serie: 'ND' });
    expect(SERIE_KINDS).toContain(NOTA_DE_DEBITO_DE_PRUEBA.serie.kind);
  });

  it("goes to its own folder of a period's ZIP", () => {
    const e = {
      type: 'nota_debito',
      cfdi: { Emisor: { Rfc: 'EKU9003173C9' } },
      serieFolio: 'ND-1',
      uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
    } as unknown as Entregable;
    expect(rutaEnZip(e, 'xml')).toBe(
      'Notas de débito/EKU9003173C9_ND-1_5FB2822E-396D-4725-8521-CDC4BDD20CCF.xml',
    );
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogosDePrueba } from '../../../cfdi/test/catalogos-de-prueba.ts';
import { PacRechazoError } from '../errors.ts';
import type { Comprobante } from '@repo/cfdi/xml';
import type { CancelarInput, Timbre } from '../pac.ts';
import { cfdiSellado, csdDePrueba, csdEku, EKU, ingresoDraft } from '../../test/cfdi-de-prueba.ts';
import { SandboxPac, type SandboxPacOptions } from './sandbox-pac.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-pac-cancel-'));
const HORA = 3600_000;
const LUNES = new Date('2026-03-02T16:00:00Z'); // Monday 10:00 Zona Centro

function escenario(over: Partial<SandboxPacOptions> = {}) {
  let ahora = LUNES;
  const pac = new SandboxPac({
    dataDir,
    catalogos: catalogosDePrueba,
    clock: () => ahora,
    validarEsquema: false,
    ...over,
  });
  return {
    pac,
    mover: (ms: number) => {
      ahora = new Date(ahora.getTime() + ms);
    },
    fijar: (d: Date) => {
      ahora = d;
    },
    ahora: () => ahora,
  };
}

const csd = () => ({ certificado: csdEku().cer, llave: csdEku().llave });

function cancelar(t: Timbre, over: Partial<CancelarInput> = {}): CancelarInput {
  return { uuid: t.uuid, rfcEmisor: EKU.rfc, motivo: '02', csd: csd(), ...over };
}

const estado = (pac: SandboxPac, t: Timbre, total = '5800.00') =>
  pac.consultarEstado({
    uuid: t.uuid,
    rfcEmisor: EKU.rfc,
    rfcReceptor: 'CACX7605101P8',
    total,
  });

async function codigo(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(PacRechazoError);
    return (e as PacRechazoError).codigo;
  }
  throw new Error('se esperaba un rechazo');
}

async function timbrada(
  e: ReturnType<typeof escenario>,
  cambiar?: (c: Comprobante) => void,
  draft = ingresoDraft(),
) {
  return e.pac.timbrar(cfdiSellado(e.ahora(), { draft, ...(cambiar ? { cambiar } : {}) }), {
    idempotencyKey: `k-${Math.random()}`,
  });
}

describe('SandboxPac cancellation (rules §9) on an injectable clock', () => {
  it('status of a fresh CFDI: Vigente, cancellable without acceptance until the end of the next business day', async () => {
    const e = escenario();
    const t = await timbrada(e);
    const s = await estado(e.pac, t);
    expect(s).toMatchObject({
      codigoEstatus: 'S - Comprobante obtenido satisfactoriamente.',
      estado: 'Vigente',
      esCancelable: 'Cancelable sin aceptación',
      estatusCancelacion: '',
    });
    e.fijar(new Date('2026-03-04T05:59:59Z')); // Tuesday 23:59:59 Zona Centro
    expect((await estado(e.pac, t)).esCancelable).toBe('Cancelable sin aceptación');
    e.fijar(new Date('2026-03-04T06:00:00Z')); // Wednesday 00:00
    expect((await estado(e.pac, t)).esCancelable).toBe('Cancelable con aceptación');
  });

  it('unknown UUID or a wrong expression: No Encontrado, 602', async () => {
    const e = escenario();
    const t = await timbrada(e);
    expect((await estado(e.pac, t, '5800.01')).estado).toBe('No Encontrado');
    const n = await e.pac.consultarEstado({
      uuid: '6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C',
      rfcEmisor: EKU.rfc,
      rfcReceptor: 'CACX7605101P8',
      total: '1',
    });
    expect(n.codigoEstatus).toBe('N - 602: Comprobante no encontrado.');
  });

  it('direct cancellation within the next business day: 201, Cancelado sin aceptación; again → 202', async () => {
    const e = escenario();
    const t = await timbrada(e);
    e.mover(20 * HORA);
    const r = await e.pac.cancelar(cancelar(t));
    expect(r.codigoEstatus).toBe('201');
    expect(r.acuse).toContain(`<UUID>${t.uuid}</UUID><EstatusUUID>201</EstatusUUID>`);
    expect(await estado(e.pac, t)).toMatchObject({
      estado: 'Cancelado',
      estatusCancelacion: 'Cancelado sin aceptación',
    });
    expect((await e.pac.cancelar(cancelar(t))).codigoEstatus).toBe('202');
  });

  it('total ≤ 1000 MXN and público en general are cancelled without acceptance at any time', async () => {
    const e = escenario();
    const chica = await timbrada(
      e,
      (c: Comprobante) => {
        c.Folio = '99';
      },
      ingresoDraft({
        conceptos: [
          {
            claveProdServ: '80101500',
            cantidad: '1',
            claveUnidad: 'E48',
            descripcion: 'Asesoría',
            valorUnitario: '862.07',
            impuestos: [
              { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' },
            ],
          },
        ],
      }),
    );
    e.mover(10 * 24 * HORA);
    const r = await e.pac.cancelar(cancelar(chica));
    expect(r.estado?.estatusCancelacion).toBe('Cancelado sin aceptación');
  });

  it('egresos, and ingresos whose Total × TipoCambio ≤ 1000 MXN, are cancelled without acceptance; above it they need it', async () => {
    const e = escenario();
    const egreso = await timbrada(e, (c) => {
      // A credit note as the Guía de llenado asks (relation 01, UsoCFDI G02), the engine's rules.
      c.TipoDeComprobante = 'E';
      c.Folio = 'E1';
      c.Receptor.UsoCFDI = 'G02';
      c.CfdiRelacionados = [
        { TipoRelacion: '01', CfdiRelacionado: [{ UUID: '5FB2822E-396D-4725-8521-CDC4BDD20CCF' }] },
      ];
    });
    const usd = (valorUnitario: string, folio: string) =>
      timbrada(
        e,
        (c) => {
          c.Folio = folio;
        },
        ingresoDraft({
          moneda: 'USD',
          tipoCambio: '17.50',
          conceptos: [
            {
              claveProdServ: '80101500',
              cantidad: '1',
              claveUnidad: 'E48',
              descripcion: 'Asesoría',
              valorUnitario,
              impuestos: [
                { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' },
              ],
            },
          ],
        }),
      );
    const chica = await usd('49.00', 'U1'); // 56.84 USD × 17.50 = 994.70 MXN
    const grande = await usd('50.00', 'U2'); // 58.00 USD × 17.50 = 1015.00 MXN
    e.mover(10 * 24 * HORA);
    const status = (t: Timbre) =>
      e.pac.consultarEstado({
        uuid: t.uuid,
        rfcEmisor: EKU.rfc,
        rfcReceptor: 'CACX7605101P8',
        total: /\sTotal="([^"]+)"/.exec(t.xml.slice(t.xml.indexOf('<cfdi:Comprobante')))![1]!,
      });
    expect((await status(egreso)).esCancelable).toBe('Cancelable sin aceptación');
    expect((await status(chica)).esCancelable).toBe('Cancelable sin aceptación');
    expect((await status(grande)).esCancelable).toBe('Cancelable con aceptación');
  });

  it('after the next business day: En proceso until the receiver accepts → Cancelado con aceptación', async () => {
    const e = escenario();
    const t = await timbrada(e);
    e.mover(3 * 24 * HORA);
    const r = await e.pac.cancelar(cancelar(t));
    expect(r.codigoEstatus).toBe('201');
    expect(await estado(e.pac, t)).toMatchObject({
      estado: 'Vigente',
      esCancelable: 'Cancelable con aceptación',
      estatusCancelacion: 'En proceso',
    });
    expect((await e.pac.cancelar(cancelar(t))).codigoEstatus).toBe('202');
    expect(
      await codigo(
        e.pac.responderComoReceptor({
          uuid: t.uuid,
          rfcReceptor: EKU.rfc,
          respuesta: 'Aceptacion',
        }),
      ),
    ).toBe('1003');
    const a = await e.pac.responderComoReceptor({
      uuid: t.uuid,
      rfcReceptor: 'CACX7605101P8',
      respuesta: 'Aceptacion',
    });
    expect(a.codigo).toBe('1000');
    expect(await estado(e.pac, t)).toMatchObject({
      estado: 'Cancelado',
      estatusCancelacion: 'Cancelado con aceptación',
    });
    expect(
      await codigo(
        e.pac.responderComoReceptor({
          uuid: t.uuid,
          rfcReceptor: 'CACX7605101P8',
          respuesta: 'Rechazo',
        }),
      ),
    ).toBe('1002');
  });

  it('receiver rejects → Vigente / Solicitud rechazada, and a new request may be sent', async () => {
    const e = escenario();
    const t = await timbrada(e);
    e.mover(3 * 24 * HORA);
    await e.pac.cancelar(cancelar(t));
    await e.pac.responderComoReceptor({
      uuid: t.uuid,
      rfcReceptor: 'CACX7605101P8',
      respuesta: 'Rechazo',
    });
    expect(await estado(e.pac, t)).toMatchObject({
      estado: 'Vigente',
      estatusCancelacion: 'Solicitud rechazada',
    });
    expect((await e.pac.cancelar(cancelar(t))).codigoEstatus).toBe('201');
    expect((await estado(e.pac, t)).estatusCancelacion).toBe('En proceso');
  });

  it('silence for 3 business days (weekend and holidays skipped) → Cancelado / Plazo vencido', async () => {
    const e = escenario({ feriados: ['2026-03-16'] });
    const t = await timbrada(e);
    e.fijar(new Date('2026-03-12T18:00:00Z')); // Thursday 12:00: Fri 13, (Mon 16 holiday), Tue 17, Wed 18 → deadline end of Wed 18
    await e.pac.cancelar(cancelar(t));
    e.fijar(new Date('2026-03-19T05:59:59Z')); // Wednesday 23:59:59
    expect((await estado(e.pac, t)).estatusCancelacion).toBe('En proceso');
    e.fijar(new Date('2026-03-19T06:00:00Z'));
    expect(await estado(e.pac, t)).toMatchObject({
      estado: 'Cancelado',
      estatusCancelacion: 'Plazo vencido',
    });
  });

  it('a configured receiver policy answers at once', async () => {
    const e = escenario({ respuestaReceptor: () => 'rechazar' });
    const t = await timbrada(e);
    e.mover(3 * 24 * HORA);
    const r = await e.pac.cancelar(cancelar(t));
    expect(r.estado?.estatusCancelacion).toBe('Solicitud rechazada');
  });

  it('rejections: 205 unknown UUID, 203 other emisor or certificate, 207 motivo rules, 208 past the deadline', async () => {
    const e = escenario();
    const t = await timbrada(e);
    expect(
      await codigo(e.pac.cancelar(cancelar(t, { uuid: '6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C' }))),
    ).toBe('205');
    const otro = csdDePrueba(
      { rfc: 'XIQB891116QE4', nombre: 'BERENICE XIMO QUEZADA', validFrom: new Date('2020-01-01') },
      'XIQB',
    );
    expect(
      await codigo(
        e.pac.cancelar(cancelar(t, { csd: { certificado: otro.cer, llave: otro.llave } })),
      ),
    ).toBe('203');
    expect(
      await codigo(
        e.pac.cancelar(
          cancelar(t, {
            rfcEmisor: 'XIQB891116QE4',
            csd: { certificado: otro.cer, llave: otro.llave },
          }),
        ),
      ),
    ).toBe('203');
    expect(await codigo(e.pac.cancelar(cancelar(t, { motivo: '01' })))).toBe('207');
    expect(
      await codigo(
        e.pac.cancelar(cancelar(t, { folioSustitucion: '6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C' })),
      ),
    ).toBe('207');
    expect(await codigo(e.pac.cancelar(cancelar(t, { motivo: '05' as '01' })))).toBe('207');
    e.fijar(new Date('2027-04-01T06:00:00Z')); // 1 April 2027 00:00: personas morales had until 31 March
    expect(await codigo(e.pac.cancelar(cancelar(t)))).toBe('208');
  });

  it('205 while the SAT does not know a fresh UUID yet (propagation delay), then it cancels', async () => {
    const e = escenario({ retrasoPropagacionMs: 10 * 60_000 });
    const t = await timbrada(e);
    e.mover(5 * 60_000);
    expect(await codigo(e.pac.cancelar(cancelar(t)))).toBe('205');
    e.mover(5 * 60_000);
    expect((await e.pac.cancelar(cancelar(t))).codigoEstatus).toBe('201');
  });

  it('No cancelable while a vigente CFDI relates to it (01 nota de crédito); 04 sustitución does not block; cancellable once the related one is cancelled', async () => {
    const e = escenario();
    const original = await timbrada(e);
    const relacion = (tipo: string) => (c: Comprobante) => {
      c.Folio = `R${tipo}`;
      c.CfdiRelacionados = [{ TipoRelacion: tipo, CfdiRelacionado: [{ UUID: original.uuid }] }];
    };
    await timbrada(e, relacion('04'));
    expect((await estado(e.pac, original)).esCancelable).toBe('Cancelable sin aceptación');
    const nota = await timbrada(e, relacion('01'));
    expect((await estado(e.pac, original)).esCancelable).toBe('No cancelable');
    expect(await codigo(e.pac.cancelar(cancelar(original)))).toBe('no_cancelable');
    await e.pac.cancelar(cancelar(nota));
    expect((await e.pac.cancelar(cancelar(original))).codigoEstatus).toBe('201');
  });

  it('motivo 01 as a real PAC: the FolioSustitucion must be stamped, in force and relate the original with 04', async () => {
    const e = escenario();
    const original = await timbrada(e);
    const relacion = (tipo: string, folio: string) => (c: Comprobante) => {
      c.Folio = folio;
      c.CfdiRelacionados = [{ TipoRelacion: tipo, CfdiRelacionado: [{ UUID: original.uuid }] }];
    };
    const con01 = (folio: string) => cancelar(original, { motivo: '01', folioSustitucion: folio });
    // unknown to the SAT
    expect(await codigo(e.pac.cancelar(con01('6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C')))).toBe('207');
    // stamped, but it relates the original as a credit note (01), not as its substitute
    const nota = await timbrada(e, relacion('07', 'N7'));
    expect(await codigo(e.pac.cancelar(con01(nota.uuid)))).toBe('207');
    // relates with 04 but is itself cancelled
    const cancelado = await timbrada(e, relacion('04', 'S1'));
    await e.pac.cancelar(cancelar(cancelado));
    expect(await codigo(e.pac.cancelar(con01(cancelado.uuid)))).toBe('207');
    await e.pac.cancelar(cancelar(nota));
    expect((await estado(e.pac, original)).estado).toBe('Vigente');
    const sustituto = await timbrada(e, relacion('04', 'S2'));
    const r = await e.pac.cancelar(con01(sustituto.uuid));
    expect(r.codigoEstatus).toBe('201');
    expect(r.estado?.estado).toBe('Cancelado');
  });
});

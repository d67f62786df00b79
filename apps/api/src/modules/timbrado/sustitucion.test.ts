import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fechaLocal } from '@repo/cfdi/xml';
import { PacNoDisponibleError, type SandboxPac } from '@repo/pac';
import type { AvisoCancelacion } from '@repo/contracts/comprobantes';
import type { TestApp } from '../../test/build-test-app.ts';
import { pagoBody, satOk } from '../complementos-pago/complementos-pago.test-support.ts';
import { api, basico, crearCliente, seedFacturador } from '../facturas/facturas.test-support.ts';
import {
  appConReloj,
  GLOBALES,
  reloj,
  seedTienda,
  solicitud,
} from '../facturas-globales/facturas-globales.test-support.ts';
import { createSerie } from '../series/series.service.ts';
import { crearRecuperacion } from './recuperacion.ts';
import { findComprobante } from './timbrado.queries.ts';

const V40 = '/api/facturacion/V40';
const clock = reloj('2026-02-03T17:00:00Z'); // Tuesday 11:00 Zona Centro
let t: TestApp & { cerrar(): Promise<void> };

beforeAll(async () => {
  t = await appConReloj(clock);
});
afterAll(async () => {
  await t.cerrar();
});

/** An invoice stamped to a client whose RFC was typed wrong, and the client as it should be. */
async function facturaConRfcErroneo() {
  const e = await seedFacturador(t, { credits: 10, now: clock.now() });
  const { draft } = await basico(t, e);
  const erroneo = await crearCliente(t, e, {
    name_razon_social: 'BERENICE XIMO QUEZADA',
    rfc: 'XIQB891116QE4',
    regimenFiscal: '612',
    usoCfdi: 'G03',
    codigo_postal: '10740',
  });
  const res = await api(t, e, 'POST', `${V40}/facturas-ingreso`, draft({ client_id: erroneo }));
  expect(res.statusCode, res.body).toBe(200);
  const original = res.json().data.factura as { id: number; uuid: string };
  return { e, draft, original };
}

async function comprobante(enterpriseId: number, id: number) {
  const row = await findComprobante(t.deps.db, enterpriseId, id);
  if (!row) throw new Error(`no comprobante ${id}`);
  return row;
}

/** Its relations as the stamped XML carries them. */
async function relaciones(enterpriseId: number, id: number) {
  return (await satOk(t, enterpriseId, id)).CfdiRelacionados;
}

describe('Sustituir: the substitute stamped with relation 04, then the original cancelled with 01', () => {
  it('an invoice with a wrong RFC: the substitute is SAT-valid, relates 04 and the original is cancelled with 01 and its UUID', async () => {
    const { e, draft, original } = await facturaConRfcErroneo();
    // draft() is the same invoice to the right client (CACX7605101P8)
    const res = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso?sustituye=${original.id}`,
      draft(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const sustituto = res.json().data.factura as { id: number; uuid: string };
    expect(await relaciones(e.enterpriseId, sustituto.id)).toEqual([
      { TipoRelacion: '04', CfdiRelacionado: [{ UUID: original.uuid.toUpperCase() }] },
    ]);
    const o = await comprobante(e.enterpriseId, original.id);
    expect(o).toMatchObject({
      status: 'cancelada',
      motivo_cancelacion: '01',
      folio_sustitucion: sustituto.uuid.toUpperCase(),
      estatus_cancelacion: 'Cancelado sin aceptación',
    });
    const aviso = await api(t, e, 'GET', `/api/comprobantes/v40/${sustituto.id}/cancelacion`);
    expect((aviso.json().data as AvisoCancelacion).sustitucion).toMatchObject({
      rol: 'sustituto',
      estado: 'solicitada',
      original: { id: original.id },
    });
    // An original already replaced cannot be substituted again: nothing is stamped.
    const otra = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso?sustituye=${original.id}`,
      draft(),
    );
    expect(otra.statusCode).toBe(409);
    expect(otra.json().dataError).toBe(
      'Solo se puede sustituir un comprobante timbrado y vigente.',
    );
  });

  it('a PAC failure between the two steps leaves the original in force with a pending substitution that the recovery job completes', async () => {
    const { e, draft, original } = await facturaConRfcErroneo();
    const pac = t.deps.pac as SandboxPac;
    const cancelar = vi
      .spyOn(pac, 'cancelar')
      .mockRejectedValueOnce(new PacNoDisponibleError('TIMEOUT', 'sin respuesta', ''));
    const res = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso?sustituye=${original.id}`,
      draft(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(cancelar).toHaveBeenCalledTimes(1);
    const sustituto = res.json().data.factura as { id: number; uuid: string };
    expect(await comprobante(e.enterpriseId, original.id)).toMatchObject({
      status: 'timbrada',
      motivo_cancelacion: '',
    });
    const aviso = await api(t, e, 'GET', `/api/comprobantes/v40/${original.id}/cancelacion`);
    expect((aviso.json().data as AvisoCancelacion).sustitucion).toMatchObject({
      rol: 'original',
      estado: 'pendiente',
      sustituto: { id: sustituto.id },
    });
    expect((aviso.json().data as AvisoCancelacion).sustitucion?.ultimo_error).toMatch(
      /El PAC no respondió/,
    );
    // A second substitute while this one waits is refused (the original would be replaced twice).
    const otra = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso?sustituye=${original.id}`,
      draft(),
    );
    expect(otra.statusCode).toBe(409);
    // The recovery job, once the backoff has passed, cancels the original with motivo 01.
    const recuperacion = crearRecuperacion({
      ...t.deps,
      now: () => new Date(clock.now().getTime() + 10 * 60_000),
    });
    expect(await recuperacion.pasada()).toBeGreaterThanOrEqual(1);
    cancelar.mockRestore();
    expect(await comprobante(e.enterpriseId, original.id)).toMatchObject({
      status: 'cancelada',
      motivo_cancelacion: '01',
      folio_sustitucion: sustituto.uuid.toUpperCase(),
    });
  });

  it('the original is never cancelled while its substitute has no stamp; the job stamps it, then cancels the original', async () => {
    const { e, draft, original } = await facturaConRfcErroneo();
    const pac = t.deps.pac as SandboxPac;
    pac.inyectarFalla('antes-de-timbrar');
    const res = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso?sustituye=${original.id}`,
      draft(),
    );
    expect(res.statusCode).toBe(503);
    const ahora = clock.now().getTime();
    // Before the substitute's resend is due, a pass of the substitutions touches nothing.
    const temprano = crearRecuperacion({ ...t.deps, now: () => new Date(ahora + 60_000) });
    await temprano.pasada();
    expect((await comprobante(e.enterpriseId, original.id)).status).toBe('timbrada');
    const tarde = crearRecuperacion({ ...t.deps, now: () => new Date(ahora + 10 * 60_000) });
    await tarde.pasada();
    const o = await comprobante(e.enterpriseId, original.id);
    expect(o).toMatchObject({ status: 'cancelada', motivo_cancelacion: '01' });
    const s = await api(t, e, 'GET', `/api/comprobantes/v40/${original.id}/cancelacion`);
    const sus = (s.json().data as AvisoCancelacion).sustitucion!;
    expect((await comprobante(e.enterpriseId, sus.sustituto.id)).uuid?.toUpperCase()).toBe(
      o.folio_sustitucion,
    );
  });

  it('a payment complement: the substitute pays the same balance, relates 04, and the original payment is cancelled with 01', async () => {
    const e = await seedFacturador(t, { credits: 10, now: clock.now() });
    const { draft } = await basico(t, e);
    const serie = await createSerie(t.deps.db, e.enterpriseId, {
      kind: 'recepcion-pagos',
      serie: 'P',
      folio: 1,
    });
    const ppd = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso`,
      draft({ metodo_pago: 'PPD', forma_pago: '99' }),
    );
    expect(ppd.statusCode, ppd.body).toBe(200);
    const factura = ppd.json().data.factura as { id: number; total: string };
    const cobrador = { ...e, seriePagosId: serie.id, clientId: 0, productId: 0 };
    const payment_date = fechaLocal(clock.now(), 'America/Mexico_City').replace('T', ' ');
    const pago = await api(
      t,
      e,
      'POST',
      `${V40}/complemento-pago`,
      pagoBody(cobrador, factura.id, Number(factura.total), { payment_date }),
    );
    expect(pago.statusCode, pago.body).toBe(200);
    const original = pago.json().data.data.comprobante as { id: number; uuid: string };
    // The same payment made by transfer (03), not in cash (01).
    const body = pagoBody(cobrador, factura.id, Number(factura.total), {
      forma_pago: '03',
      payment_date,
    });
    const res = await api(t, e, 'POST', `${V40}/complemento-pago?sustituye=${original.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data.data as {
      comprobante: { id: number; uuid: string };
      documento_relacionado: { num_parcialidad: number; importe_saldo_anterior: string };
    };
    expect(item.documento_relacionado.num_parcialidad).toBe(1);
    expect(Number(item.documento_relacionado.importe_saldo_anterior)).toBe(Number(factura.total));
    expect(await relaciones(e.enterpriseId, item.comprobante.id)).toEqual([
      { TipoRelacion: '04', CfdiRelacionado: [{ UUID: original.uuid.toUpperCase() }] },
    ]);
    expect(await comprobante(e.enterpriseId, original.id)).toMatchObject({
      status: 'cancelada',
      motivo_cancelacion: '01',
      folio_sustitucion: item.comprobante.uuid.toUpperCase(),
    });
    // The invoice now has one payment in force, the substitute: a PPD invoice with payments cannot
    // be substituted, and the cancel dialog names the payment to cancel first.
    const aviso = await api(t, e, 'GET', `/api/comprobantes/v40/${factura.id}/cancelacion`);
    expect((aviso.json().data as AvisoCancelacion).cancelar_primero).toMatchObject([
      { id: item.comprobante.id, tipo: 'P', factura_id: factura.id },
    ]);
    const sust = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso?sustituye=${factura.id}`,
      draft(),
    );
    expect(sust.statusCode).toBe(409);
    expect(sust.json().dataError).toMatch(
      /^El comprobante tiene complementos de pago vigentes: P-2/,
    );
  });

  it('a global invoice: the substitute takes the same period, relates 04, and the original is cancelled with 01', async () => {
    const e = await seedTienda(t, clock, { credits: 4 });
    const primera = await api(t, e, 'POST', GLOBALES, solicitud(e));
    expect(primera.statusCode, primera.body).toBe(200);
    const original = primera.json().data as { id: number; uuid: string };
    // Without Sustituir the period is taken.
    const otra = await api(t, e, 'POST', GLOBALES, solicitud(e, { formaPago: '03' }));
    expect(otra.statusCode).toBe(409);
    const res = await api(
      t,
      e,
      'POST',
      `${GLOBALES}?sustituye=${original.id}`,
      solicitud(e, { formaPago: '03' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const sustituta = res.json().data as { id: number; uuid: string };
    expect(await relaciones(e.enterpriseId, sustituta.id)).toEqual([
      { TipoRelacion: '04', CfdiRelacionado: [{ UUID: original.uuid.toUpperCase() }] },
    ]);
    expect(await comprobante(e.enterpriseId, original.id)).toMatchObject({
      status: 'cancelada',
      motivo_cancelacion: '01',
      folio_sustitucion: sustituta.uuid.toUpperCase(),
      estatus_cancelacion: 'Cancelado sin aceptación',
    });
    // A global invoice cannot be substituted by an income invoice of another serie kind.
    const { draft } = await basico(t, e);
    const mal = await api(
      t,
      e,
      'POST',
      `${V40}/facturas-ingreso?sustituye=${sustituta.id}`,
      draft(),
    );
    expect(mal.statusCode).toBe(409);
  });
});

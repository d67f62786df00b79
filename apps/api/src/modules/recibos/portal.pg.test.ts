import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MENSAJES, type ReciboResponse } from '@repo/contracts/recibos';
import { consulta } from '../../db/consulta.ts';
import { withTransaction } from '../../db/transaction.ts';
import type { Mailer } from '../../email/mailer.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { getBalance } from '../credits/credits.service.ts';
import { api, crearProducto, seedFacturador } from '../facturas/facturas.test-support.ts';
import { reclamarParaPortal, soltarReclamo } from './portal-reclamo.queries.ts';

// PostgreSQL only: PGlite has a single connection, so it cannot show two customers racing. Three
// customers invoice the same ticket at the same instant: exactly one invoice is stamped.

const enviados: string[][] = [];
const mailer: Mailer = {
  send: async (m) => {
    enviados.push(([] as string[]).concat(m.to));
    return { messageId: `<${enviados.length}@prueba>` };
  },
};
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ mailer });
  // A PAC that takes a second and a half to answer, as a real one may: the three customers are
  // all past the ticket's checks while the first one's invoice is being stamped.
  const pac = t.deps.pac;
  const timbrar = pac.timbrar.bind(pac);
  pac.timbrar = async (xml, options) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return timbrar(xml, options);
  };
});
afterAll(() => t.close());

const CLIENTES = [
  { rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ', email: 'xochilt@example.com' },
  { rfc: 'XIQB891116QE4', nombre: 'BERENICE XIMO QUEZADA', email: 'berenice@example.com' },
  { rfc: 'PEMJ800101AB1', nombre: 'JUAN PEREZ MARTINEZ', email: 'juan@example.com' },
];

describe.runIf(process.env.TEST_DATABASE_URL)('the portal on PostgreSQL', () => {
  it('three customers self-invoicing one ticket at once: one invoice, two clear refusals, one credit', async () => {
    const e = await seedFacturador(t, { credits: 5 });
    const producto = await crearProducto(t, e, { description: 'Comida corrida', price: '150' });
    const res = await api(t, e, 'POST', `/api/recibos/${e.enterpriseId}`, {
      forma_pago: '01',
      partidas: [
        {
          product_service_id: producto,
          cantidad: '2',
          precio_unitario: '150',
          impuestos_trasladados: [e.taxes.iva16],
        },
      ],
    });
    const r: ReciboResponse = res.json().data;
    const slug = new URL(r.url_portal).pathname.split('/').pop()!;
    const antes = await getBalance(t.deps.db, e.enterpriseId);

    const respuestas = await Promise.all(
      CLIENTES.map((c, i) =>
        t.app.inject({
          method: 'POST',
          // Each customer from their own phone (the portal's limits count per address, and this
          // database is shared by every run)
          remoteAddress: `127.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${i + 1}`,
          url: `/api/portal/${slug}/facturar`,
          payload: {
            codigo: r.codigo,
            total: r.total,
            rfc: c.rfc,
            nombre: c.nombre,
            codigo_postal: '10740',
            regimen_fiscal: '612',
            uso_cfdi: 'G03',
            email: c.email,
          },
        }),
      ),
    );
    const ganadoras = respuestas.filter((x) => x.statusCode === 201);
    expect(ganadoras, respuestas.map((x) => x.body).join('\n')).toHaveLength(1);
    const perdedoras = respuestas.filter((x) => x.statusCode !== 201);
    for (const p of perdedoras) {
      expect(p.statusCode).toBe(409);
      expect([PORTAL_MENSAJES.enProceso, PORTAL_MENSAJES.yaFacturado]).toContain(
        p.json().dataError,
      );
    }
    const ganador = CLIENTES[respuestas.findIndex((x) => x.statusCode === 201)]!;

    // One stamped invoice, to the winner; the receipt points at it; one credit spent
    const facturas = await consulta<{ id: number; rfc_receptor: string; status: string }>(
      t.deps.db,
      `select id, rfc_receptor, status from comprobantes
        where enterprise_id = $1 and status in ('sellada', 'timbrada')`,
      [e.enterpriseId],
    );
    expect(facturas.map((f) => [f.rfc_receptor, f.status])).toEqual([[ganador.rfc, 'timbrada']]);
    const [recibo] = await consulta<{ estado: string; comprobante_id: number }>(
      t.deps.db,
      'select estado, comprobante_id from recibos where enterprise_id = $1 and id = $2',
      [e.enterpriseId, r.id],
    );
    expect(recibo).toEqual({ estado: 'facturado', comprobante_id: facturas[0]!.id });
    expect(await getBalance(t.deps.db, e.enterpriseId)).toBe(antes - 1);
    // Only the winner got an invoice by e-mail
    expect(enviados.flat().filter((to) => CLIENTES.some((c) => c.email === to))).toEqual([
      ganador.email,
    ]);
  });

  it('the claim itself: of three at once exactly one wins; released, it can be taken again', async () => {
    const e = await seedFacturador(t, { credits: 1 });
    const producto = await crearProducto(t, e, { description: 'Agua natural', price: '20' });
    const res = await api(t, e, 'POST', `/api/recibos/${e.enterpriseId}`, {
      forma_pago: '01',
      partidas: [{ product_service_id: producto, cantidad: '1', precio_unitario: '20' }],
    });
    const id: number = res.json().data.id;
    const reclamos = await Promise.all(
      [1, 2, 3].map(() =>
        withTransaction(t.deps.db, (tx) => reclamarParaPortal(tx, e.enterpriseId, id)),
      ),
    );
    expect(reclamos.filter(Boolean)).toHaveLength(1);
    expect(
      await withTransaction(t.deps.db, (tx) => reclamarParaPortal(tx, e.enterpriseId, id)),
    ).toBe(false);
    await soltarReclamo(t.deps.db, e.enterpriseId, id);
    expect(
      await withTransaction(t.deps.db, (tx) => reclamarParaPortal(tx, e.enterpriseId, id)),
    ).toBe(true);
  });
});

/**
 * The requests the lists benchmark times: each list and search screen of the largest enterprise,
 * with every filter it offers, as the SPA sends them.
 */
import type pg from 'pg';

export interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/** Values of the largest enterprise the requests need (a client, a paid invoice, dates). */
export interface Context {
  enterpriseId: number;
  clientId: number;
  clientRfc: string;
  clientWord: string;
  uuid: string;
  facturaConPagos: number;
  /** Stamped income invoices (for the last page). */
  facturas: number;
  lastMonth: { from: string; to: string };
  lastYear: { from: string; to: string };
  globalYear: number;
}

export async function contextOf(client: pg.Client, enterpriseId: number): Promise<Context> {
  const one = async <T>(text: string): Promise<T> =>
    (await client.query(text, [enterpriseId])).rows[0] as T;
  const cl = await one<{ id: number; rfc: string }>(
    `select id, rfc from clients where enterprise_id = $1 order by id offset (select count(*) / 2 from clients where enterprise_id = $1) limit 1`,
  );
  const f = await one<{ uuid: string }>(
    `select uuid from comprobantes where enterprise_id = $1 and tipo = 'I' and uuid is not null order by id
      offset (select count(*) / 2 from comprobantes where enterprise_id = $1) limit 1`,
  );
  const p = await one<{ factura_id: number }>(
    `select factura_id from pagos_documentos where enterprise_id = $1 order by factura_id desc limit 1`,
  );
  const n = await one<{ n: number; fecha: string; anio: number }>(
    `select count(*)::int as n, max(c.fecha) as fecha,
            (select max(anio) from facturas_globales g where g.enterprise_id = $1) as anio
       from comprobantes c where c.enterprise_id = $1 and c.serie_kind = 'facturas-ingreso'`,
  );
  const last = new Date(`${n.fecha.slice(0, 10)}T00:00:00Z`);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const minus = (days: number) => day(new Date(last.getTime() - days * 86_400_000));
  return {
    enterpriseId,
    clientId: cl.id,
    clientRfc: cl.rfc,
    clientWord: 'ferretería del bajío',
    uuid: f.uuid,
    facturaConPagos: p.factura_id,
    facturas: n.n,
    lastMonth: { from: minus(30), to: day(last) },
    lastYear: { from: minus(365), to: day(last) },
    globalYear: n.anio,
  };
}

const V40 = '/api/facturacion/V40';

function facturaSearch(name: string, body: Record<string, unknown>, page = 1): Case {
  return {
    name: `facturas: ${name}`,
    method: 'POST',
    url: `${V40}/facturas-ingreso/search?page=${page}`,
    body: { items_per_page: 30, ...body },
  };
}

export function casesOf(x: Context): Case[] {
  const lastPage = Math.max(1, Math.ceil(x.facturas / 30));
  const ppd = `${V40}/${x.enterpriseId}/ppd-pending-payments`;
  return [
    {
      name: 'facturas: list, page 1',
      method: 'GET',
      url: `${V40}/facturas-ingreso?page=1&items_per_page=30`,
    },
    facturaSearch('search, no filter', {}),
    facturaSearch('status timbrada', { status: 'timbrada' }),
    facturaSearch('status cancelled', { status: 'cancelled' }),
    facturaSearch('status pre_factura', { status: 'pre_factura' }),
    facturaSearch('metodo PPD', { metodo_pago: 'PPD' }),
    facturaSearch('client RFC', { rfc_name: x.clientRfc }),
    facturaSearch('client name words', { rfc_name: x.clientWord }),
    facturaSearch('UUID', { rfc_name: x.uuid }),
    facturaSearch('text matching nothing', { rfc_name: 'zzzz no existe' }),
    facturaSearch('last 30 days', { from_date: x.lastMonth.from, to_date: x.lastMonth.to }),
    facturaSearch('last 365 days', { from_date: x.lastYear.from, to_date: x.lastYear.to }),
    facturaSearch('serie B', { series: ['B'] }),
    facturaSearch('timbrada + PPD + 30 days', {
      status: 'timbrada',
      metodo_pago: 'PPD',
      from_date: x.lastMonth.from,
      to_date: x.lastMonth.to,
    }),
    facturaSearch('page 100', {}, 100),
    facturaSearch('page 1,000', {}, 1000),
    facturaSearch(`last page (${lastPage})`, {}, lastPage),
    { name: 'clients: list, page 1', method: 'GET', url: '/api/clients?page=1&items_per_page=30' },
    {
      name: 'clients: list by RFC desc',
      method: 'GET',
      url: '/api/clients?order_by=rfc&order_direction=desc',
    },
    {
      name: 'clients: search name',
      method: 'POST',
      url: '/api/clients/search',
      body: { data_search: 'garcía' },
    },
    {
      name: 'clients: search RFC',
      method: 'POST',
      url: '/api/clients/search',
      body: { data_search: x.clientRfc },
    },
    {
      name: 'clients: page 100',
      method: 'POST',
      url: '/api/clients/search',
      body: { current_page: 100 },
    },
    {
      name: 'products: list, page 1',
      method: 'GET',
      url: '/api/products-services?page=1&items_per_page=30',
    },
    {
      name: 'products: search word',
      method: 'POST',
      url: '/api/products-services/search',
      body: { data_search: 'cemento' },
    },
    {
      name: 'products: search key',
      method: 'POST',
      url: '/api/products-services/search',
      body: { data_search: '801015' },
    },
    { name: 'PPD pending: page 1', method: 'GET', url: `${ppd}?page=1&items_per_page=30` },
    { name: 'PPD pending: client', method: 'GET', url: `${ppd}?client_id=${x.clientId}` },
    {
      name: 'PPD pending: last 30 days',
      method: 'GET',
      url: `${ppd}?from_date=${x.lastMonth.from}&to_date=${x.lastMonth.to}`,
    },
    { name: 'PPD pending: page 100', method: 'GET', url: `${ppd}?page=100` },
    { name: 'inicio: resumen', method: 'GET', url: '/api/inicio/resumen' },
    { name: 'credits: purchases', method: 'GET', url: '/api/user-credits-payments' },
    { name: 'credits: spendings, page 1', method: 'GET', url: '/api/user-credits-spendings' },
    {
      name: 'credits: spendings, refunds',
      method: 'GET',
      url: '/api/user-credits-spendings?type=refund',
    },
    {
      name: 'credits: spendings, 30 days',
      method: 'GET',
      url: `/api/user-credits-spendings?from=${x.lastMonth.from}&to=${x.lastMonth.to}`,
    },
    {
      name: 'credits: spendings, page 100',
      method: 'GET',
      url: '/api/user-credits-spendings?page=100',
    },
    {
      name: 'pagos: of an invoice',
      method: 'GET',
      url: `${V40}/complemento-pago/${x.facturaConPagos}`,
    },
    {
      name: 'globales: year',
      method: 'POST',
      url: `${V40}/facturas-globales/search`,
      body: { year: x.globalYear },
    },
    {
      name: 'globales: years',
      method: 'GET',
      url: `${V40}/facturas-globales/get-years-for-facturas-globales`,
    },
  ];
}

/**
 * Seeds a migrated PostgreSQL database for the lists benchmark with set-based SQL (generate_series,
 * INSERT … SELECT), straight into the real schema: enterprises, series, a tax rubro, clients,
 * products, and their documents — income invoices (PUE and PPD, stamped, cancelled, rejected,
 * waiting for the PAC), pre-invoices, payment complements paying PPD invoices in part or in full,
 * monthly global invoices — with the credit ledger (purchases, one spend per sealed document, a
 * refund per rejection), its running balance and the purchase history. Dates are spread over the two
 * years before `now`, oldest first, as a real enterprise's ids are.
 */
import type pg from 'pg';

export interface SeedOptions {
  /** The enterprise that holds a tenth of the documents (it already exists, with its user). */
  bigEnterpriseId: number;
  enterprises: number;
  documents: number;
  /** Mexico City wall time of "now", `YYYY-MM-DD HH:MM:SS`. */
  nowMx: string;
}

/** Name, RFC (12 characters, unique per enterprise) and e-mail of the enterprise's i-th client. */
const FUNCTIONS = `
create function pg_temp.cli_name(i int) returns text language sql immutable as $$
  select (array['Comercializadora','Distribuidora','Servicios Integrales','Grupo Industrial','Abarrotes',
                'Ferretería','Constructora','Transportes','Consultores','Farmacias'])[1 + i % 10]
      || ' ' || (array['del Norte','Martínez','Hernández','López','García','del Bajío','Pérez',
                       'Sánchez','Ramírez','Torres','del Pacífico','Flores'])[1 + (i / 10) % 12]
      || ' ' || (array['S.A. de C.V.','S. de R.L. de C.V.','S.C.'])[1 + (i / 120) % 3] || ' ' || i $$;
create function pg_temp.cli_rfc(i int) returns text language sql immutable as $$
  select 'CL' || chr(65 + i % 26) || lpad(i::text, 6, '0') || 'AB1' $$;
create function pg_temp.prod_desc(i int) returns text language sql immutable as $$
  select (array['Consultoría','Tornillo','Cemento gris','Servicio de flete','Licencia de software',
                'Mantenimiento','Papel bond','Cable eléctrico','Pintura vinílica','Capacitación'])[1 + i % 10]
      || ' ' || (array['estándar','premium','industrial','mensual','por hora','de 50 kg'])[1 + (i / 10) % 6]
      || ' ' || i $$;
`;

/** The statements, in order; each one set-based over every enterprise. */
function statements(o: SeedOptions): string[] {
  const big = Math.round(o.documents / 10);
  const restTotal = o.documents - big;
  const others = Math.max(o.enterprises - 1, 1);
  const now = `timestamp '${o.nowMx}'`;
  return [
    `set synchronous_commit = off`,
    `set work_mem = '256MB'`,
    FUNCTIONS,
    `insert into enterprises (rfc, razon_social, regimen_fiscal, codigo_postal, setup_completed, has_ppd_invoices)
     select 'EM' || chr(65 + n % 26) || lpad(n::text, 6, '0') || 'XY2', 'EMPRESA DE PRUEBA ' || n, '601', '06000', true, true
       from generate_series(1, ${o.enterprises - 1}) n`,
    `update enterprises set has_ppd_invoices = true where id = ${o.bigEnterpriseId}`,
    // be: per enterprise, its number of documents, clients and products and their first ids.
    `create temp table be as
     select enterprise_id, docs, nc, np, least(24, docs / 50) as g,
            (select coalesce(max(id), 0) from comprobantes) + sum(docs) over w - docs as doc0,
            (select coalesce(max(id), 0) from clients) + sum(nc) over w - nc as cli0,
            (select coalesce(max(id), 0) from products_services) + sum(np) over w - np as prod0
       from (select id as enterprise_id, d as docs, greatest(5, d / 20) as nc, greatest(5, d / 40) as np
               from (select id, case when id = ${o.bigEnterpriseId} then ${big}
                                     else ${Math.floor(restTotal / others)}
                                          + case when row_number() over (order by id) <= ${restTotal % others} + 1 then 1 else 0 end
                                end as d
                       from enterprises where id >= ${o.bigEnterpriseId}) x) y
     window w as (order by enterprise_id)`,
    `insert into series (enterprise_id, kind, serie, folio_inicial, next_folio)
     select enterprise_id, s.kind, s.serie, 1, docs + 1 from be,
            (values ('facturas-ingreso', 'A'), ('facturas-ingreso', 'B'), ('facturas-globales', 'G'),
                    ('recepcion-pagos', 'P')) s (kind, serie)`,
    `insert into rubros_impuestos (enterprise_id, name, objeto_impuesto_key)
     select enterprise_id, 'General', '02' from be`,
    `insert into impuestos (enterprise_id, tipo, tax_type, tipo_factor, value)
     select enterprise_id, 'trasladado', 'IVA', 'Tasa', 0.16 from be`,
    `insert into rubros_impuestos_impuestos (enterprise_id, rubro_impuesto_id, impuesto_id)
     select r.enterprise_id, r.id, i.id from rubros_impuestos r join impuestos i using (enterprise_id)
      where r.enterprise_id in (select enterprise_id from be)`,
    `insert into clients
       (enterprise_id, id, name_razon_social, rfc, uso_cfdi, regimen_fiscal, metodo_pago, forma_pago,
        emails, codigo_postal, calle, colonia, municipio, estado, created_at, updated_at) overriding system value
     select enterprise_id, cli0 + i, pg_temp.cli_name(i), pg_temp.cli_rfc(i), 'G03', '601',
            case when i % 3 = 0 then 'PPD' else 'PUE' end, case when i % 3 = 0 then '99' else '03' end,
            array['contacto' || i || '@cliente' || enterprise_id || '.mx'], lpad((1000 + i % 90000)::text, 5, '0'),
            'Av. Juárez ' || i, 'Centro', 'Cuauhtémoc', 'CMX',
            ${now} - (i % 700) * interval '1 day', ${now} - (i % 700) * interval '1 day'
       from be, generate_series(1, nc) i`,
    `insert into products_services
       (enterprise_id, id, product_service_key, product_service_name, unit_key, unit_name, unity_price,
        internal_code, description, rubro_impuesto_id) overriding system value
     select be.enterprise_id, prod0 + i,
            (array['80101500','43211500','30111601','78101800','81112100'])[1 + i % 5],
            (array['Servicios de consultoría de negocios y administración corporativa','Computadores',
                   'Concreto premezclado','Transporte de carga por carretera','Servicios de internet'])[1 + i % 5],
            case when i % 2 = 0 then 'E48' else 'H87' end, case when i % 2 = 0 then 'Unidad de servicio' else 'Pieza' end,
            round(10 + (i * 37 % 100000) / 10.0, 2), 'SKU-' || lpad(i::text, 6, '0'), pg_temp.prod_desc(i), r.id
       from be join rubros_impuestos r using (enterprise_id), generate_series(1, np) i`,
    // bd: every document, its kind, status and amounts; k orders an enterprise's documents in time.
    `create temp table bd as
     select enterprise_id, id, k, kind, status, metodo, moneda, cli0 + cidx as client_id, cidx,
            prod0 + 1 + k % np as product_id,
            case when kind = 'G' then to_char(date_trunc('month', ${now}) - (g - k) * interval '1 month' + interval '1 day 10 hours', 'YYYY-MM-DD"T"HH24:MI:SS')
                 else to_char(${now} - ((docs - k)::float8 / docs * 729 + 0.01) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS') end as fecha,
            case when kind = 'P' then 0 else round(100 + ((k::bigint * 7919 + enterprise_id * 13) % 5000000) / 100.0, 2) end as total,
            case when kind = 'G' then 'G' when kind = 'P' then 'P' when k % 7 = 0 then 'B' else 'A' end as serie,
            case when kind = 'G' then 'facturas-globales' when kind = 'P' then 'recepcion-pagos' else 'facturas-ingreso' end as serie_kind
       from (select be.*, k, doc0 + k as id, 1 + (k * 7 + k / 13) % nc as cidx,
                    case when k <= g then 'G' when k % 20 < 4 then 'P' when k % 20 = 4 then 'PRE' else 'I' end as kind,
                    case when k % 3 = 0 then 'PPD' else 'PUE' end as metodo,
                    case when k % 50 = 7 then 'USD' else 'MXN' end as moneda,
                    case when k <= g then 'timbrada' when k % 20 = 4 then 'pre_factura'
                         when k % 20 < 4 then case when k % 41 = 1 then 'cancelada' else 'timbrada' end
                         when k % 37 = 0 then 'cancelada' when k % 997 = 0 then 'rechazada'
                         when k % 1999 = 0 then 'sellada' else 'timbrada' end as status
               from be, generate_series(1, docs) k) x`,
    `analyze bd`,
    `insert into comprobantes
       (enterprise_id, id, tipo, serie_kind, serie_id, serie, folio, status, estatus_cancelacion, fecha,
        rfc_emisor, rfc_receptor, total, xml_sellado, idempotency_key, xml_timbrado, uuid, fecha_timbrado,
        motivo_cancelacion, rechazo_codigo, rechazo_mensaje, created_at, updated_at) overriding system value
     select d.enterprise_id, d.id, case when d.kind = 'P' then 'P' else 'I' end, d.serie_kind, s.id, d.serie,
            case when status = 'pre_factura' then null else k end, status,
            case when status = 'cancelada' then 'Cancelado sin aceptación'
                 when status = 'timbrada' and k % 501 = 0 then 'En proceso' else '' end,
            fecha, e.rfc, case when d.kind = 'G' then 'XAXX010101000' else pg_temp.cli_rfc(cidx) end,
            case when d.kind = 'P' then '0' else total::text end,
            case when status = 'pre_factura' then null else '<cfdi:Comprobante Version="4.0"/>' end,
            case when status = 'pre_factura' then null else d.enterprise_id || ':bench:' || k end,
            case when status in ('timbrada', 'cancelada') then '<cfdi:Comprobante Version="4.0"/>' end,
            case when status in ('timbrada', 'cancelada') then upper(md5(d.enterprise_id || ':' || k)::uuid::text) end,
            case when status in ('timbrada', 'cancelada') then fecha end,
            case when status = 'cancelada' then '02' else '' end,
            case when status = 'rechazada' then '301' else '' end,
            case when status = 'rechazada' then 'La estructura del comprobante es incorrecta.' else '' end,
            fecha::timestamp at time zone 'America/Mexico_City', fecha::timestamp at time zone 'America/Mexico_City'
       from bd d join enterprises e on e.id = d.enterprise_id
       join series s on s.enterprise_id = d.enterprise_id and s.kind = d.serie_kind and s.serie = d.serie
      order by d.id`,
    `insert into facturas_ingreso
       (enterprise_id, comprobante_id, client_id, client_name, client_rfc, metodo_pago, moneda, tipo_cambio,
        product_service_ids, draft, created_at, updated_at)
     select enterprise_id, id, client_id, pg_temp.cli_name(cidx), pg_temp.cli_rfc(cidx), metodo, moneda,
            case when moneda = 'USD' then 17.25 end, array[product_id],
            jsonb_build_object('client_id', client_id, 'fecha', fecha, 'metodo_pago', metodo, 'moneda', moneda,
              'forma_pago', case when metodo = 'PPD' then '99' else '03' end, 'uso_cfdi', 'G03',
              'partidas', jsonb_build_array(jsonb_build_object('product_service_id', product_id,
                'cantidad', '1', 'valor_unitario', round(total / 1.16, 2)::text))),
            fecha::timestamp at time zone 'America/Mexico_City', fecha::timestamp at time zone 'America/Mexico_City'
       from bd where kind in ('I', 'PRE')`,
    `insert into facturas_globales
       (enterprise_id, comprobante_id, anio, mes, periodicidad, meses, mes_inicio, mes_fin, forma_pago,
        serie_id, ventas, subtotal, impuestos, total, draft)
     select d.enterprise_id, d.id, m.anio, m.mes, '04', lpad(m.mes::text, 2, '0'), m.mes, m.mes, '01', s.id,
            100 + k, round(total / 1.16, 2), total - round(total / 1.16, 2), total,
            jsonb_build_object('anio', m.anio, 'mes', m.mes, 'periodicidad', '04', 'forma_pago', '01', 'partidas', '[]'::jsonb)
       from bd d
       join series s on s.enterprise_id = d.enterprise_id and s.kind = 'facturas-globales',
            lateral (select extract(year from p)::int as anio, extract(month from p)::int as mes
                       from (select (fecha::timestamp - interval '1 month') as p) q) m
      where d.kind = 'G'`,
    // The j-th payment of an enterprise pays its j-th stamped PPD invoice in MXN: in full when j is
    // even, half of it when odd (a balance remains).
    `create temp table pairs as
     select p.enterprise_id, p.id as pago_id, p.fecha, p.status, i.id as factura_id, i.client_id, i.cidx, i.total,
            case when p.j % 2 = 0 then i.total else round(i.total / 2, 2) end as pagado
       from (select *, row_number() over (partition by enterprise_id order by k) j from bd where kind = 'P') p
       join (select *, row_number() over (partition by enterprise_id order by k) j from bd
              where kind = 'I' and metodo = 'PPD' and status = 'timbrada' and moneda = 'MXN') i
         on i.enterprise_id = p.enterprise_id and i.j = p.j`,
    `delete from bd d where d.kind = 'P'
        and not exists (select 1 from pairs x where x.enterprise_id = d.enterprise_id and x.pago_id = d.id)`,
    `delete from comprobantes c where c.tipo = 'P' and c.enterprise_id in (select enterprise_id from be)
        and not exists (select 1 from pairs x where x.enterprise_id = c.enterprise_id and x.pago_id = c.id)`,
    `insert into complementos_pago
       (enterprise_id, comprobante_id, client_id, client_name, client_rfc, fecha_pago, forma_pago, moneda_p,
        monto, draft, created_at)
     select enterprise_id, pago_id, client_id, pg_temp.cli_name(cidx), pg_temp.cli_rfc(cidx), fecha, '03', 'MXN',
            pagado, jsonb_build_object('factura_id', factura_id, 'fecha_pago', fecha, 'forma_pago', '03',
              'moneda', 'MXN', 'monto', pagado::text),
            fecha::timestamp at time zone 'America/Mexico_City'
       from pairs`,
    `insert into pagos_documentos
       (enterprise_id, comprobante_id, factura_id, num_parcialidad, moneda_dr, imp_saldo_ant, imp_pagado, imp_saldo_insoluto)
     select enterprise_id, pago_id, factura_id, 1, 'MXN', total, pagado, total - pagado from pairs`,
    // The credit ledger, in time order: a purchase every 1,000 documents, a spend per sealed
    // document, a refund per rejection. The running balance is written once, after.
    `alter table credit_ledger disable trigger credit_ledger_balance`,
    `insert into credit_ledger (enterprise_id, kind, credits, status, reference, created_at)
     select enterprise_id, kind, credits, status, reference, at at time zone 'America/Mexico_City' from (
       select enterprise_id, 'welcome' as kind, 10 as credits, 'free' as status, 'Créditos de bienvenida' as reference,
              ${now} - interval '731 days' as at, 0 as ord from be
       union all
       select enterprise_id, 'purchase', 1100, 'paid', 'compra:bench:' || n,
              ${now} - interval '730 days' + (n - 1) * (interval '729 days' / (docs / 1000 + 1)), 0
         from be, generate_series(1, docs / 1000 + 1) n
       union all
       select enterprise_id, 'spend', -1, 'paid', 'timbrado:' || enterprise_id || ':bench:' || k,
              fecha::timestamp, 1 from bd where status <> 'pre_factura'
       union all
       select enterprise_id, 'refund', 1, 'paid', 'timbrado:' || enterprise_id || ':bench:' || k,
              fecha::timestamp + interval '1 minute', 2 from bd where status = 'rechazada') l
     order by at, ord`,
    `alter table credit_ledger enable trigger credit_ledger_balance`,
    `insert into credit_balances (enterprise_id, total, free)
     select enterprise_id, sum(credits), coalesce(sum(credits) filter (where status = 'free'), 0)
       from credit_ledger where enterprise_id in (select enterprise_id from be) group by enterprise_id
     on conflict (enterprise_id) do update set total = excluded.total, free = excluded.free`,
    `insert into user_credit_payments
       (enterprise_id, subscription_plan_name, subscription_plan_amount, subscription_plan_price, list_price,
        status, payment_gateway, payment_method, payment_date, credits_granted, created_at, updated_at)
     select enterprise_id, 'Paquete 1,100 créditos', 1100, 1650, 1650, 'paid', 'sandbox', 'card', created_at,
            1100, created_at, created_at
       from credit_ledger where kind = 'purchase' and enterprise_id in (select enterprise_id from be)`,
    `select setval(pg_get_serial_sequence('comprobantes', 'id'), (select max(id) from comprobantes))`,
    `select setval(pg_get_serial_sequence('clients', 'id'), (select max(id) from clients))`,
    `select setval(pg_get_serial_sequence('products_services', 'id'), (select max(id) from products_services))`,
    `vacuum analyze`,
  ];
}

/** Runs the seed; answers how long each step took, for the report. */
export async function seedLists(
  client: pg.Client,
  options: SeedOptions,
  log: (line: string) => void,
): Promise<void> {
  for (const statement of statements(options)) {
    const t0 = performance.now();
    const r = await client.query(statement).catch((error: unknown) => {
      throw new Error(`${String(error)} in: ${statement.slice(0, 300)}`);
    });
    const first = statement.trim().split(/\s+/).slice(0, 3).join(' ');
    const rows = Array.isArray(r) ? '' : r.rowCount !== null ? ` (${r.rowCount} rows)` : '';
    const ms = performance.now() - t0;
    if (ms > 500) log(`  seed: ${first}…${rows} ${(ms / 1000).toFixed(1)} s`);
  }
}

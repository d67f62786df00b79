import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, paginated } from '@repo/contracts/envelope';
import {
  CancelacionResponse,
  CancelarFacturaRequest,
  FacturaDetail,
  FacturaDraftRequest,
  FacturaExportQuery,
  IdempotencyKeyHeaders,
  FacturaListItem,
  FacturaListQuery,
  FacturaSearchRequest,
  PpdPendingPayment,
  TimbrarFacturaResponse,
} from '@repo/contracts/facturas';
import { PpdPendingQuery } from '@repo/contracts/complementos-pago';
import { SustituyeQuery } from '@repo/contracts/emision';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope, page } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { XLSX_MIME, attachment } from '../clients/spreadsheet.ts';
import { exportFacturas, FACTURAS_EXPORT_NAME } from './facturas-export.ts';
import { listFacturas, type FacturaFilters } from './facturas-lista.queries.ts';
import { listPpdPending } from './ppd-pendientes.queries.ts';
import { hoyDeLaEmpresa } from './factura-tipo.ts';
import { cancelarFactura, consultarEstadoFactura } from './factura-cancelacion.service.ts';
import { createFactura, timbrarPreFactura } from './factura-timbrado.service.ts';
import { getFactura } from './facturas.service.ts';
import { removePreFactura, savePreFactura, updatePreFacturaDraft } from './pre-facturas.service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const EnterpriseParams = z.object({ enterpriseId: z.coerce.number().int().positive() });
const SearchQuery = z.object({ page: z.coerce.number().int().min(1).optional() });
const V40 = '/facturacion/V40';

/** The list's filters of a search body or an export query. */
function filtersOf(q: FacturaExportQuery): FacturaFilters {
  return {
    rfcName: q.rfc_name,
    fromDate: q.from_date,
    toDate: q.to_date,
    series: [...q.serie, ...q.series],
    status: q.status === 'Todos' ? null : q.status,
    metodoPago: q.metodo_pago,
  };
}

/** Income invoices (facturas de ingreso): spec section 7, "Invoices". */
export function facturasRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', requireAuth(db, deps.tokens));

    app.post(
      `${V40}/facturas-ingreso`,
      {
        schema: {
          headers: IdempotencyKeyHeaders,
          querystring: SustituyeQuery,
          body: FacturaDraftRequest,
          response: { 200: ok(TimbrarFacturaResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const headerKey = request.headers['idempotency-key'] ?? null;
        const { sustituye } = request.query;
        return envelope(
          await createFactura(deps, enterpriseId, request.body, headerKey, sustituye ?? null),
        );
      },
    );

    app.get(
      `${V40}/facturas-ingreso`,
      {
        schema: {
          querystring: FacturaListQuery,
          response: { 200: ok(paginated(FacturaListItem)) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const q = request.query;
        const { rows, total } = await listFacturas(db, enterpriseId, undefined, {
          number: q.page,
          size: q.items_per_page,
        });
        return envelope(page(rows, total, q.page, q.items_per_page));
      },
    );

    app.post(
      `${V40}/facturas-ingreso/search`,
      {
        schema: {
          querystring: SearchQuery,
          body: FacturaSearchRequest,
          response: { 200: ok(paginated(FacturaListItem)) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const b = request.body;
        const pageNumber = b.current_page ?? request.query.page ?? 1;
        const { rows, total } = await listFacturas(db, enterpriseId, filtersOf(b), {
          number: pageNumber,
          size: b.items_per_page,
        });
        return envelope(page(rows, total, pageNumber, b.items_per_page));
      },
    );

    app.get(
      `${V40}/facturas-ingreso/export`,
      { schema: { querystring: FacturaExportQuery } },
      async (request, reply) => {
        const { enterpriseId } = authOf(request);
        const file = await exportFacturas(db, enterpriseId, filtersOf(request.query));
        return reply
          .header('content-type', XLSX_MIME)
          .header('content-disposition', attachment(FACTURAS_EXPORT_NAME))
          .send(file);
      },
    );

    app.get(
      `${V40}/facturas-ingreso/:id`,
      { schema: { params: IdParams, response: { 200: ok(FacturaDetail) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await getFactura(deps, enterpriseId, request.params.id));
      },
    );

    app.post(
      `${V40}/facturas-ingreso/:id/estado-cancelacion`,
      { schema: { params: IdParams, response: { 200: ok(CancelacionResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await consultarEstadoFactura(deps, enterpriseId, request.params.id));
      },
    );

    app.post(
      `${V40}/pre-facturas-ingreso`,
      { schema: { body: FacturaDraftRequest, response: { 200: ok(FacturaDetail) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await savePreFactura(deps, enterpriseId, request.body));
      },
    );

    app.put(
      `${V40}/pre-facturas-ingreso/:id`,
      {
        schema: {
          params: IdParams,
          body: FacturaDraftRequest,
          response: { 200: ok(FacturaDetail) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(
          await updatePreFacturaDraft(deps, enterpriseId, request.params.id, request.body),
        );
      },
    );

    app.delete(
      `${V40}/pre-facturas-ingreso/:id`,
      { schema: { params: IdParams, response: { 200: ok(z.object({ id: z.number().int() })) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        await removePreFactura(deps, enterpriseId, request.params.id);
        return envelope({ id: request.params.id });
      },
    );

    app.post(
      `${V40}/pre-facturas-ingreso/:id/timbrar`,
      {
        schema: {
          headers: IdempotencyKeyHeaders,
          params: IdParams,
          body: FacturaDraftRequest,
          response: { 200: ok(TimbrarFacturaResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(
          await timbrarPreFactura(deps, enterpriseId, request.params.id, request.body),
        );
      },
    );

    app.post(
      `${V40}/pre-facturas-ingreso/:id/timbrar-with-pre-factura-original-data`,
      {
        schema: {
          headers: IdempotencyKeyHeaders,
          params: IdParams,
          response: { 200: ok(TimbrarFacturaResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await timbrarPreFactura(deps, enterpriseId, request.params.id, null));
      },
    );

    app.post(
      `${V40}/cancelar-factura`,
      { schema: { body: CancelarFacturaRequest, response: { 200: ok(CancelacionResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await cancelarFactura(deps, enterpriseId, request.body));
      },
    );

    app.get(
      `${V40}/:enterpriseId/ppd-pending-payments`,
      {
        schema: {
          params: EnterpriseParams,
          querystring: PpdPendingQuery,
          response: { 200: ok(paginated(PpdPendingPayment)) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        // Another enterprise's id answers 404, never its data.
        if (request.params.enterpriseId !== enterpriseId) {
          throw new AppError('NOT_FOUND', 'La empresa no existe.');
        }
        const q = request.query;
        const { rows, total } = await listPpdPending(
          db,
          enterpriseId,
          {
            clientId: q.client_id ?? null,
            fromDate: q.from_date,
            toDate: q.to_date,
            hoy: await hoyDeLaEmpresa(deps, enterpriseId),
          },
          { number: q.page, size: q.items_per_page },
        );
        return envelope(page(rows, total, q.page, q.items_per_page));
      },
    );
  };
}

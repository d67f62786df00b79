import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@repo/contracts/envelope';
import { IdempotencyKeyHeaders, SustituyeQuery } from '@repo/contracts/emision';
import {
  CancelacionGlobalResponse,
  CancelarGlobalRequest,
  FacturaGlobalRequest,
  FacturaGlobalResponse,
  FacturaGlobalSearchRequest,
  FacturaGlobalYear,
  IMPORT_VENTAS_MESSAGES,
  ImportacionGlobal,
  ImportarVentasTexto,
  RecibosDelPeriodoQuery,
  RecibosDelPeriodoResponse,
  VentaNominativaRequest,
  VentaNominativaResponse,
} from '@repo/contracts/facturas-globales';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { attachment, XLSX_MIME } from '../clients/spreadsheet.ts';
import { getRubros } from '../rubros-impuestos/rubros-impuestos.service.ts';
import {
  cancelarGlobal,
  getGlobal,
  saveGlobal,
  timbrarGlobal,
} from './facturas-globales.service.ts';
import { recibosDelPeriodo } from './recibos-global.ts';
import { globalesActuales, globalesDelAnio, yearsForGlobales } from './globales-anio.ts';
import { importarVentas, plantillaVentas } from './ventas-import.ts';
import { facturarVentaDeGlobal } from './venta-nominativa.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const BASE = '/facturacion/V40/facturas-globales';
/** A month of thousands of sales is a few MB of JSON. */
const BODY_LIMIT = 16 * 1024 * 1024;

/** Global invoices (facturas globales): spec section 7, "Global invoices". */
export function facturasGlobalesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', requireAuth(db, deps.tokens));

    app.get(BASE, { schema: { response: { 200: ok(FacturaGlobalYear) } } }, async (request) => {
      const { enterpriseId } = authOf(request);
      return envelope(await globalesActuales(deps, enterpriseId));
    });

    app.get(
      `${BASE}/get-years-for-facturas-globales`,
      { schema: { response: { 200: ok(z.array(z.number().int())) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await yearsForGlobales(deps, enterpriseId));
      },
    );

    app.post(
      `${BASE}/search`,
      { schema: { body: FacturaGlobalSearchRequest, response: { 200: ok(FacturaGlobalYear) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await globalesDelAnio(deps, enterpriseId, request.body.year));
      },
    );

    app.get(
      `${BASE}/recibos-del-periodo`,
      {
        schema: {
          querystring: RecibosDelPeriodoQuery,
          response: { 200: ok(RecibosDelPeriodoResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await recibosDelPeriodo(deps, enterpriseId, request.query));
      },
    );

    app.get(`${BASE}/import/download-template`, async (request, reply) => {
      const { enterpriseId } = authOf(request);
      const data = await plantillaVentas(await getRubros(db, enterpriseId));
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', attachment('Plantilla de ventas para factura global.xlsx'))
        .send(data);
    });

    app.post(
      `${BASE}/import`,
      { bodyLimit: BODY_LIMIT, schema: { response: { 200: ok(ImportacionGlobal) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        let input: Parameters<typeof importarVentas>[0];
        if (request.isMultipart()) {
          const part = await request.file();
          if (!part) throw new AppError('VALIDATION', IMPORT_VENTAS_MESSAGES.noFile);
          input = { archivo: { name: part.filename, data: await part.toBuffer() } };
        } else {
          const body = ImportarVentasTexto.safeParse(request.body);
          if (!body.success) throw new AppError('VALIDATION', IMPORT_VENTAS_MESSAGES.noRows);
          input = { texto: body.data.texto };
        }
        return envelope(await importarVentas(input, await getRubros(db, enterpriseId)));
      },
    );

    app.get(
      `${BASE}/:id`,
      { schema: { params: IdParams, response: { 200: ok(FacturaGlobalResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await getGlobal(deps, enterpriseId, request.params.id));
      },
    );

    app.post(
      BASE,
      {
        bodyLimit: BODY_LIMIT,
        schema: {
          headers: IdempotencyKeyHeaders,
          querystring: SustituyeQuery,
          body: FacturaGlobalRequest,
          response: { 200: ok(FacturaGlobalResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        // The standard Idempotency-Key header, or the body field: one key space.
        const key = request.headers['idempotency-key'] ?? request.body.idempotency_key;
        const body = { ...request.body, idempotency_key: key };
        const sustituye = request.query.sustituye ?? null;
        return envelope(await timbrarGlobal(deps, enterpriseId, body, sustituye));
      },
    );

    app.post(
      `${BASE}/save`,
      {
        bodyLimit: BODY_LIMIT,
        schema: { body: FacturaGlobalRequest, response: { 200: ok(FacturaGlobalResponse) } },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await saveGlobal(deps, enterpriseId, request.body));
      },
    );

    app.post(
      `${BASE}/:id/cancelar`,
      {
        schema: {
          params: IdParams,
          body: CancelarGlobalRequest,
          response: { 200: ok(CancelacionGlobalResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await cancelarGlobal(deps, enterpriseId, request.params.id, request.body));
      },
    );

    app.post(
      `${BASE}/:id/venta-nominativa`,
      {
        schema: {
          params: IdParams,
          body: VentaNominativaRequest,
          response: { 200: ok(VentaNominativaResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const { id } = request.params;
        return envelope(
          await facturarVentaDeGlobal(deps, enterpriseId, id, request.body.folioVenta),
        );
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClientListQuery,
  ClientRequest,
  ClientResponse,
  ClientSearchRequest,
  ImportReport,
  IsUniqueResponse,
  RfcUniqueRequest,
  SearchQuery,
} from '@repo/contracts/clients';
import { ok, paginated } from '@repo/contracts/envelope';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope, page } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { clientCatalogsFrom } from './client-catalogs.ts';
import { findClient, findClientsImportReport, listClients } from './clients.queries.ts';
import {
  CLIENT_NOT_FOUND,
  clientsTemplate,
  createClient,
  deleteClient,
  exportClients,
  importClients,
  isRfcUnique,
  updateClient,
} from './clients.service.ts';
import { XLSX_MIME, attachment } from './spreadsheet.ts';
import { uploadedFile } from './uploaded-file.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** Mis clientes: spec section 7, "Clients". */
export function clientsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const catalogs = clientCatalogsFrom(deps.catalogos, deps.now);
  return async (app) => {
    app.addHook('onRequest', requireAuth(db, deps.tokens));

    app.get(
      '/clients',
      {
        schema: { querystring: ClientListQuery, response: { 200: ok(paginated(ClientResponse)) } },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const q = request.query;
        const { rows, total } = await listClients(db, enterpriseId, {
          search: '',
          orderBy: q.order_by,
          direction: q.order_direction,
          page: { number: q.page, size: q.items_per_page },
        });
        return envelope(page(rows, total, q.page, q.items_per_page));
      },
    );

    app.post(
      '/clients/search',
      {
        schema: {
          querystring: SearchQuery,
          body: ClientSearchRequest,
          response: { 200: ok(z.union([paginated(ClientResponse), z.array(ClientResponse)])) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const b = request.body;
        const pageNumber = b.current_page ?? request.query.page ?? 1;
        const { rows, total } = await listClients(db, enterpriseId, {
          search: b.data_search,
          orderBy: b.order_by,
          direction: b.order_direction,
          page: b.paginated_search ? { number: pageNumber, size: b.items_perpage } : null,
        });
        if (!b.paginated_search) return envelope(rows);
        return envelope(page(rows, total, pageNumber, b.items_perpage));
      },
    );

    app.post(
      '/clients/rfc-unique',
      { schema: { body: RfcUniqueRequest, response: { 200: ok(IsUniqueResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const { rfc, id } = request.body;
        return envelope({ is_unique: await isRfcUnique(db, enterpriseId, rfc, id ?? null) });
      },
    );

    app.get('/clients/export', async (request, reply) => {
      const { enterpriseId } = authOf(request);
      const file = await exportClients(db, enterpriseId);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', attachment('Clientes.xlsx'))
        .send(file);
    });

    app.get('/clients/import/download-import-clients-template', async (_request, reply) => {
      const file = await clientsTemplate();
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', attachment('Plantilla de importación de clientes.xlsx'))
        .send(file);
    });

    app.post(
      '/clients/import',
      { schema: { response: { 200: ok(ImportReport) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const file = await uploadedFile(request);
        return envelope(await importClients(db, catalogs, enterpriseId, file));
      },
    );

    app.get(
      '/clients/import/report',
      { schema: { response: { 200: ok(ImportReport.nullable()) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await findClientsImportReport(db, enterpriseId));
      },
    );

    app.get(
      '/clients/:id',
      { schema: { params: IdParams, response: { 200: ok(ClientResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const client = await findClient(db, enterpriseId, request.params.id);
        if (!client) throw new AppError('NOT_FOUND', CLIENT_NOT_FOUND);
        return envelope(client);
      },
    );

    app.post(
      '/clients',
      { schema: { body: ClientRequest, response: { 201: ok(ClientResponse) } } },
      async (request, reply) => {
        const { enterpriseId } = authOf(request);
        const client = await createClient(db, catalogs, enterpriseId, request.body);
        return reply.code(201).send(envelope(client));
      },
    );

    app.put(
      '/clients/:id',
      { schema: { params: IdParams, body: ClientRequest, response: { 200: ok(ClientResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(
          await updateClient(db, catalogs, enterpriseId, request.params.id, request.body),
        );
      },
    );

    app.delete(
      '/clients/:id',
      { schema: { params: IdParams, response: { 200: ok(z.null()) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        await deleteClient(db, enterpriseId, request.params.id);
        return envelope(null);
      },
    );
  };
}

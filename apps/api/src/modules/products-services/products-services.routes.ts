import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ImportReport, IsUniqueResponse, SearchQuery } from '@repo/contracts/clients';
import { ok, paginated } from '@repo/contracts/envelope';
import {
  DescriptionUniqueRequest,
  InternalCodeUniqueRequest,
  IvaFronterizoQuery,
  IvaFronterizoResponse,
  ProductServiceListQuery,
  ProductServiceRequest,
  ProductServiceResponse,
  ProductServiceSearchRequest,
} from '@repo/contracts/products-services';
import type { AppDeps } from '../../deps.ts';
import { authOf, requireAuth } from '../../http/auth.ts';
import { ok as envelope, page } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { uploadedFile } from '../clients/uploaded-file.ts';
import { XLSX_MIME, attachment } from '../clients/spreadsheet.ts';
import { motivoSinIvaFronterizoDe } from '../impuestos/region-fronteriza.ts';
import { productCatalogsFrom } from './product-catalogs.ts';
import { findProductsImportReport } from './products-services-import.queries.ts';
import { listProductsServices } from './products-services-list.queries.ts';
import { findProductService } from './products-services.queries.ts';
import {
  exportProductsServices,
  importProductsServices,
  productsServicesTemplate,
} from './products-services-spreadsheet.service.ts';
import {
  PRODUCT_SERVICE_NOT_FOUND,
  createProductService,
  deleteProductService,
  isDescriptionUnique,
  isInternalCodeUnique,
  updateProductService,
} from './products-services.service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** Productos y servicios: spec section 7, "Products and services". */
export function productsServicesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const catalogs = productCatalogsFrom(deps.catalogos, deps.now);
  return async (app) => {
    app.addHook('onRequest', requireAuth(db, deps.tokens));

    app.get(
      '/products-services',
      {
        schema: {
          querystring: ProductServiceListQuery,
          response: { 200: ok(paginated(ProductServiceResponse)) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const q = request.query;
        const { rows, total } = await listProductsServices(db, enterpriseId, {
          search: '',
          orderBy: q.order_by,
          direction: q.order_direction,
          page: { number: q.page, size: q.items_per_page },
        });
        return envelope(page(rows, total, q.page, q.items_per_page));
      },
    );

    app.post(
      '/products-services/search',
      {
        schema: {
          querystring: SearchQuery,
          body: ProductServiceSearchRequest,
          response: {
            200: ok(z.union([paginated(ProductServiceResponse), z.array(ProductServiceResponse)])),
          },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const b = request.body;
        const pageNumber = b.current_page ?? request.query.page ?? 1;
        const { rows, total } = await listProductsServices(db, enterpriseId, {
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
      '/products-services/internal-code-unique',
      { schema: { body: InternalCodeUniqueRequest, response: { 200: ok(IsUniqueResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const { internal_code, id } = request.body;
        return envelope({
          is_unique: await isInternalCodeUnique(db, enterpriseId, internal_code, id ?? null),
        });
      },
    );

    app.post(
      '/products-services/description-unique',
      { schema: { body: DescriptionUniqueRequest, response: { 200: ok(IsUniqueResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const { description, id } = request.body;
        return envelope({
          is_unique: await isDescriptionUnique(db, enterpriseId, description, id ?? null),
        });
      },
    );

    app.get('/products-services/export', async (request, reply) => {
      const { enterpriseId } = authOf(request);
      const file = await exportProductsServices(db, enterpriseId);
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', attachment('Productos y Servicios.xlsx'))
        .send(file);
    });

    // The spec's path says 'products-service' (singular) for this one call.
    app.get(
      '/products-service/import/download-import-products-services-template',
      async (_request, reply) => {
        const file = await productsServicesTemplate();
        return reply
          .header('content-type', XLSX_MIME)
          .header(
            'content-disposition',
            attachment('Plantilla de importación de productos y servicios.xlsx'),
          )
          .send(file);
      },
    );

    app.post(
      '/products-services/import',
      { schema: { response: { 200: ok(ImportReport) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const file = await uploadedFile(request);
        return envelope(await importProductsServices(db, catalogs, enterpriseId, file));
      },
    );

    app.get(
      '/products-services/import/report',
      { schema: { response: { 200: ok(ImportReport.nullable()) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(await findProductsImportReport(db, enterpriseId));
      },
    );

    // The form offers groups with IVA 8 % only where the border-region stimulus applies.
    app.get(
      '/products-services/iva-fronterizo',
      { schema: { querystring: IvaFronterizoQuery, response: { 200: ok(IvaFronterizoResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const clave = request.query.clave || null;
        return envelope({
          motivo: await motivoSinIvaFronterizoDe(db, deps.catalogos, enterpriseId, clave),
        });
      },
    );

    app.get(
      '/products-services/:id',
      { schema: { params: IdParams, response: { 200: ok(ProductServiceResponse) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        const product = await findProductService(db, enterpriseId, request.params.id);
        if (!product) throw new AppError('NOT_FOUND', PRODUCT_SERVICE_NOT_FOUND);
        return envelope(product);
      },
    );

    app.post(
      '/products-services',
      { schema: { body: ProductServiceRequest, response: { 201: ok(ProductServiceResponse) } } },
      async (request, reply) => {
        const { enterpriseId } = authOf(request);
        const product = await createProductService(db, catalogs, enterpriseId, request.body);
        return reply.code(201).send(envelope(product));
      },
    );

    app.put(
      '/products-services/:id',
      {
        schema: {
          params: IdParams,
          body: ProductServiceRequest,
          response: { 200: ok(ProductServiceResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = authOf(request);
        return envelope(
          await updateProductService(db, catalogs, enterpriseId, request.params.id, request.body),
        );
      },
    );

    app.delete(
      '/products-services/:id',
      { schema: { params: IdParams, response: { 200: ok(z.null()) } } },
      async (request) => {
        const { enterpriseId } = authOf(request);
        await deleteProductService(db, enterpriseId, request.params.id);
        return envelope(null);
      },
    );
  };
}

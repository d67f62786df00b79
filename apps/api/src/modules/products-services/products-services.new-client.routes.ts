import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IsUniqueResponse } from '@repo/contracts/clients';
import { ok } from '@repo/contracts/envelope';
import {
  DescriptionUniqueRequest,
  InternalCodeUniqueRequest,
  IvaFronterizoQuery,
  IvaFronterizoResponse,
  ProductServiceRequest,
  ProductServiceResponse,
} from '@repo/contracts/products-services';
import type { AppDeps } from '../../deps.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { newClientOf, requireNewClientToken } from '../../http/new-client-token.ts';
import { motivoSinIvaFronterizoDe } from '../impuestos/region-fronteriza.ts';
import { productCatalogsFrom } from './product-catalogs.ts';
import { listProductsServices } from './products-services-list.queries.ts';
import {
  createProductService,
  isDescriptionUnique,
  isInternalCodeUnique,
} from './products-services.service.ts';

const TokenParams = z.object({ newClientToken: z.string().min(1) });
const BASE = '/new-client/products-services/:newClientToken';

/** The initial configuration wizard's product/service step, for the new-client token's enterprise. */
export function productsServicesNewClientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const catalogs = productCatalogsFrom(deps.catalogos, deps.now);
  return async (app) => {
    app.addHook('preHandler', requireNewClientToken(db, deps.now));

    app.get(
      BASE,
      { schema: { params: TokenParams, response: { 200: ok(z.array(ProductServiceResponse)) } } },
      async (request) => {
        const { rows } = await listProductsServices(db, newClientOf(request).enterpriseId, {
          search: '',
          orderBy: 'description',
          direction: 'asc',
          page: null,
        });
        return envelope(rows);
      },
    );

    app.post(
      BASE,
      {
        schema: {
          params: TokenParams,
          body: ProductServiceRequest,
          response: { 201: ok(ProductServiceResponse) },
        },
      },
      async (request, reply) => {
        const { enterpriseId } = newClientOf(request);
        const product = await createProductService(db, catalogs, enterpriseId, request.body);
        return reply.code(201).send(envelope(product));
      },
    );

    app.get(
      `${BASE}/iva-fronterizo`,
      {
        schema: {
          params: TokenParams,
          querystring: IvaFronterizoQuery,
          response: { 200: ok(IvaFronterizoResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = newClientOf(request);
        const clave = request.query.clave || null;
        return envelope({
          motivo: await motivoSinIvaFronterizoDe(db, deps.catalogos, enterpriseId, clave),
        });
      },
    );

    app.post(
      `${BASE}/internal-code-unique`,
      {
        schema: {
          params: TokenParams,
          body: InternalCodeUniqueRequest,
          response: { 200: ok(IsUniqueResponse) },
        },
      },
      async (request) => {
        const { internal_code, id } = request.body;
        const { enterpriseId } = newClientOf(request);
        return envelope({
          is_unique: await isInternalCodeUnique(db, enterpriseId, internal_code, id ?? null),
        });
      },
    );

    app.post(
      `${BASE}/description-unique`,
      {
        schema: {
          params: TokenParams,
          body: DescriptionUniqueRequest,
          response: { 200: ok(IsUniqueResponse) },
        },
      },
      async (request) => {
        const { description, id } = request.body;
        const { enterpriseId } = newClientOf(request);
        return envelope({
          is_unique: await isDescriptionUnique(db, enterpriseId, description, id ?? null),
        });
      },
    );
  };
}

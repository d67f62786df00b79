import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ClientRequest,
  ClientResponse,
  IsUniqueResponse,
  RfcUniqueRequest,
} from '@repo/contracts/clients';
import { ok } from '@repo/contracts/envelope';
import type { AppDeps } from '../../deps.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { newClientOf, requireNewClientToken } from '../../http/new-client-token.ts';
import { clientCatalogsFrom } from './client-catalogs.ts';
import { listClients } from './clients.queries.ts';
import { createClient, deleteClient, isRfcUnique, updateClient } from './clients.service.ts';

const TokenParams = z.object({ newClientToken: z.string().min(1) });
const TokenIdParams = TokenParams.extend({ id: z.coerce.number().int().positive() });

/** The initial configuration wizard's client step, for the enterprise of the new-client token. */
export function clientsNewClientRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db } = deps;
  const catalogs = clientCatalogsFrom(deps.catalogos, deps.now);
  return async (app) => {
    app.addHook('preHandler', requireNewClientToken(db, deps.now));

    app.get(
      '/new-client/clients/:newClientToken',
      { schema: { params: TokenParams, response: { 200: ok(z.array(ClientResponse)) } } },
      async (request) => {
        const { rows } = await listClients(db, newClientOf(request).enterpriseId, {
          search: '',
          orderBy: 'name_razon_social',
          direction: 'asc',
          page: null,
        });
        return envelope(rows);
      },
    );

    app.post(
      '/new-client/clients/:newClientToken',
      {
        schema: { params: TokenParams, body: ClientRequest, response: { 201: ok(ClientResponse) } },
      },
      async (request, reply) => {
        const { enterpriseId } = newClientOf(request);
        const client = await createClient(db, catalogs, enterpriseId, request.body);
        return reply.code(201).send(envelope(client));
      },
    );

    app.post(
      '/new-client/clients/:newClientToken/rfc-unique',
      {
        schema: {
          params: TokenParams,
          body: RfcUniqueRequest,
          response: { 200: ok(IsUniqueResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = newClientOf(request);
        const { rfc, id } = request.body;
        return envelope({ is_unique: await isRfcUnique(db, enterpriseId, rfc, id ?? null) });
      },
    );

    app.put(
      '/new-client/clients/:newClientToken/:id',
      {
        schema: {
          params: TokenIdParams,
          body: ClientRequest,
          response: { 200: ok(ClientResponse) },
        },
      },
      async (request) => {
        const { enterpriseId } = newClientOf(request);
        return envelope(
          await updateClient(db, catalogs, enterpriseId, request.params.id, request.body),
        );
      },
    );

    app.delete(
      '/new-client/clients/:newClientToken/:id',
      { schema: { params: TokenIdParams, response: { 200: ok(z.null()) } } },
      async (request) => {
        await deleteClient(db, newClientOf(request).enterpriseId, request.params.id);
        return envelope(null);
      },
    );
  };
}

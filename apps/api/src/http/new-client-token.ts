import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  NEW_CLIENT_EMAIL_NOT_VERIFIED_MESSAGE,
  NEW_CLIENT_TOKEN_INVALID_MESSAGE,
} from '@repo/contracts/new-client';
import type { Db } from '../db/client.ts';
import { resolveNewClient } from '../modules/new-client/new-client.service.ts';
import { AppError } from './errors.ts';

export interface NewClientContext {
  userId: number;
  enterpriseId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    newClient: NewClientContext | null;
  }
}

/**
 * preHandler for the initial configuration wizard's routes with a `:newClientToken` param: the token
 * must be live, its enterprise not yet set up and its e-mail verified (404 / 409 otherwise).
 * Read the holder with newClientOf(request).
 */
export function requireNewClientToken(db: Db, now: () => Date = () => new Date()) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const params = request.params as Record<string, unknown> | undefined;
    const token = params?.['newClientToken'];
    if (typeof token !== 'string' || token === '') {
      throw new AppError('NOT_FOUND', NEW_CLIENT_TOKEN_INVALID_MESSAGE);
    }
    const client = await resolveNewClient(db, token, now());
    if (!client.emailVerified) {
      throw new AppError('CONFLICT', NEW_CLIENT_EMAIL_NOT_VERIFIED_MESSAGE);
    }
    request.newClient = { userId: client.userId, enterpriseId: client.enterpriseId };
  };
}

/** The new client inside a handler guarded by requireNewClientToken. */
export function newClientOf(request: FastifyRequest): NewClientContext {
  if (!request.newClient) throw new AppError('NOT_FOUND', NEW_CLIENT_TOKEN_INVALID_MESSAGE);
  return request.newClient;
}

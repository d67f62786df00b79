import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@repo/contracts/envelope';
import { isLostConnection } from '../db/connection-errors.ts';
import type { ErrorReporter } from './error-reporting.ts';
import { clientErrorMessage } from './framework-errors.ts';
import { redactUrl } from './request-log.ts';

/** The closed list of error codes, and the HTTP status of each. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VALIDATION: 422,
  PAYMENT_REQUIRED: 402,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export interface AppErrorOptions {
  /** Show as the persistent dark banner (spec section 8, item 1). */
  persistent?: boolean;
  /** Show as an error toast (spec section 8, item 2). */
  showToClient?: boolean;
  /** A 429's wait, sent as the Retry-After header (whole seconds, rounded up). */
  retryAfterMs?: number;
}

/** The one error type of the API: a code, a Spanish message (or messages per field), display flags. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly dataError: string | Record<string, string[]>;
  readonly options: AppErrorOptions;

  constructor(
    code: ErrorCode,
    dataError: string | Record<string, string[]>,
    options: AppErrorOptions = {},
  ) {
    super(typeof dataError === 'string' ? dataError : JSON.stringify(dataError));
    this.name = 'AppError';
    this.code = code;
    this.dataError = dataError;
    this.options = options;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { success: false, dataError: this.dataError };
    if (this.options.persistent) body.persistentErrorMessage = true;
    if (this.options.showToClient) body.showErrorToClient = true;
    return body;
  }
}

/** A field error: `{ campo: [mensaje] }` with status 422. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', { [field]: [message] });
}

const GENERIC_5XX = 'Ocurrió un error inesperado. Inténtelo de nuevo en unos minutos.';
export const DATABASE_UNAVAILABLE =
  'El servicio no está disponible por un momento. Inténtelo de nuevo en unos segundos.';

/**
 * The error body of every failure. Each 5xx gets an errorTrackingUUID, written in the log line and,
 * when error reporting is configured (SENTRY_DSN), sent with the error to the reporting service.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  reporter: ErrorReporter | null = null,
): void {
  const report = (error: unknown, request: FastifyRequest, errorTrackingUUID: string) =>
    reporter?.capture(error, {
      errorTrackingUUID,
      requestId: String(request.id),
      method: request.method,
      url: redactUrl(request.url),
      userId: request.auth?.userId ?? undefined,
    });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) {
        const errorTrackingUUID = randomUUID();
        request.log.error({ err: error, errorTrackingUUID }, error.message);
        report(error, request, errorTrackingUUID);
        return reply.status(error.status).send({ ...error.toBody(), errorTrackingUUID });
      }
      if (error.options.retryAfterMs !== undefined)
        void reply.header('retry-after', String(Math.ceil(error.options.retryAfterMs / 1000)));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (fields[path] ??= []).push(issue.message ?? 'Valor no válido');
      }
      return reply.status(422).send({ success: false, dataError: fields } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({
        success: false,
        dataError: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
        showErrorToClient: true,
      } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (body too large, content type, malformed JSON): no internals leak.
      return reply
        .status(status)
        .send({ success: false, dataError: clientErrorMessage(error) } satisfies ErrorBody);
    }
    const errorTrackingUUID = randomUUID();
    if (isLostConnection(error)) {
      // The database dropped the connection mid-request: nothing was committed; the next request
      // gets a new connection from the pool.
      request.log.error({ err: error, errorTrackingUUID }, 'database connection lost');
      report(error, request, errorTrackingUUID);
      return reply.status(503).send({
        success: false,
        dataError: DATABASE_UNAVAILABLE,
        showErrorToClient: true,
        errorTrackingUUID,
      } satisfies ErrorBody);
    }
    request.log.error({ err: error, errorTrackingUUID }, 'unhandled error');
    report(error, request, errorTrackingUUID);
    return reply.status(500).send({
      success: false,
      dataError: GENERIC_5XX,
      persistentErrorMessage: true,
      errorTrackingUUID,
    } satisfies ErrorBody);
  });
}

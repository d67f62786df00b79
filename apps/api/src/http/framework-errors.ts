import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@repo/contracts/envelope';

/** Spanish messages for requests Fastify or Node refuse before any route runs. */
export const FRAMEWORK_MESSAGES = {
  uriTooLong: 'La dirección solicitada es demasiado larga.',
  badUrl: 'La dirección solicitada no es válida.',
  headersTooLarge: 'Los encabezados de la solicitud son demasiado grandes.',
  timeout: 'La solicitud tardó demasiado en llegar. Inténtelo de nuevo.',
  malformed: 'La solicitud no es válida.',
  bodyTooLarge: 'La solicitud es demasiado grande.',
  fileTooLarge: 'El archivo es demasiado grande.',
  unsupportedMediaType:
    'El tipo de contenido de la solicitud no se admite: envíe JSON (application/json) o un formulario con archivo (multipart/form-data).',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
} as const;

/** Fastify's frameworkErrors: a path parameter beyond maxParamLength (414) or a malformed URL (400). */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.status(tooLong ? 414 : 400).send({
    success: false,
    dataError: tooLong ? FRAMEWORK_MESSAGES.uriTooLong : FRAMEWORK_MESSAGES.badUrl,
  } satisfies ErrorBody);
}

/**
 * frameworkErrors answering with `headers` too: these answers come before any hook, so without them
 * they would lack the security headers every other answer has (earlyAnswerHeaders).
 */
export function frameworkErrorsWith(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    frameworkErrors(error, request, reply.headers(headers));
}

/** clientErrorHandler answering with `headers` too (see frameworkErrorsWith). */
export function clientErrorHandlerWith(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket) =>
    clientErrorHandler(error, socket, headers);
}

/** Node's HTTP parser errors (headers or URL too large, a timeout, garbage), in the app's envelope. */
export function clientErrorHandler(
  error: NodeJS.ErrnoException,
  socket: Socket,
  headers: Record<string, string> = {},
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', FRAMEWORK_MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', FRAMEWORK_MESSAGES.timeout]
        : [400, 'Bad Request', FRAMEWORK_MESSAGES.malformed];
  const body = JSON.stringify({ success: false, dataError: message } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** The Spanish message of a 4xx Fastify raised while reading the request (body, content type). */
export function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return FRAMEWORK_MESSAGES.bodyTooLarge;
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return FRAMEWORK_MESSAGES.fileTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? FRAMEWORK_MESSAGES.unsupportedMediaType
        : FRAMEWORK_MESSAGES.malformed;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return FRAMEWORK_MESSAGES.invalidJson;
    default:
      if (error.statusCode === 413) return FRAMEWORK_MESSAGES.bodyTooLarge;
      if (error.statusCode === 415) return FRAMEWORK_MESSAGES.unsupportedMediaType;
      return error instanceof SyntaxError
        ? FRAMEWORK_MESSAGES.invalidJson
        : FRAMEWORK_MESSAGES.malformed;
  }
}

import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@repo/contracts/envelope';

/** C0 control characters except tab, line feed and carriage return (NUL included): never valid text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export const CONTROL_CHARACTER_MESSAGE =
  'El texto contiene caracteres de control que no se permiten (por ejemplo, el carácter nulo).';

/** Paths ("address.calle", "items.0.descripcion") of the strings in value that hold a control character. */
export function controlCharacterPaths(value: unknown, path: string[] = [], out: string[] = []) {
  if (typeof value === 'string') {
    if (CONTROL.test(value)) out.push(path.join('.') || '_');
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => controlCharacterPaths(item, [...path, String(i)], out));
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL.test(key)) out.push([...path, key].join('.'));
      else controlCharacterPaths(item, [...path, key], out);
    }
  }
  return out;
}

/**
 * One check for every route: a NUL or another control character in any text of the body, the query
 * or the path is a field error (422, in Spanish) before validation, so it never reaches the database
 * (PostgreSQL refuses NUL in text) nor a CFDI (XML forbids them).
 */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const paths = [
      ...controlCharacterPaths(request.params),
      ...controlCharacterPaths(request.query),
      ...controlCharacterPaths(request.body),
    ];
    if (paths.length === 0) return;
    const fields: Record<string, string[]> = {};
    for (const path of paths) fields[path] = [CONTROL_CHARACTER_MESSAGE];
    return reply.status(422).send({ success: false, dataError: fields } satisfies ErrorBody);
  });
}

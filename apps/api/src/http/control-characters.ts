import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '@repo/contracts/envelope';

/** C0 control characters except tab, line feed and carriage return (NUL included): never valid text. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/**
 * Half of a UTF-16 surrogate pair without its other half (JSON may carry "\ud800"): no character
 * at all. PostgreSQL, XML and UTF-8 cannot hold it; the driver would store U+FFFD instead, or fail.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const CONTROL_CHARACTER_MESSAGE =
  'El texto contiene caracteres de control que no se permiten (por ejemplo, el carácter nulo).';
export const LONE_SURROGATE_MESSAGE =
  'El texto contiene un carácter que no es válido (un carácter Unicode incompleto). Escríbalo de nuevo, por favor.';

/**
 * The deepest nesting of arrays and objects a request may have: the deepest form of the app (an
 * invoice's line with its taxes) is under 8 levels. A body nested deeper is refused before anything
 * walks it: JSON of 100,000 levels would overflow the stack of any recursive walk (validation,
 * logging, this check).
 */
export const MAX_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `La solicitud tiene demasiados niveles de anidación (se admiten hasta ${MAX_DEPTH}). Revise los datos enviados.`;

/** What is wrong with the text of a request: nesting too deep, or the fields with bad text. */
export type TextProblems = { tooDeep: true } | { tooDeep: false; fields: Record<string, string[]> };

function problemOf(text: string): string | null {
  if (CONTROL.test(text)) return CONTROL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return null;
}

/**
 * The fields ("address.calle", "items.0.descripcion"; "_" for the value itself) of value whose text
 * holds a control character or a lone surrogate, each with its message. Walked with a stack of its
 * own, never deeper than `maxDepth` levels.
 */
export function textProblems(value: unknown, maxDepth = MAX_DEPTH): TextProblems {
  const fields: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    fields[path || '_'] ??= [message];
  };
  const pending: { value: unknown; path: string; depth: number }[] = [
    { value, path: '', depth: 0 },
  ];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, path, depth } = next;
    if (typeof item === 'string') {
      const problem = problemOf(item);
      if (problem) add(path, problem);
      continue;
    }
    if (!item || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (depth >= maxDepth) return { tooDeep: true };
    if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) {
        pending.push({ value: item[i], path: join(path, String(i)), depth: depth + 1 });
      }
      continue;
    }
    const entries = Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const problem = problemOf(key);
      if (problem) add(join(path, key), problem);
      else pending.push({ value: child, path: join(path, key), depth: depth + 1 });
    }
  }
  return { tooDeep: false, fields };
}

/**
 * One check for every route: a body nested deeper than MAX_DEPTH is a 400, and a NUL or another
 * control character, or a lone surrogate, in any text of the body, the query or the path is a field
 * error (422), all in Spanish and before validation, so none reaches the database (PostgreSQL
 * refuses NUL in text) nor a CFDI (XML forbids them).
 */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const fields: Record<string, string[]> = {};
    for (const part of [request.params, request.query, request.body]) {
      const problems = textProblems(part);
      if (problems.tooDeep) {
        return reply
          .status(400)
          .send({ success: false, dataError: TOO_DEEP_MESSAGE } satisfies ErrorBody);
      }
      for (const [path, messages] of Object.entries(problems.fields)) fields[path] ??= messages;
    }
    if (Object.keys(fields).length === 0) return;
    return reply.status(422).send({ success: false, dataError: fields } satisfies ErrorBody);
  });
}

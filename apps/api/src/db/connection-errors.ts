/** SQLSTATE classes and codes of a connection the server ended (restart, failover, pg_terminate_backend). */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
const LOST_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const LOST_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

/**
 * True when an error (or one of its causes: drizzle wraps the driver's) means the database
 * connection was lost, not that the query was wrong: the request answers 503 and the pool opens a new
 * connection for the next one.
 */
export function isLostConnection(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (LOST_SQLSTATES.has(code) || code.startsWith('08')))
      return true;
    if (typeof code === 'string' && LOST_NODE_CODES.has(code)) return true;
    if (typeof message === 'string' && LOST_MESSAGES.some((m) => message.includes(m))) return true;
    e = cause;
  }
  return false;
}

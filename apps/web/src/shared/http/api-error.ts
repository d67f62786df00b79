import type { ErrorBody } from '@repo/contracts/envelope';

/** Every failed call rejects with this, after the error catalog of spec section 8 has run. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  /** Other 4xx (spec section 8, item 4): dataError, or the status text when absent. */
  readonly apiErrorClientMessage: string | null;

  constructor(
    status: number,
    message: string,
    body: ErrorBody | null,
    apiErrorClientMessage: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.apiErrorClientMessage = apiErrorClientMessage;
  }

  /** Field errors of a 422 (`{ campo: ['mensaje'] }`), or an empty object. */
  get fieldErrors(): Record<string, string[]> {
    const data = this.body?.dataError;
    return data !== undefined && typeof data === 'object' ? data : {};
  }
}

/** Spec section 8, item 5: for an object message, the first value's first item. */
export function firstErrorMessage(dataError: ErrorBody['dataError'] | undefined | null): string {
  if (typeof dataError === 'string') return dataError;
  if (dataError && typeof dataError === 'object') {
    const first = Object.values(dataError)[0];
    if (Array.isArray(first)) return typeof first[0] === 'string' ? first[0] : '';
    if (typeof first === 'string') return first;
  }
  return '';
}

/** The message to show for any error a call rejected with. */
export function errorMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.apiErrorClientMessage || error.message || fallback;
  return fallback;
}

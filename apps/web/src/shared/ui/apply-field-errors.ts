import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../http/api-error.ts';
import { scrollToFirstInvalid } from './scroll.ts';

/** Puts a 422's `{ campo: ['mensaje'] }` on the form's fields; true when any was placed. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const name = fields.find((f) => f === field);
    if (name && messages[0]) {
      setError(name, { type: 'server', message: messages[0] });
      placed = true;
    }
  }
  // The server's field errors may sit far from the button that sent the form.
  if (placed) scrollToFirstInvalid();
  return placed;
}

/** The inline message for a failure the HTTP client did not already show as a toast or banner. */
export function inlineErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.body?.showErrorToClient || error.body?.persistentErrorMessage) return null;
  if (error.status === 401 || error.status === 403 || error.status === 0) return null;
  return error.apiErrorClientMessage;
}

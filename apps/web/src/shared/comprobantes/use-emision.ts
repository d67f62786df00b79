import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SELLOS_EXPIRADOS_MESSAGE } from '@repo/contracts/facturas';
import type { SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import {
  hideLoader,
  notify,
  showLoader,
  showPersistentError,
} from '#src/shared/feedback/feedback-store.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { REMAINING_CREDITS_QUERY_KEY } from '#src/shared/session/remaining-credits.ts';
import { setTotalRemainingCredits } from '#src/shared/session/session-store.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';

/**
 * The screen side of the shared document lifecycle (docs/decisions/007): every form that stamps a
 * document (factura de ingreso, complemento de pago, factura global…) sends it through this hook:
 * one request at a time behind the loader, the server's 422 placed on the form's fields, other
 * failures inline unless the HTTP client already showed them, a stable idempotency key per
 * attempt, and the credits the stamp spent shown at once.
 */
export interface EmisionOptions {
  /** The form path a server field key belongs to, or null when the form has no such field. */
  formPathOf: (key: string) => string | null;
  /** Puts a server message on a form field. */
  setFieldError: (path: string, message: string) => void;
  /** The toast when fields are marked, e.g. "Revise los datos marcados de la factura." */
  avisoCampos: string;
}

export function useEmision(options: EmisionOptions) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const idempotencyKey = useRef(crypto.randomUUID());

  const handleError = (error: unknown) => {
    if (error instanceof ApiError) {
      let placed = false;
      for (const [key, messages] of Object.entries(error.fieldErrors)) {
        const path = options.formPathOf(key);
        if (path && messages[0]) {
          options.setFieldError(path, messages[0]);
          placed = true;
        }
      }
      if (placed) {
        notify('error', options.avisoCampos);
        return;
      }
      const shown =
        error.body?.persistentErrorMessage === true ||
        error.body?.showErrorToClient === true ||
        error.status === 0 ||
        error.status === 401 ||
        error.status === 403;
      if (!shown) setFailure(inlineErrorOf(error) ?? error.message);
      return;
    }
    setFailure('Ocurrió un error inesperado. Inténtelo de nuevo.');
  };

  /** Runs one request behind the loader; its failure is shown as `handleError` says. */
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    showLoader();
    try {
      await work();
    } catch (error) {
      handleError(error);
    } finally {
      hideLoader();
      setBusy(false);
    }
  };

  /**
   * Calls `send` with the attempt's idempotency key. Only a lost answer (network, gateway) keeps
   * the key for the retry, so a retry can never stamp twice; after a refusal or a stamp the next
   * send is a new attempt.
   */
  const conClave = async <T>(send: (key: string) => Promise<T>): Promise<T> => {
    try {
      const r = await send(idempotencyKey.current);
      idempotencyKey.current = crypto.randomUUID();
      return r;
    } catch (error) {
      const perdida = error instanceof ApiError && [0, 502, 503, 504].includes(error.status);
      if (!perdida) idempotencyKey.current = crypto.randomUUID();
      throw error;
    }
  };

  /** The balance the stamp left, shown in the header at once. */
  const aplicarCreditos = (remaining: number) => {
    setTotalRemainingCredits(remaining);
    queryClient.setQueryData(REMAINING_CREDITS_QUERY_KEY, remaining);
  };

  return { busy, failure, setFailure, run, handleError, conClave, aplicarCreditos };
}

/**
 * Spec section 5: the seals are checked before any stamping call. Expired seals show the
 * persistent banner; missing seals the inline message. True when stamping may go on.
 */
export function sellosPermitenTimbrar(
  sellos: SellosFiscalesResponse | null,
  setFailure: (message: string) => void,
): boolean {
  if (sellos?.is_expired) {
    showPersistentError(SELLOS_EXPIRADOS_MESSAGE, null);
    return false;
  }
  if (sellos && !sellos.sellos_fiscales_registered) {
    setFailure(
      'Registre sus sellos digitales (CSD) en Configuraciones › Sellos y certificados digitales antes de timbrar.',
    );
    return false;
  }
  return true;
}

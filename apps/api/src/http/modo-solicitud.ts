import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Whether the request being served was made with a test API key (docs/decisions/014). Set by
 * requireAuth when it accepts such a key, read once by the stamping service when it seals a
 * document (timbrado.service.ts), which stores it on the document (comprobantes.pruebas): from then
 * on the document's own flag picks the PAC for its resends, cancellation and status checks.
 *
 * Request-scoped state on purpose: every route that stamps, now or later, gets the test key's mode
 * without passing it through each document type's service, so no route can forget it and stamp a
 * test key's document with the live PAC.
 */
interface Modo {
  pruebas: boolean;
}

const almacen = new AsyncLocalStorage<Modo>();

/** Every request runs in its own store, before any other hook (callback form, so it spans the request). */
export function registerModoSolicitud(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    almacen.run({ pruebas: false }, done);
  });
}

/** Marks the current request as made with a test key; false when no request store exists. */
export function marcarSolicitudDePruebas(): boolean {
  const modo = almacen.getStore();
  if (!modo) return false;
  modo.pruebas = true;
  return true;
}

/** True inside a request made with a test API key. */
export function solicitudDePruebas(): boolean {
  return almacen.getStore()?.pruebas === true;
}

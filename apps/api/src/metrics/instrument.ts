import { PacError, type Pac } from '@repo/pac';
import { createPacDePruebas } from '../pac/create-pac.ts';
import { DbSandboxStore } from '../pac/db-sandbox-store.ts';
import type { AppDeps } from '../deps.ts';
import type { Mailer } from '../email/mailer.ts';
import { createMetrics, type Metrics } from './metrics.ts';

const PAC_OPERATIONS = new Set<PropertyKey>(['timbrar', 'cancelar', 'consultarEstado']);
const instrumented = new WeakSet<object>();

/**
 * The PAC with each call timed and each failure counted by kind. A proxy rather than a wrapper
 * object: what else the PAC is stays visible (pac.routes.ts asks `instanceof SandboxPac` and calls
 * its certificado()). Instrumenting an instrumented PAC answers it unchanged.
 */
export function instrumentPac(pac: Pac, metrics: Metrics): Pac {
  if (instrumented.has(pac)) return pac;
  const proxy = new Proxy(pac, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!PAC_OPERATIONS.has(prop)) return method.bind(target);
      const operation = String(prop);
      return async (...args: unknown[]) => {
        const end = metrics.pacDuration.startTimer({ operation });
        try {
          const result = await method.apply(target, args);
          end({ outcome: 'ok' });
          return result;
        } catch (error) {
          end({ outcome: 'error' });
          metrics.pacErrors.inc({
            operation,
            kind: error instanceof PacError ? error.kind : 'inesperado',
          });
          throw error;
        }
      };
    },
  });
  instrumented.add(proxy);
  return proxy;
}

/** The mailer with its sendings counted (sent or failed) and the ones in progress gauged. */
export function instrumentMailer(mailer: Mailer, metrics: Metrics): Mailer {
  if (instrumented.has(mailer)) return mailer;
  const wrapped: Mailer = {
    async send(mail) {
      metrics.emailsInFlight.inc();
      try {
        const result = await mailer.send(mail);
        metrics.emails.inc({ outcome: 'sent' });
        return result;
      } catch (error) {
        metrics.emails.inc({ outcome: 'failed' });
        throw error;
      } finally {
        metrics.emailsInFlight.dec();
      }
    },
  };
  instrumented.add(wrapped);
  return wrapped;
}

/** The app's dependencies with metrics (made here unless given) and its PAC and mailer instrumented. */
export function withMetrics(given: AppDeps): { deps: AppDeps; metrics: Metrics } {
  const metrics =
    given.metrics ??
    createMetrics({
      database: given.database,
      now: given.now,
      onCollectError: (err) => given.logger.warn({ err }, 'metrics: a gauge could not be read'),
    });
  const pac = instrumentPac(given.pac, metrics);
  const deps: AppDeps = {
    ...given,
    metrics,
    pac,
    pacPruebas: instrumentPac(
      given.pacPruebas ??
        createPacDePruebas(given.config, given.catalogos, pac, {
          store: new DbSandboxStore(given.db),
          ...(given.tiposDeCambio ? { tiposDeCambio: given.tiposDeCambio } : {}),
        }),
      metrics,
    ),
    mailer: instrumentMailer(given.mailer, metrics),
  };
  return { deps, metrics };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bandaTipoCambio } from '@repo/cfdi/tipo-cambio';
import { fechaLocal } from '@repo/cfdi/xml';
import { ok } from '@repo/contracts/envelope';
import { TipoCambioQuery, TipoCambioResponse } from '@repo/contracts/tipos-de-cambio';
import type { AppDeps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok as envelope } from '../../http/envelope.ts';
import { fieldError } from '../../http/errors.ts';

const MonedaParams = z.object({ moneda: z.string().min(1) });
export const MONEDA_SIN_TIPO_DE_CAMBIO =
  'La moneda MXN no lleva tipo de cambio; elija la moneda extranjera de la factura.';
export const MONEDA_NO_EXISTE = 'La moneda no existe en el catálogo c_Moneda del SAT.';

/**
 * The reference exchange rate of a currency for a day (Banxico FIX), which the invoice form
 * proposes when it is the day's; an older one comes with `vigente: false` and the range stamping
 * accepts from it; `data` is null when no reference of the currency up to that day is known.
 */
export function tiposDeCambioRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth(deps.db, deps.tokens));

    app.get(
      '/tipos-de-cambio/:moneda',
      {
        schema: {
          params: MonedaParams,
          querystring: TipoCambioQuery,
          response: { 200: ok(TipoCambioResponse.nullable()) },
        },
      },
      async (request) => {
        const moneda = request.params.moneda.toUpperCase();
        const fila = deps.catalogos.moneda(moneda);
        if (!fila) throw fieldError('moneda', MONEDA_NO_EXISTE);
        if (moneda === 'MXN' || moneda === 'XXX')
          throw fieldError('moneda', MONEDA_SIN_TIPO_DE_CAMBIO);
        const fecha =
          request.query.fecha ?? fechaLocal(deps.now(), 'America/Mexico_City').slice(0, 10);
        const ref = await deps.tiposDeCambio.referencia(moneda, fecha);
        if (!ref) return envelope(null);
        const b = bandaTipoCambio(ref, fecha, fila.porcentajeVariacion);
        return envelope({
          moneda,
          fecha,
          valor: ref.valor,
          fecha_publicacion: ref.fecha,
          serie: ref.serie,
          porcentaje_variacion: fila.porcentajeVariacion,
          vigente: b.vigente,
          dias_antiguedad: b.dias,
          limite_inferior: b.li.toFixed(),
          limite_superior: b.ls.toFixed(),
        });
      },
    );
  };
}

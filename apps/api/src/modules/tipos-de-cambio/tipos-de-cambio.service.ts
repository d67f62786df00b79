import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import {
  DIAS_VIGENCIA_REFERENCIA,
  HistorialTipoCambio,
  SERIE_BANXICO,
  leerHistorialTsv,
  type FuenteTipoCambio,
  type ReferenciaTipoCambio,
} from '@repo/cfdi/tipo-cambio';
import { BanxicoSie } from './banxico-sie.ts';

/** The committed history (data/banxico), the reference when Banxico is not configured. */
export function historialEmbebido(): HistorialTipoCambio {
  const file = new URL('../../../../../data/banxico/tipos-de-cambio.tsv', import.meta.url);
  return new HistorialTipoCambio(leerHistorialTsv(readFileSync(file, 'utf8')));
}

function restarDias(dia: string, n: number): string {
  return new Date(Date.parse(`${dia}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Reference exchange rates for the engine, the sandbox PAC and the invoice form: the committed
 * history plus, with a Banxico token, what the SIE API publishes (fetched on the first need of a
 * day, at most once an hour per currency and day). Answers the newest rate known on or before the
 * day, however old: without the day's (no token, Banxico down) the rules weigh its age.
 */
export class TiposDeCambio implements FuenteTipoCambio {
  private readonly intentos = new Map<string, number>();

  constructor(
    readonly historial: HistorialTipoCambio,
    private readonly opts: {
      banxico?: BanxicoSie;
      now?: () => Date;
      logger?: Pick<FastifyBaseLogger, 'warn'>;
    } = {},
  ) {}

  async referencia(moneda: string, dia: string): Promise<ReferenciaTipoCambio | undefined> {
    const conocida = this.historial.referencia(moneda, dia);
    if (conocida) return conocida;
    const serie = SERIE_BANXICO[moneda];
    if (!serie || !this.opts.banxico) return this.historial.ultima(moneda, dia);
    const clave = `${moneda}|${dia}`;
    const ahora = (this.opts.now ?? (() => new Date()))().getTime();
    if (ahora - (this.intentos.get(clave) ?? -Infinity) < 3_600_000)
      return this.historial.ultima(moneda, dia);
    this.intentos.set(clave, ahora);
    try {
      const filas = await this.opts.banxico.datos(
        serie,
        restarDias(dia, DIAS_VIGENCIA_REFERENCIA),
        dia,
      );
      for (const f of filas) this.historial.agregar(f.moneda, f);
    } catch (error) {
      this.opts.logger?.warn({ err: error, moneda, dia }, 'Banxico SIE sin respuesta');
    }
    return this.historial.ultima(moneda, dia);
  }
}

/** From the configuration: Banxico's SIE API when BANXICO_TOKEN is set, the committed history always. */
export function createTiposDeCambio(
  config: { BANXICO_TOKEN: string; BANXICO_URL?: string },
  opts: { logger?: Pick<FastifyBaseLogger, 'warn'>; now?: () => Date } = {},
): TiposDeCambio {
  return new TiposDeCambio(historialEmbebido(), {
    ...opts,
    ...(config.BANXICO_TOKEN
      ? {
          banxico: new BanxicoSie({
            token: config.BANXICO_TOKEN,
            ...(config.BANXICO_URL ? { url: config.BANXICO_URL } : {}),
          }),
        }
      : {}),
  });
}

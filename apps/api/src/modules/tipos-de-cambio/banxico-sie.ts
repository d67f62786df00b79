import { leerRespuestaSie, type ReferenciaTipoCambio } from '@repo/cfdi/tipo-cambio';

/**
 * Banxico's SIE API (Sistema de Información Económica): the published series, read with a free
 * query token sent as the `Bmx-Token` header.
 * `GET {url}/series/{serie}/datos/{desde}/{hasta}` answers
 * `{ bmx: { series: [ { idSerie, titulo, datos: [ { fecha: "dd/mm/aaaa", dato: "17.4520" } ] } ] } }`
 * (`dato` is "N/E" on days without a rate).
 */
export const BANXICO_SIE_URL = 'https://www.banxico.org.mx/SieAPIRest/service/v1';

export interface BanxicoSieOptions {
  token: string;
  url?: string;
  /** Milliseconds before giving up on an answer; default 10 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export class BanxicoSie {
  private readonly url: string;

  constructor(private readonly opts: BanxicoSieOptions) {
    this.url = (opts.url ?? BANXICO_SIE_URL).replace(/\/$/, '');
  }

  /** The rates of a series between two days (AAAA-MM-DD, inclusive). Throws on any failure. */
  async datos(
    serie: string,
    desde: string,
    hasta: string,
  ): Promise<(ReferenciaTipoCambio & { moneda: string })[]> {
    const res = await (this.opts.fetch ?? fetch)(
      `${this.url}/series/${encodeURIComponent(serie)}/datos/${desde}/${hasta}`,
      {
        headers: { 'Bmx-Token': this.opts.token, Accept: 'application/json' },
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      },
    );
    if (!res.ok) throw new Error(`Banxico SIE respondió ${res.status} para ${serie}`);
    return leerRespuestaSie(await res.json());
  }
}

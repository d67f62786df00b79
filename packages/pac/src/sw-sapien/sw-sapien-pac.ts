/**
 * SW Sapien (SmarterWeb) adapter over REST (market-and-pacs.md §3.2): authenticate, stamp the XML we
 * sealed (`POST /cfdi33/stamp/v4`, multipart part `xml`), treat 307 "timbre previo" as the earlier
 * stamp, cancel with a request XML signed here with the CSD (`POST /cfdi33/cancel/xml`), and query
 * the SAT status service. Every answer is kept verbatim in `raw`.
 */
import { firmarSolicitudCancelacion } from '../cancelacion-xml.ts';
import {
  codigoDeMensaje,
  mensajePac,
  PacCredencialesError,
  PacDuplicadoError,
  PacError,
  PacRechazoError,
  PacRespuestaInvalidaError,
} from '../errors.ts';
import type {
  CancelarInput,
  CodigoCancelacion,
  ConsultarEstadoInput,
  EstadoCfdi,
  Pac,
  ResultadoCancelacion,
  Timbre,
  TimbrarOptions,
} from '../pac.ts';
import { fechaLocal } from '@repo/cfdi/xml';
import { CONSULTA_SAT_PRODUCCION, consultarEstadoSat } from './consulta-sat.ts';
import { http, json, rechazo, str, type HttpAnswer, type SwEnvelope } from './http.ts';
import { timbreDeXml } from './timbre.ts';

export interface SwSapienOptions {
  /** Services host: `https://services.test.sw.com.mx` or `https://services.sw.com.mx`. */
  url: string;
  /** API host for the balance check with a token: `https://api.test.sw.com.mx`. Default: `url`. */
  apiUrl?: string;
  /** SAT status service (ConsultaCFDIService.svc). Default: SAT production. */
  consultaSatUrl?: string;
  user?: string;
  password?: string;
  /** A long-lived token from the SW portal, used as is (no re-authentication possible). */
  token?: string;
  /** Per-request timeout; default 30 s. */
  timeoutMs?: number;
  clock?: () => Date;
}

export class SwSapienPac implements Pac {
  private token: string | undefined;
  private tokenVence = 0;
  private readonly clock: () => Date;

  constructor(private readonly opts: SwSapienOptions) {
    if (!opts.token && !(opts.user && opts.password))
      throw new Error('SW Sapien: configure usuario y contraseña, o un token.');
    this.token = opts.token;
    this.tokenVence = opts.token ? Number.POSITIVE_INFINITY : 0;
    this.clock = opts.clock ?? (() => new Date());
  }

  // --------------------------------------------------------------------------- transport

  private async autenticar(): Promise<string> {
    const a = await http(
      `${this.opts.url}/v2/security/authenticate`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: this.opts.user, password: this.opts.password }),
      },
      this.opts.timeoutMs,
    );
    const env = json(a);
    const token = str(env.data?.['token']);
    if (a.status === 401 || a.status === 403 || env.status !== 'success' || !token) {
      if (a.status === 200 && env.status === 'success')
        throw new PacRespuestaInvalidaError('MALFORMED', mensajePac('MALFORMED'), a.text);
      throw new PacCredencialesError(
        'AUTH',
        `${mensajePac('AUTH')} ${str(env.message)}`.trim(),
        a.text,
      );
    }
    const expira = Number(env.data?.['expires_in']);
    // expires_in is in seconds per the SDK; renew a minute early
    this.tokenVence =
      this.clock().getTime() +
      (Number.isFinite(expira) && expira > 0 ? expira * 1000 : 2 * 3600_000) -
      60_000;
    this.token = token;
    return token;
  }

  private async tokenVigente(): Promise<string> {
    if (this.token && this.clock().getTime() < this.tokenVence) return this.token;
    return this.autenticar();
  }

  /** A call with Bearer auth; a 401 with user/password configured re-authenticates once. */
  private async autorizado(url: string, init: () => RequestInit): Promise<HttpAnswer> {
    const base = init();
    const llamar = async (t: string) =>
      http(
        url,
        {
          ...base,
          headers: { ...(base.headers as Record<string, string>), authorization: `Bearer ${t}` },
        },
        this.opts.timeoutMs,
      );
    let a = await llamar(await this.tokenVigente());
    if ((a.status === 401 || a.status === 403) && this.opts.user && this.opts.password) {
      this.token = undefined;
      a = await http(
        url,
        {
          ...init(),
          headers: {
            ...(init().headers as Record<string, string>),
            authorization: `Bearer ${await this.autenticar()}`,
          },
        },
        this.opts.timeoutMs,
      );
    }
    if (a.status === 401 || a.status === 403) {
      let mensaje: string;
      try {
        mensaje = str((JSON.parse(a.text) as SwEnvelope).message);
      } catch {
        mensaje = '';
      }
      throw new PacCredencialesError('AUTH', `${mensajePac('AUTH')} ${mensaje}`.trim(), a.text);
    }
    return a;
  }

  // ----------------------------------------------------------------------------- timbrar

  async timbrar(xml: string, _options: TimbrarOptions): Promise<Timbre> {
    const form = () => {
      const f = new FormData();
      f.append('xml', new Blob([xml], { type: 'text/xml' }), 'xml');
      return { method: 'POST', body: f };
    };
    const a = await this.autorizado(`${this.opts.url}/cfdi33/stamp/v4`, form);
    const env = json(a);
    if (env.status === 'success') {
      const d = env.data ?? {};
      const cfdi = str(d['cfdi']);
      const t = cfdi ? timbreDeXml(cfdi) : undefined;
      if (!t || !str(d['uuid']))
        throw new PacRespuestaInvalidaError('MALFORMED', mensajePac('MALFORMED'), a.text);
      return {
        codigo: '200',
        mensaje: str(env.message) || 'Comprobante timbrado satisfactoriamente.',
        incidencias: [],
        raw: a.text,
        ...t,
        uuid: str(d['uuid']).toUpperCase(),
        fechaTimbrado: str(d['fechaTimbrado']) || t.fechaTimbrado,
        noCertificadoSAT: str(d['noCertificadoSAT']) || t.noCertificadoSAT,
        selloSAT: str(d['selloSAT']) || t.selloSAT,
        selloCFD: str(d['selloCFDI']) || t.selloCFD,
        cadenaOriginalTfd: str(d['cadenaOriginalSAT']) || t.cadenaOriginalTfd,
        previamenteTimbrado: false,
      };
    }
    const message = str(env.message);
    if (env.status === 'error' && codigoDeMensaje(message) === '307') {
      // the earlier CFDI comes in data.cfdi (v2 route) or in messageDetail (as Odoo reads it)
      const previo = [str(env.data?.['cfdi']), str(env.messageDetail)]
        .map((x) => (x.includes('TimbreFiscalDigital') ? timbreDeXml(x) : undefined))
        .find((x) => x !== undefined);
      if (previo)
        return {
          codigo: '307',
          mensaje: message,
          incidencias: [{ codigo: '307', mensaje: message }],
          raw: a.text,
          ...previo,
          previamenteTimbrado: true,
        };
      throw new PacDuplicadoError('307', message, a.text);
    }
    if (env.status === 'error' && message) throw rechazo(env, a.text);
    throw new PacRespuestaInvalidaError('MALFORMED', mensajePac('MALFORMED'), a.text);
  }

  // ---------------------------------------------------------------------------- cancelar

  async cancelar(input: CancelarInput): Promise<ResultadoCancelacion> {
    const xml = firmarSolicitudCancelacion({
      rfcEmisor: input.rfcEmisor,
      fecha: fechaLocal(this.clock(), 'America/Mexico_City'),
      folios: [
        {
          uuid: input.uuid,
          motivo: input.motivo,
          ...(input.folioSustitucion ? { folioSustitucion: input.folioSustitucion } : {}),
        },
      ],
      certificado: input.csd.certificado,
      llave: input.csd.llave,
    });
    const a = await this.autorizado(`${this.opts.url}/cfdi33/cancel/xml`, () => {
      const f = new FormData();
      f.append('xml', new Blob([xml], { type: 'text/xml' }), 'xml');
      return { method: 'POST', body: f };
    });
    const env = json(a);
    if (env.status !== 'success') {
      if (env.status === 'error' && str(env.message)) throw rechazo(env, a.text);
      throw new PacRespuestaInvalidaError('MALFORMED', mensajePac('MALFORMED'), a.text);
    }
    const mapa = env.data?.['uuid'];
    const acuse = str(env.data?.['acuse']);
    const uuid = input.uuid.toUpperCase();
    const valor =
      mapa && typeof mapa === 'object'
        ? Object.entries(mapa as Record<string, unknown>).find(
            ([k]) => k.toUpperCase() === uuid,
          )?.[1]
        : undefined;
    // a status code is a string or a number; anything else is a malformed answer, not "[object Object]"
    const codigo = typeof valor === 'string' || typeof valor === 'number' ? String(valor) : '';
    if (!codigo || !acuse)
      throw new PacRespuestaInvalidaError('MALFORMED', mensajePac('MALFORMED'), a.text);
    if (codigo !== '201' && codigo !== '202') {
      throw new PacRechazoError(codigo, `${codigo} - ${mensajePac(codigo)}`, a.text, [
        { codigo, mensaje: mensajePac(codigo) },
      ]);
    }
    return {
      codigo,
      mensaje: mensajePac(codigo),
      incidencias: [],
      raw: a.text,
      uuid,
      codigoEstatus: codigo as CodigoCancelacion,
      acuse,
    };
  }

  // --------------------------------------------------------------------- consultarEstado

  /** The SAT status service (SOAP), with the verification expression of rules 6.4. */
  async consultarEstado(input: ConsultarEstadoInput): Promise<EstadoCfdi> {
    return consultarEstadoSat(
      this.opts.consultaSatUrl ?? CONSULTA_SAT_PRODUCCION,
      input,
      this.opts.timeoutMs,
    );
  }

  // ------------------------------------------------------------------------ probarConexion

  /**
   * 'Probar conexión': authenticates (user/password) or reads the balance (token). Never throws
   * for PAC failures: answers ok=false with the Spanish reason.
   */
  async probarConexion(): Promise<{ ok: boolean; codigo: string; mensaje: string; raw: string }> {
    try {
      if (this.opts.user && this.opts.password) {
        this.token = undefined;
        await this.autenticar();
        return { ok: true, codigo: '200', mensaje: 'Conexión con SW Sapien correcta.', raw: '' };
      }
      const a = await this.autorizado(
        `${this.opts.apiUrl ?? this.opts.url}/management/v2/api/users/balance`,
        () => ({ method: 'GET' }),
      );
      const env = json(a);
      if (env.status !== 'success')
        throw new PacRespuestaInvalidaError('MALFORMED', mensajePac('MALFORMED'), a.text);
      return { ok: true, codigo: '200', mensaje: 'Conexión con SW Sapien correcta.', raw: a.text };
    } catch (e) {
      if (e instanceof PacError)
        return { ok: false, codigo: e.codigo, mensaje: e.message, raw: e.raw };
      throw e;
    }
  }
}

/**
 * A local stand-in for SW Sapien's REST services (and the SAT status SOAP service), on 127.0.0.1
 * with a random port, answering with SW's shapes (market-and-pacs.md §3.2). Stamping and
 * cancellation are delegated to a SandboxPac, so validation errors are real SAT codes. Faults are
 * scripted per request with `siguiente(...)`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PacError } from '../errors.ts';
import type { SandboxPac } from '../sandbox/sandbox-pac.ts';

/** A scripted answer for the next request (any endpoint). */
export type FallaFake =
  /** accept the request and never answer */
  | 'sin-respuesta'
  /** HTTP 200 with a body that is not JSON */
  | 'malformada'
  /** HTTP 200 JSON success without the expected fields */
  | 'incompleta'
  /** HTTP 500 */
  | 'error-500';

export interface FakeSwOptions {
  sandbox: SandboxPac;
  users?: Record<string, string>;
  /** Tokens accepted as long-lived portal tokens. */
  tokensFijos?: string[];
  /** Seconds an authenticated token lasts (expires_in). */
  expiresIn?: number;
  /** 307 answers carry the earlier CFDI in data.cfdi (v2 route) instead of messageDetail. */
  duplicadoEn?: 'data' | 'messageDetail' | 'ninguno';
}

export interface FakeSw {
  url: string;
  /** Requests received, for assertions: method, path, authorization. */
  llamadas: { method: string; path: string; authorization?: string }[];
  /** The last expresionImpresa received by the SAT status endpoint. */
  ultimaExpresion(): string;
  siguiente(falla: FallaFake): void;
  /** Every issued (non-fixed) token stops working, as after its 2 hours. */
  expirarTokens(): void;
  config: FakeSwOptions;
  close(): Promise<void>;
}

function leer(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The `xml` part of a multipart/form-data body. */
function parteXml(req: IncomingMessage, body: Buffer): string | undefined {
  const b = /boundary=(?:"([^"]+)"|([^;]+))/.exec(req.headers['content-type'] ?? '');
  const boundary = b?.[1] ?? b?.[2];
  if (!boundary) return undefined;
  for (const parte of body.toString('utf8').split(`--${boundary}`)) {
    const sep = parte.indexOf('\r\n\r\n');
    if (sep < 0) continue;
    const cabeceras = parte.slice(0, sep);
    if (!/name="xml"/.test(cabeceras)) continue;
    return parte.slice(sep + 4).replace(/\r\n$/, '');
  }
  return undefined;
}

function enviar(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/xml; charset=utf-8' : 'application/json',
  });
  res.end(text);
}

function errorSw(e: PacError): {
  status: string;
  message: string;
  messageDetail: string | null;
  data: null;
} {
  const detalle = e.incidencias[0]?.detalle;
  return { status: 'error', message: e.message, messageDetail: detalle ?? null, data: null };
}

export async function startFakeSw(config: FakeSwOptions): Promise<FakeSw> {
  const emitidos = new Set<string>();
  const fallas: FallaFake[] = [];
  const llamadas: FakeSw['llamadas'] = [];
  const colgadas = new Set<ServerResponse>();
  const users = config.users ?? { demo: '123456789' };
  let expresion = '';

  const autorizado = (req: IncomingMessage): boolean => {
    const t = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return !!t && (emitidos.has(t) || (config.tokensFijos ?? []).includes(t));
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      llamadas.push({
        method: req.method ?? '',
        path,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      });
      const body = await leer(req);
      const falla = fallas.shift();
      if (falla === 'sin-respuesta') {
        colgadas.add(res);
        return;
      }
      if (falla === 'malformada') return enviar(res, 200, '<html><body>Bad Gateway</body></html>');
      if (falla === 'incompleta') return enviar(res, 200, { status: 'success', data: {} });
      if (falla === 'error-500')
        return enviar(res, 500, { status: 'error', message: 'Internal Server Error' });

      if (req.method === 'POST' && path === '/v2/security/authenticate') {
        let cred: { user?: string; password?: string } = {};
        try {
          cred = JSON.parse(body.toString('utf8')) as typeof cred;
        } catch {
          cred = {};
        }
        if (!cred.user || users[cred.user] !== cred.password)
          return enviar(res, 401, {
            status: 'error',
            message: 'AU1001 - Usuario y/o contraseña inválidos.',
            messageDetail: null,
            data: null,
          });
        const token = randomBytes(24).toString('base64url');
        emitidos.add(token);
        return enviar(res, 200, {
          status: 'success',
          data: { token, expires_in: config.expiresIn ?? 7200 },
        });
      }

      if (req.method === 'POST' && path.endsWith('ConsultaCFDIService.svc')) {
        const expr = /<!\[CDATA\[([^\]]*)\]\]>/.exec(body.toString('utf8'))?.[1] ?? '';
        expresion = expr;
        // Read as the SAT does: '+' in fe (a base64 slice of the sello) is a plus, not a space, so
        // URLSearchParams (form decoding) would not find one in eight CFDIs.
        const q = expresionImpresa(expr);
        const e = await config.sandbox.consultarEstado({
          uuid: q.get('id') ?? '',
          rfcEmisor: q.get('re') ?? '',
          rfcReceptor: q.get('rr') ?? '',
          total: q.get('tt') ?? '',
          ...(q.get('fe') ? { sello8: q.get('fe') ?? '' } : {}),
        });
        return enviar(
          res,
          200,
          `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><ConsultaResponse xmlns="http://tempuri.org/">` +
            `<ConsultaResult xmlns:a="http://schemas.datacontract.org/2004/07/Sat.Cfdi.Negocio.ConsultaCfdi.Servicio" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">` +
            `<a:CodigoEstatus>${e.codigoEstatus}</a:CodigoEstatus><a:EsCancelable>${e.esCancelable}</a:EsCancelable>` +
            `<a:Estado>${e.estado}</a:Estado><a:EstatusCancelacion>${e.estatusCancelacion}</a:EstatusCancelacion>` +
            `<a:ValidacionEFOS>200</a:ValidacionEFOS></ConsultaResult></ConsultaResponse></s:Body></s:Envelope>`,
        );
      }

      if (!autorizado(req))
        return enviar(res, 401, {
          status: 'error',
          message: 'AU2000 - El token proporcionado no es válido o ha expirado.',
          messageDetail: null,
          data: null,
        });

      if (req.method === 'GET' && path === '/management/v2/api/users/balance')
        return enviar(res, 200, {
          status: 'success',
          data: { stampsBalance: 100, unlimited: false },
        });

      if (req.method === 'POST' && path === '/cfdi33/stamp/v4') {
        const xml = parteXml(req, body);
        if (!xml)
          return enviar(res, 400, {
            status: 'error',
            message: 'Xml CFDI33 no proporcionado o viene vacio.',
            messageDetail: null,
            data: null,
          });
        try {
          // SW keys duplicates by the document itself (customid only on the /v4 route)
          const t = await config.sandbox.timbrar(xml, {
            idempotencyKey: createHash('sha256').update(xml, 'utf8').digest('hex'),
          });
          if (t.previamenteTimbrado) {
            const modo = config.duplicadoEn ?? 'messageDetail';
            return enviar(res, 200, {
              status: 'error',
              message: '307. El comprobante contiene un timbre previo.',
              messageDetail: modo === 'messageDetail' ? t.xml : null,
              data: modo === 'data' ? { cfdi: t.xml } : null,
            });
          }
          return enviar(res, 200, {
            status: 'success',
            data: {
              cfdi: t.xml,
              cadenaOriginalSAT: t.cadenaOriginalTfd,
              noCertificadoSAT: t.noCertificadoSAT,
              noCertificadoCFDI: /NoCertificado="(\d+)"/.exec(xml)?.[1] ?? '',
              uuid: t.uuid,
              selloSAT: t.selloSAT,
              selloCFDI: t.selloCFD,
              fechaTimbrado: t.fechaTimbrado,
              qrCode: '',
            },
          });
        } catch (e) {
          if (e instanceof PacError) return enviar(res, 400, errorSw(e));
          throw e;
        }
      }

      if (req.method === 'POST' && path === '/cfdi33/cancel/xml') {
        const xml = parteXml(req, body) ?? '';
        const uuid = /\sUUID="([^"]+)"/.exec(xml)?.[1] ?? '';
        try {
          const r = await config.sandbox.cancelarSolicitudFirmada(xml);
          return enviar(res, 200, {
            status: 'success',
            data: { acuse: r.acuse, uuid: { [r.uuid]: r.codigoEstatus } },
          });
        } catch (e) {
          if (!(e instanceof PacError)) throw e;
          // per-folio codes come inside a success answer, as the SAT's EstatusUUID
          if (/^\d{3}$/.test(e.codigo) && e.codigo.startsWith('2'))
            return enviar(res, 200, {
              status: 'success',
              data: {
                acuse: `<Acuse><EstatusUUID>${e.codigo}</EstatusUUID></Acuse>`,
                uuid: { [uuid]: e.codigo },
              },
            });
          return enviar(res, 400, errorSw(e));
        }
      }

      return enviar(res, 404, { status: 'error', message: 'Not found', data: null });
    })().catch((e: unknown) => {
      if (!res.headersSent) enviar(res, 500, { status: 'error', message: String(e) });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    llamadas,
    ultimaExpresion: () => expresion,
    config,
    siguiente: (f) => fallas.push(f),
    expirarTokens: () => emitidos.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of colgadas) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The fields of a SAT expresionImpresa (?re=..&rr=..&tt=..&id=..&fe=..), percent-decoded only. */
export function expresionImpresa(expr: string): Map<string, string> {
  const campos = new Map<string, string>();
  for (const par of expr.replace(/^\?/, '').split('&')) {
    const i = par.indexOf('=');
    if (i < 0) continue;
    const valor = par.slice(i + 1);
    try {
      campos.set(par.slice(0, i), decodeURIComponent(valor));
    } catch {
      campos.set(par.slice(0, i), valor);
    }
  }
  return campos;
}

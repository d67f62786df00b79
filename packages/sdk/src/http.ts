// The transport of the client: one fetch per call, the app's envelope unwrapped, its errors thrown
// as ErrorDeApi with the Spanish message the API wrote.

export interface OpcionesCliente {
  /** The app's address, e.g. "https://facturas.example.com" (no trailing /api). */
  url: string;
  /** A session token or an API key: sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Another fetch (a test's, one with a proxy); the global one by default. */
  fetch?: typeof fetch;
  /** Tries of a stamping call after a lost answer or a 502/503, with the same Idempotency-Key. */
  reintentos?: number;
}

/** `{ success: false, dataError }`: the answer of every refused request. */
export class ErrorDeApi extends Error {
  readonly estado: number;
  readonly dataError: string | Record<string, string[]>;

  constructor(estado: number, dataError: string | Record<string, string[]>) {
    super(
      typeof dataError === 'string'
        ? dataError
        : Object.entries(dataError)
            .map(([campo, mensajes]) => `${campo}: ${mensajes.join(' ')}`)
            .join('; '),
    );
    this.name = 'ErrorDeApi';
    this.estado = estado;
    this.dataError = dataError;
  }
}

export interface Solicitud {
  /** "METHOD /api/path/:param", as the OpenAPI document and RUTAS write it. */
  ruta: string;
  params?: Record<string, string | number>;
  consulta?: Record<string, string | number | undefined>;
  cuerpo?: unknown;
  encabezados?: Record<string, string>;
  /** Whether the token goes along (the self-invoicing portal takes none). */
  publica?: boolean;
}

/** The URL of a route with its parameters and query filled in. */
export function urlDe(base: string, s: Solicitud): { metodo: string; url: string } {
  const [metodo = 'GET', patron = ''] = s.ruta.split(' ');
  const ruta = patron.replace(/:(\w+)\??/g, (_m, nombre: string) => {
    const valor = s.params?.[nombre];
    if (valor === undefined) throw new Error(`Falta el parámetro «${nombre}» de ${s.ruta}`);
    return encodeURIComponent(String(valor));
  });
  const url = new URL(ruta, base.endsWith('/') ? base : `${base}/`);
  for (const [k, v] of Object.entries(s.consulta ?? {})) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  return { metodo, url: url.toString() };
}

export class Transporte {
  constructor(private readonly opciones: OpcionesCliente) {}

  private encabezados(s: Solicitud): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json', ...s.encabezados };
    if (s.cuerpo !== undefined) h['content-type'] = 'application/json';
    if (this.opciones.token && !s.publica) h.authorization = `Bearer ${this.opciones.token}`;
    return h;
  }

  /** The raw answer; a refused one throws ErrorDeApi. */
  async respuesta(s: Solicitud): Promise<Response> {
    const { metodo, url } = urlDe(this.opciones.url, s);
    const res = await (this.opciones.fetch ?? fetch)(url, {
      method: metodo,
      headers: this.encabezados(s),
      ...(s.cuerpo !== undefined ? { body: JSON.stringify(s.cuerpo) } : {}),
    });
    if (!res.ok) {
      const texto = await res.text();
      let dataError: string | Record<string, string[]> = texto || res.statusText;
      try {
        dataError = (JSON.parse(texto) as { dataError: typeof dataError }).dataError ?? dataError;
      } catch {
        // Not the app's envelope (a proxy's page): the text itself is the message.
      }
      throw new ErrorDeApi(res.status, dataError);
    }
    return res;
  }

  /** `data` of the envelope `{ success: true, data }`. */
  async datos<T>(s: Solicitud): Promise<T> {
    const res = await this.respuesta(s);
    return ((await res.json()) as { data: T }).data;
  }

  /**
   * A stamping call: always with an Idempotency-Key (the caller's, or a new one kept for the
   * retries), retried after a lost answer or a 502/503, so that it never stamps twice.
   */
  async timbrar<T>(s: Solicitud, idempotencyKey?: string): Promise<T> {
    const clave = idempotencyKey ?? globalThis.crypto.randomUUID();
    const intentos = 1 + (this.opciones.reintentos ?? 2);
    for (let i = 1; ; i++) {
      try {
        return await this.datos<T>({
          ...s,
          encabezados: { ...s.encabezados, 'idempotency-key': clave },
        });
      } catch (e) {
        const reintentable = !(e instanceof ErrorDeApi) || e.estado === 502 || e.estado === 503;
        if (!reintentable || i >= intentos) throw e;
        await new Promise((r) => setTimeout(r, 250 * 2 ** (i - 1)));
      }
    }
  }
}

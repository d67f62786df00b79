/**
 * The sandbox PAC: validates a sealed CFDI as a real PAC does (rules §10.2, first failure wins for
 * stages A–E, every F–I finding in `incidencias`), answers SAT/PAC codes, stamps a
 * TimbreFiscalDigital 1.1 signed with its own certificate, is idempotent by the hash of cadena and
 * sello, and runs the SAT cancellation state machine (rules §9) on an injectable clock.
 */
import { createHash, randomUUID, sign, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import { XMLValidator } from 'fast-xml-parser';
import { buildCadenaOriginal } from '@repo/cfdi/cadena';
import { readCertificado, type Certificado } from '@repo/cfdi/csd';
import { medir } from '@repo/cfdi/fases';
import { verificarSello } from '@repo/cfdi/sello';
import type { FuenteTipoCambio } from '@repo/cfdi/tipo-cambio';
import {
  validateComprobante,
  type CatalogosLookup,
  referenciasDelComprobante,
} from '@repo/cfdi/validacion';
import { fechaLocal, NS, parseComprobanteXml, type Comprobante } from '@repo/cfdi/xml';
import { firmarSolicitudCancelacion, verificarSolicitudCancelacion } from '../cancelacion-xml.ts';
import { mensajePac, PacDuplicadoError, PacNoDisponibleError, PacRechazoError } from '../errors.ts';
import type {
  CancelarInput,
  ConsultarEstadoInput,
  EsCancelable,
  EstadoCfdi,
  Incidencia,
  Pac,
  ResultadoCancelacion,
  Timbre,
  TimbrarOptions,
} from '../pac.ts';
import { certificadoSandbox, type CertificadoSandbox } from './certificado-sandbox.ts';
import { MemorySandboxStore, type SandboxStore, type TimbreGuardado } from './store.ts';
import { finDeDiasHabiles, instanteDeFechaLocal, ZONA_CENTRO } from './tiempo.ts';
import { firmarTimbre, insertarTimbre } from './timbre.ts';
import { validarXsd } from './xsd.ts';

export type RespuestaReceptor = 'aceptar' | 'rechazar' | 'silencio';

/**
 * A scripted failure for the next stamp (rules 10.4): `antes-de-timbrar` fails with nothing stored;
 * `despues-de-timbrar` stores the stamp and then fails as a lost answer would. Both throw
 * PacNoDisponibleError('TIMEOUT'), so callers prove that a retry never gives a second UUID.
 */
export type FallaSandbox = 'antes-de-timbrar' | 'despues-de-timbrar';

export interface SandboxPacOptions {
  /** Directory of run-time state; the timbre certificate lives in `<dataDir>/sandbox-pac/`. */
  dataDir: string;
  /** Catalog lookups for stages F–I (`@repo/catalogos` provides them). */
  catalogos: CatalogosLookup;
  store?: SandboxStore;
  /** The sandbox's clock; tests move it. */
  clock?: () => Date;
  /** IANA zone (or c_CodigoPostal huso_descripcion) of a LugarExpedicion; default Zona Centro. */
  zonaHorariaDe?: (codigoPostal: string) => string | undefined;
  /** RfcProvCertif written in the TFD. */
  rfcProvCertif?: string;
  /**
   * Certificate authorities whose CSDs are accepted (PEM or DER). The SAT's production CAs are not
   * shipped in this repository; pass them here. Always added in sandbox mode: the repository's
   * local test CA (data/test-ca), unless `confiarCaDePruebas` is false.
   */
  autoridadesCertificadoras?: (string | Buffer)[];
  confiarCaDePruebas?: boolean;
  /** NoCertificado values of revoked CSDs (304). */
  revocados?: ReadonlySet<string>;
  /** LCO check (402): answer false when the emisor/serial is not registered. Default: all registered. */
  enLco?: (rfc: string, noCertificado: string) => boolean;
  /**
   * The SAT's list of RFC inscritos no cancelados (l_RFC, rules 10.3) for receivers: name, CP and
   * regímenes registered for an RFC. Without it receivers are not checked against a registry.
   */
  listaRfc?: (
    rfc: string,
  ) => { nombre: string; cp: string; regimenes: readonly string[] } | undefined;
  /** Receivers missing from `listaRfc`: 'lenient' (default) accepts them, 'strict' answers CFDI40143. */
  receptorDesconocido?: 'lenient' | 'strict';
  /**
   * Reference exchange rates (Banxico FIX) for CFDI40118. Without it, or when it does not know the
   * day's rate, TipoCambio is not compared (as a PAC whose reference is unknown to us).
   */
  tiposDeCambio?: FuenteTipoCambio;
  /** Future tolerance of Fecha (ms); default 5 minutes. */
  toleranciaFuturoMs?: number;
  /** XSD validation with libxml2/WASM (about 2 s per document); default true. */
  validarEsquema?: boolean;
  /** Official holidays (AAAA-MM-DD) that are not business days. */
  feriados?: readonly string[];
  /** How a receiver answers a cancellation that needs acceptance; default 'silencio'. */
  respuestaReceptor?: (rfcReceptor: string) => RespuestaReceptor;
  /**
   * SAT propagation delay (rules 9.6): for this long after stamping, cancelling answers 205 as the
   * SAT does not know the UUID yet. Default 0.
   */
  retrasoPropagacionMs?: number;
  /** Last day to cancel, month-day of the year after issue (rules 9.5). */
  plazoCancelacion?: { moral: string; fisica: string };
}

const UUID_RE = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;
const HORA = 3600_000;

function rechazo(codigo: string, detalle?: string, incidencias?: Incidencia[]): PacRechazoError {
  const mensaje = `${codigo} - ${mensajePac(codigo)}`;
  const raw = JSON.stringify({
    status: 'error',
    message: mensaje,
    messageDetail: detalle ?? null,
    data: null,
    errors: incidencias ?? [{ codigo, mensaje: mensajePac(codigo), detalle }],
  });
  return new PacRechazoError(
    codigo,
    mensaje,
    raw,
    incidencias ?? [{ codigo, mensaje: mensajePac(codigo), ...(detalle ? { detalle } : {}) }],
  );
}

/** The sandbox's idempotency hash: SHA-256 of the cadena, a newline and the Sello. */
/** CFDI3307: a different CFDI under a key that already has a stamp (its stamp travels with it). */
function duplicado(t: TimbreGuardado): PacDuplicadoError {
  const mensaje = `CFDI3307 - ${mensajePac('CFDI3307')}`;
  return new PacDuplicadoError(
    'CFDI3307',
    mensaje,
    JSON.stringify({ status: 'error', message: mensaje, data: { uuid: t.uuid } }),
    { uuid: t.uuid, xml: t.xml, fechaTimbrado: t.fechaTimbrado },
  );
}

/** The fiscal rules' refusal: the first error as code and message, every one as an incidencia. */
function rechazoFiscal(errores: ReturnType<typeof validateComprobante>): PacRechazoError {
  const incidencias = errores.map((e) => ({
    codigo: e.code,
    mensaje: e.message,
    ruta: e.field,
    ...(e.satRule !== undefined ? { detalle: e.satRule } : {}),
  }));
  const primero = errores[0]!;
  const mensaje = `${primero.code} - ${primero.message}`;
  return new PacRechazoError(
    primero.code,
    mensaje,
    JSON.stringify({
      status: 'error',
      message: mensaje,
      messageDetail: primero.field,
      data: null,
      errors: incidencias,
    }),
    incidencias,
  );
}

function hashDe(leido: { c: Comprobante; cadena: string }): string {
  return createHash('sha256')
    .update(leido.cadena, 'utf8')
    .update('\n')
    .update(leido.c.Sello ?? '')
    .digest('hex');
}

function repoTestCa(): string {
  return readFileSync(new URL('../../../../data/test-ca/ca.cer.pem', import.meta.url), 'utf8');
}

export class SandboxPac implements Pac {
  readonly store: SandboxStore;
  private readonly clock: () => Date;
  private readonly cas: X509Certificate[];
  /** Certificates already read, with whether a trusted CA issued them (see validarCertificado). */
  private readonly certificados = new Map<string, { cert: Certificado; emitidoPorCa: boolean }>();
  private readonly feriados: ReadonlySet<string>;
  private cert: CertificadoSandbox | undefined;
  private readonly fallas: FallaSandbox[] = [];

  constructor(private readonly opts: SandboxPacOptions) {
    this.store = opts.store ?? new MemorySandboxStore();
    this.clock = opts.clock ?? (() => new Date());
    this.cas = (opts.autoridadesCertificadoras ?? []).map((c) => new X509Certificate(c));
    if (opts.confiarCaDePruebas !== false) this.cas.push(new X509Certificate(repoTestCa()));
    this.feriados = new Set(opts.feriados ?? []);
  }

  /** Queues a failure for the next stamp that passes validation (tests, fault injection). */
  inyectarFalla(falla: FallaSandbox): void {
    this.fallas.push(falla);
  }

  /** The timbre certificate (made on first use), to publish so anyone can verify a SelloSAT. */
  certificado(): { noCertificado: string; pem: string; der: Buffer } {
    const c = this.certSandbox();
    return { noCertificado: c.noCertificado, pem: c.pem, der: c.der };
  }

  private certSandbox(): CertificadoSandbox {
    this.cert ??= certificadoSandbox(this.opts.dataDir);
    return this.cert;
  }

  private zona(cp: string): string {
    return this.opts.zonaHorariaDe?.(cp) || ZONA_CENTRO;
  }

  // ------------------------------------------------------------------------------ timbrar

  async timbrar(xml: string, options: TimbrarOptions): Promise<Timbre> {
    const text = xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml;
    // A1
    const wf = medir('pac.bienFormado', () => XMLValidator.validate(text));
    if (wf !== true) throw rechazo('301', `Línea ${wf.err.line}: ${wf.err.msg}`);
    // A2
    const raiz = /<(?:([A-Za-z_][\w.-]*):)?Comprobante\b([^>]*)>/.exec(text);
    if (!raiz) throw rechazo('301', 'El nodo raíz no es Comprobante.');
    const prefijo = raiz[1];
    const nsDecl = new RegExp(`xmlns${prefijo ? `:${prefijo}` : ''}="([^"]*)"`).exec(raiz[2] ?? '');
    if (nsDecl?.[1] !== NS.cfdi) throw rechazo('CC3002');
    if (!/\sVersion="4\.0"/.test(raiz[2] ?? ''))
      throw rechazo('301', 'El atributo Version debe ser 4.0.');
    // A4 + B for a stamped XML sent back
    if (text.includes(NS.tfd)) {
      const uuid = /\sUUID="([^"]+)"/.exec(text.slice(text.indexOf('TimbreFiscalDigital')))?.[1];
      const previo = uuid ? await this.store.porUuid(uuid) : undefined;
      if (previo) return this.respuestaTimbre(previo, true, options);
      throw rechazo('307');
    }
    // B: a document stamped before was schema-valid then, so its stamp is answered whatever the
    // checks say today. With a store that saves "unless stamped" in one statement
    // (`guardarSiNuevo`), the look-up runs only when a check fails; else before the checks.
    let leido: { c: Comprobante; cadena: string } | Error;
    try {
      const comprobante = medir('pac.lectura', () =>
        // A1 above checked this very text with the same validator.
        parseComprobanteXml(text, { bienFormado: true }),
      );
      leido = {
        c: comprobante,
        cadena: medir('pac.cadena', () => buildCadenaOriginal(comprobante)),
      };
    } catch (e) {
      leido = e instanceof Error ? e : new Error(String(e));
    }
    const hash = leido instanceof Error ? '' : medir('pac.cadena', () => hashDe(leido));
    const key = options.idempotencyKey;
    if (hash && this.store.guardarSiNuevo && this.fallas.length === 0) {
      let timbre: TimbreGuardado;
      // The same key on another CFDI is found by the save; a check that fails after that point
      // looks it up, so the answer is the one the rules' order gives.
      let pasoLaLlave = false;
      try {
        timbre = await this.verificarYFirmar(text, leido, hash, key, () => {
          pasoLaLlave = true;
          return Promise.resolve(undefined);
        });
      } catch (err) {
        const r = await this.previos(hash, key);
        if (r.porHash) return this.respuestaTimbre(r.porHash, true, options);
        if (pasoLaLlave && r.porLlave) throw duplicado(r.porLlave);
        throw err;
      }
      const g = await this.store.guardarSiNuevo(timbre, key);
      if ('guardado' in g) return this.respuestaTimbre(g.guardado, false, options);
      if (g.porHash) return this.respuestaTimbre(g.porHash, true, options);
      throw duplicado(g.porLlave);
    }
    let previo: TimbreGuardado | undefined;
    let mismaLlave: { t: TimbreGuardado | undefined } | undefined;
    if (hash) {
      const r = await this.previos(hash, key);
      previo = r.porHash;
      mismaLlave = { t: r.porLlave };
    }
    if (previo) return this.respuestaTimbre(previo, true, options);
    const timbre = await this.verificarYFirmar(text, leido, hash, key, async () =>
      mismaLlave ? mismaLlave.t : this.store.porIdempotencyKey(key),
    );
    // J
    const falla = this.fallas.shift();
    if (falla === 'antes-de-timbrar')
      throw new PacNoDisponibleError('TIMEOUT', mensajePac('TIMEOUT'), '');
    const guardado = await this.store.guardarSiNoExiste(timbre);
    if (falla === 'despues-de-timbrar')
      throw new PacNoDisponibleError('TIMEOUT', mensajePac('TIMEOUT'), '');
    return this.respuestaTimbre(guardado, guardado.uuid !== timbre.uuid, options);
  }

  /** The stamp of this hash and the first stamp under this key, in one round trip when possible. */
  private async previos(
    hash: string,
    key: string,
  ): Promise<{ porHash?: TimbreGuardado; porLlave?: TimbreGuardado }> {
    if (this.store.porHashYLlave) return this.store.porHashYLlave(hash, key);
    const porHash = await this.store.porHash(hash);
    const porLlave = await this.store.porIdempotencyKey(key);
    return { ...(porHash ? { porHash } : {}), ...(porLlave ? { porLlave } : {}) };
  }

  /**
   * A5 to I, in the order the rules give (schema, the same key on another CFDI, certificate, Sello,
   * dates, fiscal rules), then the TimbreFiscalDigital signed: the new stamp, not yet stored.
   */
  private async verificarYFirmar(
    text: string,
    leido: { c: Comprobante; cadena: string } | Error,
    hash: string,
    key: string,
    mismaLlave: () => Promise<TimbreGuardado | undefined>,
  ): Promise<TimbreGuardado> {
    // A5
    if (this.opts.validarEsquema !== false) {
      const errores = await validarXsd(text);
      if (errores.length) throw rechazo('301', errores[0]);
    }
    if (leido instanceof Error) throw rechazo('301', leido.message);
    const { c, cadena } = leido;

    // a different CFDI under a key that already has a stamp: the same sale sealed twice (pain 6)
    const otro = await mismaLlave();
    if (otro) throw duplicado(otro);
    const ahora = this.clock();
    const cert = this.validarCertificado(c);
    // D
    const sello = c.Sello;
    if (!sello || !medir('pac.verificacion', () => verificarSello(cadena, sello, cert)))
      throw rechazo('CFDI40102');
    // E
    const fecha = this.fechaInstante(c);
    const tolerancia = this.opts.toleranciaFuturoMs ?? 5 * 60_000;
    if (
      fecha.getTime() < ahora.getTime() - 72 * HORA ||
      fecha.getTime() > ahora.getTime() + tolerancia
    ) {
      const z = this.zona(c.LugarExpedicion);
      throw rechazo(
        '401',
        `Comprobante.Fecha: Fecha de emisión: ${c.Fecha} Fecha del Servidor: ${fechaLocal(ahora, z)} ` +
          `La fecha de emision no se encuentra en el rango permitido: ` +
          `${fechaLocal(new Date(ahora.getTime() - 72 * HORA), z)} - ${fechaLocal(new Date(ahora.getTime() + tolerancia), z)}`,
      );
    }
    if (c.Fecha < '2011-01-01') throw rechazo('403');
    if (fecha < cert.validFrom || fecha > cert.validTo) throw rechazo('305');
    // F–I
    // The reference rates of the document's Moneda and of each payment's MonedaP (CFDI40118, CRP20216).
    const referencias = await referenciasDelComprobante(c, this.opts.tiposDeCambio);
    const errores = medir('pac.validacion', () => [
      ...this.validarReceptorEnLista(c),
      ...validateComprobante(c, {
        catalogos: this.opts.catalogos,
        fecha: c.Fecha,
        tipoCambioReferencia: referencias,
      }),
    ]);
    if (errores.length) throw rechazoFiscal(errores);
    const instante = new Date(Math.max(ahora.getTime(), fecha.getTime()));
    const sandbox = this.certSandbox();
    const datos = {
      UUID: randomUUID().toUpperCase(),
      FechaTimbrado: fechaLocal(instante, ZONA_CENTRO),
      RfcProvCertif: this.opts.rfcProvCertif ?? 'PAC010101AAA',
      SelloCFD: sello,
      NoCertificadoSAT: sandbox.noCertificado,
    };
    const tfd = firmarTimbre(datos, sandbox.llave);
    return {
      hash,
      uuid: datos.UUID,
      xml: medir('pac.timbre', () => insertarTimbre(text, tfd.elemento)),
      fechaTimbrado: datos.FechaTimbrado,
      instanteTimbrado: instante.toISOString(),
      selloSAT: tfd.selloSAT,
      selloCFD: sello,
      cadenaOriginalTfd: tfd.cadena,
      rfcEmisor: c.Emisor.Rfc,
      rfcReceptor: c.Receptor.Rfc,
      total: c.Total,
      moneda: c.Moneda,
      ...(c.TipoCambio ? { tipoCambio: c.TipoCambio } : {}),
      tipoDeComprobante: c.TipoDeComprobante,
      bloquea: bloqueos(c),
      idempotencyKeys: [key],
      estado: 'Vigente',
      estatusCancelacion: '',
      solicitudes: [],
    };
  }

  private async respuestaTimbre(
    t: TimbreGuardado,
    previo: boolean,
    options: TimbrarOptions,
  ): Promise<Timbre> {
    if (previo && !t.idempotencyKeys.includes(options.idempotencyKey)) {
      t.idempotencyKeys.push(options.idempotencyKey);
      await this.store.actualizar(t);
    }
    const raw = medir('pac.respuesta', () =>
      JSON.stringify({
        status: 'success',
        ...(previo ? { previouslyStamped: true, message: `307 - ${mensajePac('307')}` } : {}),
        data: {
          cfdi: t.xml,
          uuid: t.uuid,
          fechaTimbrado: t.fechaTimbrado,
          noCertificadoSAT: this.certSandbox().noCertificado,
          selloSAT: t.selloSAT,
          selloCFDI: t.selloCFD,
          cadenaOriginalSAT: t.cadenaOriginalTfd,
        },
      }),
    );
    return {
      codigo: previo ? '307' : '200',
      mensaje: previo ? mensajePac('307') : 'Comprobante timbrado satisfactoriamente.',
      incidencias: previo ? [{ codigo: '307', mensaje: mensajePac('307') }] : [],
      raw,
      xml: t.xml,
      uuid: t.uuid,
      fechaTimbrado: t.fechaTimbrado,
      noCertificadoSAT: this.certSandbox().noCertificado,
      selloSAT: t.selloSAT,
      selloCFD: t.selloCFD,
      rfcProvCertif: /RfcProvCertif="([^"]+)"/.exec(t.xml)?.[1] ?? '',
      cadenaOriginalTfd: t.cadenaOriginalTfd,
      previamenteTimbrado: previo,
    };
  }

  /** C1–C8 (rules 10.2). */
  private validarCertificado(c: Comprobante): Certificado {
    let cert: Certificado;
    let emitidoPorCa: boolean;
    const conocido = c.Certificado ? this.certificados.get(c.Certificado) : undefined;
    if (conocido) {
      ({ cert, emitidoPorCa } = conocido);
    } else {
      try {
        if (!c.Certificado) throw new Error('Sin certificado');
        cert = readCertificado(Buffer.from(c.Certificado, 'base64'));
        if (cert.x509.publicKey.asymmetricKeyType !== 'rsa') throw new Error('La llave no es RSA');
      } catch (e) {
        throw rechazo('CFDI40106', (e as Error).message);
      }
      const leido = cert;
      emitidoPorCa = this.cas.some(
        (ca) => leido.x509.checkIssued(ca) && leido.x509.verify(ca.publicKey),
      );
      // Parsing the certificate and checking its issuer's signature depend only on its bytes and
      // the trusted CAs: done once per certificate (an issuer sends the same one every time).
      if (this.certificados.size >= 1000) this.certificados.clear();
      this.certificados.set(c.Certificado ?? '', { cert, emitidoPorCa });
    }
    if (cert.noCertificado !== c.NoCertificado)
      throw rechazo(
        'CFDI40106',
        `NoCertificado ${c.NoCertificado ?? ''} no corresponde al certificado (${cert.noCertificado}).`,
      );
    if (!cert.isCsd) throw rechazo('306');
    if (!emitidoPorCa) throw rechazo('308', cert.x509.issuer.replace(/\n/g, ', '));
    if (cert.rfc !== c.Emisor.Rfc.toUpperCase())
      throw rechazo('303', `RFC del CSD: ${cert.rfc}; RFC del emisor: ${c.Emisor.Rfc}`);
    if (this.opts.revocados?.has(cert.noCertificado)) throw rechazo('304');
    if (this.opts.enLco && !this.opts.enLco(cert.rfc, cert.noCertificado))
      throw rechazo(
        '402',
        `No se encontró el RFC [${cert.rfc}] en la Lista de Contribuyentes Obligados.`,
      );
    return cert;
  }

  /** Stage G against the l_RFC registry: CFDI40143, CFDI40145, CFDI40148, CFDI40159. */
  private validarReceptorEnLista(
    c: Comprobante,
  ): { code: string; field: string; message: string; satRule: string }[] {
    const lista = this.opts.listaRfc;
    const rfc = c.Receptor.Rfc.toUpperCase();
    if (!lista || rfc === 'XAXX010101000' || rfc === 'XEXX010101000') return [];
    const e = (code: string, field: string) => ({
      code,
      field,
      message: mensajePac(code),
      satRule: 'Lista de RFC inscritos no cancelados (l_RFC)',
    });
    const registro = lista(rfc);
    if (!registro)
      return this.opts.receptorDesconocido === 'strict' ? [e('CFDI40143', 'Receptor.Rfc')] : [];
    const norm = (v: string) => v.toUpperCase().replace(/\s+/g, ' ').trim();
    const out = [];
    if (norm(registro.nombre) !== norm(c.Receptor.Nombre))
      out.push(e('CFDI40145', 'Receptor.Nombre'));
    if (registro.cp !== c.Receptor.DomicilioFiscalReceptor)
      out.push(e('CFDI40148', 'Receptor.DomicilioFiscalReceptor'));
    if (!registro.regimenes.includes(c.Receptor.RegimenFiscalReceptor))
      out.push(e('CFDI40159', 'Receptor.RegimenFiscalReceptor'));
    return out;
  }

  private fechaInstante(c: Comprobante): Date {
    return instanteDeFechaLocal(c.Fecha, this.zona(c.LugarExpedicion));
  }

  // ------------------------------------------------------------------------ cancellation

  private async clasificar(t: TimbreGuardado, ahora: Date): Promise<EsCancelable> {
    const relacionados = await this.store.relacionadosCon(t.uuid);
    if (relacionados.some((r) => r.estado === 'Vigente')) return 'No cancelable';
    if (['E', 'N', 'T'].includes(t.tipoDeComprobante)) return 'Cancelable sin aceptación';
    if (['XAXX010101000', 'XEXX010101000'].includes(t.rfcReceptor))
      return 'Cancelable sin aceptación';
    if (
      t.tipoDeComprobante === 'I' &&
      new Decimal(t.total).mul(t.moneda === 'MXN' ? 1 : (t.tipoCambio ?? 1)).lte(1000)
    )
      return 'Cancelable sin aceptación';
    if (ahora < finDeDiasHabiles(new Date(t.instanteTimbrado), 1, this.feriados))
      return 'Cancelable sin aceptación';
    return 'Cancelable con aceptación';
  }

  /** Applies the passage of time: a request with no answer past its deadline is 'Plazo vencido'. */
  private async alDia(t: TimbreGuardado, ahora: Date): Promise<TimbreGuardado> {
    const s = t.solicitudes.at(-1);
    if (t.estatusCancelacion === 'En proceso' && s?.plazo && ahora >= new Date(s.plazo)) {
      t.estado = 'Cancelado';
      t.estatusCancelacion = 'Plazo vencido';
      s.respuesta = 'Plazo vencido';
      s.fechaRespuesta = s.plazo;
      await this.store.actualizar(t);
    }
    return t;
  }

  private plazoLegal(t: TimbreGuardado): Date {
    const anio = Number(t.fechaTimbrado.slice(0, 4)) + 1;
    const p = this.opts.plazoCancelacion ?? { moral: '03-31', fisica: '04-30' };
    const md = t.rfcEmisor.length === 12 ? p.moral : p.fisica;
    return instanteDeFechaLocal(`${anio}-${md}T23:59:59`, ZONA_CENTRO);
  }

  private acuse(uuid: string, rfcEmisor: string, fecha: string, codigo: string): string {
    const cuerpo = `<Acuse xmlns="http://cancelacfd.sat.gob.mx" Fecha="${fecha}" RfcEmisor="${rfcEmisor}"><Folios><UUID>${uuid}</UUID><EstatusUUID>${codigo}</EstatusUUID></Folios>`;
    const firma = sign('sha256', Buffer.from(cuerpo, 'utf8'), this.certSandbox().llave).toString(
      'base64',
    );
    return `${cuerpo}<SelloSAT NoCertificadoSAT="${this.certSandbox().noCertificado}">${firma}</SelloSAT></Acuse>`;
  }

  async cancelar(input: CancelarInput): Promise<ResultadoCancelacion> {
    if (!UUID_RE.test(input.uuid)) throw rechazo('205', `UUID con formato inválido: ${input.uuid}`);
    // the request is signed with the emisor's CSD here, as our API does before sending it to a PAC
    const solicitud = firmarSolicitudCancelacion({
      rfcEmisor: input.rfcEmisor,
      fecha: fechaLocal(this.clock(), ZONA_CENTRO),
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
    return this.cancelarSolicitudFirmada(solicitud);
  }

  /**
   * Processes a signed cancellation request (cancelacion-xml.ts), as the SAT receives it through a
   * PAC: the signature must verify and the certificate must be the emisor's (else 203).
   */
  async cancelarSolicitudFirmada(xml: string): Promise<ResultadoCancelacion> {
    const ahora = this.clock();
    const verificada = verificarSolicitudCancelacion(xml);
    if (!verificada) throw rechazo('301', 'La firma de la solicitud de cancelación no es válida.');
    const folio = verificada.folios[0];
    if (!folio || verificada.folios.length !== 1)
      throw rechazo('301', 'La solicitud debe traer exactamente un folio.');
    const input = { ...folio, rfcEmisor: verificada.rfcEmisor };
    const uuid = input.uuid.toUpperCase();
    if (!UUID_RE.test(uuid)) throw rechazo('205', `UUID con formato inválido: ${input.uuid}`);
    if (!['01', '02', '03', '04'].includes(input.motivo)) throw rechazo('207');
    if (input.motivo === '01' && !(input.folioSustitucion && UUID_RE.test(input.folioSustitucion)))
      throw rechazo('207', 'El motivo 01 requiere el UUID del comprobante que sustituye.');
    if (input.motivo !== '01' && input.folioSustitucion)
      throw rechazo('207', 'El folio de sustitución sólo se admite con el motivo 01.');
    const certRfc = readCertificado(verificada.certificado.raw).rfc;
    if (certRfc !== input.rfcEmisor.toUpperCase())
      throw rechazo('203', `El certificado es de ${certRfc || 'otro RFC'}.`);

    const found = await this.store.porUuid(uuid);
    if (!found) throw rechazo('205');
    const propagacion = this.opts.retrasoPropagacionMs ?? 0;
    if (ahora.getTime() < new Date(found.instanteTimbrado).getTime() + propagacion)
      throw rechazo('205', 'El SAT aún no conoce el UUID; reintente más tarde.');
    const t = await this.alDia(found, ahora);
    if (t.rfcEmisor !== input.rfcEmisor.toUpperCase()) throw rechazo('203');
    const fecha = fechaLocal(ahora, ZONA_CENTRO);
    if (t.estado === 'Cancelado' || t.estatusCancelacion === 'En proceso') {
      const acuse = this.acuse(uuid, t.rfcEmisor, fecha, '202');
      return {
        codigo: '202',
        mensaje: mensajePac('202'),
        incidencias: [],
        raw: acuse,
        uuid,
        codigoEstatus: '202',
        acuse,
        estado: await this.estadoDe(t, ahora),
      };
    }
    if (t.solicitudes.length >= 5)
      throw rechazo('799', 'Excedieron el límite de las 5 peticiones.');
    if (ahora > this.plazoLegal(t)) throw rechazo('208');
    const esCancelable = await this.clasificar(t, ahora);
    if (esCancelable === 'No cancelable') throw rechazo('no_cancelable');

    const acuse = this.acuse(uuid, t.rfcEmisor, fecha, '201');
    const s: TimbreGuardado['solicitudes'][number] = {
      fecha: ahora.toISOString(),
      motivo: input.motivo,
      ...(input.folioSustitucion ? { folioSustitucion: input.folioSustitucion.toUpperCase() } : {}),
      esCancelable,
      acuse,
    };
    t.solicitudes.push(s);
    if (esCancelable === 'Cancelable sin aceptación') {
      t.estado = 'Cancelado';
      t.estatusCancelacion = 'Cancelado sin aceptación';
      s.respuesta = 'Sin aceptacion';
      s.fechaRespuesta = s.fecha;
    } else {
      s.plazo = finDeDiasHabiles(ahora, 3, this.feriados).toISOString();
      t.estatusCancelacion = 'En proceso';
      const r = this.opts.respuestaReceptor?.(t.rfcReceptor) ?? 'silencio';
      if (r !== 'silencio')
        this.aplicarRespuesta(t, r === 'aceptar' ? 'Aceptacion' : 'Rechazo', ahora);
    }
    await this.store.actualizar(t);
    return {
      codigo: '201',
      mensaje: mensajePac('201'),
      incidencias: [],
      raw: acuse,
      uuid,
      codigoEstatus: '201',
      acuse,
      estado: await this.estadoDe(t, ahora),
    };
  }

  private aplicarRespuesta(t: TimbreGuardado, r: 'Aceptacion' | 'Rechazo', ahora: Date): void {
    const s = t.solicitudes.at(-1)!;
    s.respuesta = r;
    s.fechaRespuesta = ahora.toISOString();
    if (r === 'Aceptacion') {
      t.estado = 'Cancelado';
      t.estatusCancelacion = 'Cancelado con aceptación';
    } else {
      t.estatusCancelacion = 'Solicitud rechazada';
    }
  }

  /**
   * Plays the receiver: accepts or rejects a pending cancellation (Finkok codes 1000–1005).
   * Answers '1000' or throws PacRechazoError with 1001/1002/1003/1005.
   */
  async responderComoReceptor(input: {
    uuid: string;
    rfcReceptor: string;
    respuesta: 'Aceptacion' | 'Rechazo';
  }): Promise<{ codigo: '1000'; mensaje: string; estado: EstadoCfdi }> {
    const ahora = this.clock();
    if (!UUID_RE.test(input.uuid)) throw rechazo('1005');
    const found = await this.store.porUuid(input.uuid);
    if (!found) throw rechazo('1001');
    const t = await this.alDia(found, ahora);
    if (t.rfcReceptor !== input.rfcReceptor.toUpperCase()) throw rechazo('1003');
    if (t.estatusCancelacion !== 'En proceso')
      throw rechazo(t.solicitudes.length ? '1002' : '1001');
    this.aplicarRespuesta(t, input.respuesta, ahora);
    await this.store.actualizar(t);
    return { codigo: '1000', mensaje: mensajePac('1000'), estado: await this.estadoDe(t, ahora) };
  }

  private async estadoDe(t: TimbreGuardado, ahora: Date): Promise<EstadoCfdi> {
    const esCancelable = t.estado === 'Cancelado' ? '' : await this.clasificar(t, ahora);
    const r = {
      CodigoEstatus: 'S - Comprobante obtenido satisfactoriamente.',
      Estado: t.estado,
      EsCancelable: esCancelable,
      EstatusCancelacion: t.estatusCancelacion,
    };
    return {
      codigo: 'S',
      mensaje: r.CodigoEstatus,
      incidencias: [],
      raw: JSON.stringify(r),
      codigoEstatus: r.CodigoEstatus,
      estado: t.estado,
      esCancelable,
      estatusCancelacion: t.estatusCancelacion,
    };
  }

  async consultarEstado(input: ConsultarEstadoInput): Promise<EstadoCfdi> {
    const ahora = this.clock();
    const found = UUID_RE.test(input.uuid) ? await this.store.porUuid(input.uuid) : undefined;
    let total: Decimal | undefined;
    try {
      total = new Decimal(input.total);
    } catch {
      total = undefined;
    }
    if (
      !found ||
      !total ||
      found.rfcEmisor !== input.rfcEmisor.toUpperCase() ||
      found.rfcReceptor !== input.rfcReceptor.toUpperCase() ||
      !total.eq(found.total) ||
      (input.sello8 !== undefined && !found.selloCFD.endsWith(input.sello8))
    ) {
      const r = {
        CodigoEstatus: 'N - 602: Comprobante no encontrado.',
        Estado: 'No Encontrado',
        EsCancelable: '',
        EstatusCancelacion: '',
      };
      return {
        codigo: 'N',
        mensaje: r.CodigoEstatus,
        incidencias: [],
        raw: JSON.stringify(r),
        codigoEstatus: r.CodigoEstatus,
        estado: 'No Encontrado',
        esCancelable: '',
        estatusCancelacion: '',
      };
    }
    return this.estadoDe(await this.alDia(found, ahora), ahora);
  }
}

/** UUIDs whose cancellation this CFDI blocks while vigente (rules 9.4). */
function bloqueos(c: Comprobante): string[] {
  const out = new Set<string>();
  for (const g of c.CfdiRelacionados ?? [])
    if (['01', '02', '03', '07'].includes(g.TipoRelacion))
      for (const r of g.CfdiRelacionado) out.add(r.UUID.toUpperCase());
  for (const p of c.Complemento?.Pagos?.Pago ?? [])
    for (const d of p.DoctoRelacionado) out.add(d.IdDocumento.toUpperCase());
  return [...out];
}

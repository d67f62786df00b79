/**
 * The sandbox PAC: validates a sealed CFDI as a real PAC does (rules §10.2, first failure wins for
 * stages A–E, every F–I finding in `incidencias`), answers SAT/PAC codes, stamps a
 * TimbreFiscalDigital 1.1 signed with its own certificate, is idempotent by the hash of cadena and
 * sello, and runs the SAT cancellation state machine (rules §9) on an injectable clock.
 *
 * This file is the entry and the well-formedness stages (A1–A4); the checks live in
 * verificacion.ts, the TFD in timbre.ts, stamping once in idempotencia.ts, the answers in
 * respuestas.ts and cancellation in cancelacion-sandbox.ts.
 */
import { XMLValidator } from 'fast-xml-parser';
import { buildCadenaOriginal } from '@repo/cfdi/cadena';
import { medir } from '@repo/cfdi/fases';
import { fechaLocal, NS, parseComprobanteXml } from '@repo/cfdi/xml';
import { firmarSolicitudCancelacion } from '../cancelacion-xml.ts';
import type {
  CancelarInput,
  ConsultarEstadoInput,
  EstadoCfdi,
  Pac,
  ResultadoCancelacion,
  Timbre,
  TimbrarOptions,
} from '../pac.ts';
import { CancelacionSandbox, UUID_RE } from './cancelacion-sandbox.ts';
import { certificadoSandbox, type CertificadoSandbox } from './certificado-sandbox.ts';
import { responder, timbrarUnaVez, type Timbrador } from './idempotencia.ts';
import type { FallaSandbox, SandboxPacOptions } from './opciones.ts';
import { rechazo } from './respuestas.ts';
import { MemorySandboxStore, type SandboxStore, type TimbreGuardado } from './store.ts';
import { ZONA_CENTRO } from './tiempo.ts';
import { nuevoTimbre } from './timbre.ts';
import { VerificacionSandbox, type Leido } from './verificacion.ts';

export type { FallaSandbox, RespuestaReceptor, SandboxPacOptions } from './opciones.ts';

export class SandboxPac implements Pac {
  readonly store: SandboxStore;
  private readonly clock: () => Date;
  private readonly fallas: FallaSandbox[] = [];
  private readonly verificacion: VerificacionSandbox;
  private readonly cancelacion: CancelacionSandbox;
  /** What stamping once (idempotencia.ts) needs of this sandbox. */
  private readonly timbrador: Timbrador;
  private cert: CertificadoSandbox | undefined;

  constructor(private readonly opts: SandboxPacOptions) {
    this.store = opts.store ?? new MemorySandboxStore();
    const clock = (this.clock = opts.clock ?? (() => new Date()));
    this.verificacion = new VerificacionSandbox(opts, clock);
    this.timbrador = {
      store: this.store,
      fallas: this.fallas,
      noCertificadoSAT: () => this.certSandbox().noCertificado,
      verificarYFirmar: (...args) => this.verificarYFirmar(...args),
    };
    this.cancelacion = new CancelacionSandbox(
      this.store,
      clock,
      opts,
      new Set(opts.feriados ?? []),
      () => this.certSandbox(),
    );
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
      if (previo) return responder(this.timbrador, previo, true, options.idempotencyKey);
      throw rechazo('307');
    }
    return timbrarUnaVez(this.timbrador, text, leer(text), options.idempotencyKey);
  }

  /** A5 to I in the rules' order, then the TimbreFiscalDigital signed: the new stamp, not yet stored. */
  private async verificarYFirmar(
    text: string,
    leido: Leido,
    hash: string,
    key: string,
    mismaLlave: () => Promise<TimbreGuardado | undefined>,
  ): Promise<TimbreGuardado> {
    const v = await this.verificacion.verificar(text, leido, mismaLlave);
    return nuevoTimbre(text, v, {
      hash,
      key,
      rfcProvCertif: this.opts.rfcProvCertif ?? 'PAC010101AAA',
      certificado: this.certSandbox(),
    });
  }

  // ------------------------------------------------------------------------ cancellation

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
  cancelarSolicitudFirmada(xml: string): Promise<ResultadoCancelacion> {
    return this.cancelacion.cancelarSolicitudFirmada(xml);
  }

  /**
   * Plays the receiver: accepts or rejects a pending cancellation (Finkok codes 1000–1005).
   * Answers '1000' or throws PacRechazoError with 1001/1002/1003/1005.
   */
  responderComoReceptor(input: {
    uuid: string;
    rfcReceptor: string;
    respuesta: 'Aceptacion' | 'Rechazo';
  }): Promise<{ codigo: '1000'; mensaje: string; estado: EstadoCfdi }> {
    return this.cancelacion.responderComoReceptor(input);
  }

  consultarEstado(input: ConsultarEstadoInput): Promise<EstadoCfdi> {
    return this.cancelacion.consultarEstado(input);
  }
}

/** The document read into the model with its cadena, or why it could not be (answered at A5). */
function leer(text: string): Leido {
  try {
    const comprobante = medir('pac.lectura', () =>
      // A1 checked this very text with the same validator.
      parseComprobanteXml(text, { bienFormado: true }),
    );
    return {
      c: comprobante,
      cadena: medir('pac.cadena', () => buildCadenaOriginal(comprobante)),
    };
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}

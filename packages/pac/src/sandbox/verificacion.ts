/**
 * The sandbox's checks of a sealed CFDI, stages A5 to I of rules §10.2 in their order: schema, the
 * same key on another CFDI, certificate (C1–C8), Sello (D), dates (E) and the fiscal rules (F–I).
 * The first failure of A–E wins; every F–I finding travels in `incidencias`.
 */
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readCertificado, type Certificado } from '@repo/cfdi/csd';
import { medir } from '@repo/cfdi/fases';
import { verificarSello } from '@repo/cfdi/sello';
import { referenciasDelComprobante, validateComprobante } from '@repo/cfdi/validacion';
import { fechaLocal, type Comprobante } from '@repo/cfdi/xml';
import { mensajePac } from '../errors.ts';
import type { SandboxPacOptions } from './opciones.ts';
import { duplicado, rechazo, rechazoFiscal } from './respuestas.ts';
import type { TimbreGuardado } from './store.ts';
import { instanteDeFechaLocal, ZONA_CENTRO } from './tiempo.ts';
import { validarXsd } from './xsd.ts';

const HORA = 3600_000;

/** A document read into the model with its cadena original, or why it could not be read. */
export type Leido = { c: Comprobante; cadena: string } | Error;

/** What the checks established, for the TimbreFiscalDigital. */
export interface Verificado {
  c: Comprobante;
  sello: string;
  /** The sandbox's clock when the checks ran. */
  ahora: Date;
  /** The instant of the document's Fecha in its LugarExpedicion's zone. */
  fecha: Date;
}

function repoTestCa(): string {
  return readFileSync(new URL('../../../../data/test-ca/ca.cer.pem', import.meta.url), 'utf8');
}

export class VerificacionSandbox {
  private readonly cas: X509Certificate[];
  /** Certificates already read, with whether a trusted CA issued them (see validarCertificado). */
  private readonly certificados = new Map<string, { cert: Certificado; emitidoPorCa: boolean }>();

  constructor(
    private readonly opts: SandboxPacOptions,
    private readonly clock: () => Date,
  ) {
    this.cas = (opts.autoridadesCertificadoras ?? []).map((c) => new X509Certificate(c));
    if (opts.confiarCaDePruebas !== false) this.cas.push(new X509Certificate(repoTestCa()));
  }

  zona(cp: string): string {
    return this.opts.zonaHorariaDe?.(cp) || ZONA_CENTRO;
  }

  /**
   * A5 to I, in the order the rules give; `mismaLlave` answers the stamp already issued under the
   * caller's key (a different CFDI under it is CFDI3307, after the schema and before the rest).
   */
  async verificar(
    text: string,
    leido: Leido,
    mismaLlave: () => Promise<TimbreGuardado | undefined>,
  ): Promise<Verificado> {
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
    const fecha = this.validarFecha(c, ahora, cert);
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
    return { c, sello, ahora, fecha };
  }

  /** E: Fecha within 72 hours before and the tolerance after the server's clock, and the CSD's validity. */
  private validarFecha(c: Comprobante, ahora: Date, cert: Certificado): Date {
    const fecha = instanteDeFechaLocal(c.Fecha, this.zona(c.LugarExpedicion));
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
    return fecha;
  }

  /** C1–C8 (rules 10.2). */
  private validarCertificado(c: Comprobante): Certificado {
    const { cert, emitidoPorCa } = this.leerCertificado(c);
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

  private leerCertificado(c: Comprobante): { cert: Certificado; emitidoPorCa: boolean } {
    const conocido = c.Certificado ? this.certificados.get(c.Certificado) : undefined;
    if (conocido) return conocido;
    let cert: Certificado;
    try {
      if (!c.Certificado) throw new Error('Sin certificado');
      cert = readCertificado(Buffer.from(c.Certificado, 'base64'));
      if (cert.x509.publicKey.asymmetricKeyType !== 'rsa') throw new Error('La llave no es RSA');
    } catch (e) {
      throw rechazo('CFDI40106', (e as Error).message);
    }
    const leido = cert;
    const emitidoPorCa = this.cas.some(
      (ca) => leido.x509.checkIssued(ca) && leido.x509.verify(ca.publicKey),
    );
    // Parsing the certificate and checking its issuer's signature depend only on its bytes and
    // the trusted CAs: done once per certificate (an issuer sends the same one every time).
    if (this.certificados.size >= 1000) this.certificados.clear();
    this.certificados.set(c.Certificado ?? '', { cert, emitidoPorCa });
    return { cert, emitidoPorCa };
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
}

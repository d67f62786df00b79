/**
 * The one interface the API uses to stamp, cancel and query CFDI, whatever the PAC behind it
 * (the sandbox by default, SW Sapien by configuration). Every result keeps the PAC's code, its
 * Spanish message, its incidencias and the raw answer, so the API can store them verbatim.
 * Failures are thrown as the typed errors of errors.ts.
 */

import type { KeyObject } from 'node:crypto';

/** One observation of the PAC about a document (a rejection reason or a warning). */
export interface Incidencia {
  /** SAT/PAC code: CFDI40108, 301, 307, CRP20101 ... */
  codigo: string;
  /** Spanish text as the PAC sent it. */
  mensaje: string;
  /** Path in the document when the PAC says it (`/Comprobante/@SubTotal`). */
  ruta?: string;
  /** `ValorEsperado: … ValorReportado: …` style detail. */
  detalle?: string;
}

/** What every PAC call returns besides its data: the PAC's own words, kept verbatim. */
export interface RespuestaPac {
  /** PAC code of the answer ('200' / 'S' on success, the rejection code otherwise). */
  codigo: string;
  /** Spanish message a user understands. */
  mensaje: string;
  incidencias: Incidencia[];
  /** The PAC's answer exactly as received (JSON or XML text), for storage and support. */
  raw: string;
}

export interface TimbrarOptions {
  /** Our stable id for this document (the invoice id): a retry with the same key is the same stamp. */
  idempotencyKey: string;
}

export interface Timbre extends RespuestaPac {
  /** The stamped XML as the PAC returned it: store verbatim. */
  xml: string;
  uuid: string;
  /** `AAAA-MM-DDThh:mm:ss`, Zona Centro. */
  fechaTimbrado: string;
  noCertificadoSAT: string;
  selloSAT: string;
  selloCFD: string;
  rfcProvCertif: string;
  /** Cadena original of the TimbreFiscalDigital (`||1.1|UUID|…||`). */
  cadenaOriginalTfd: string;
  /** True when the PAC answered with a stamp it had already issued for this same CFDI (307). */
  previamenteTimbrado: boolean;
}

/** c_MotivoCancelacion. */
export type MotivoCancelacion = '01' | '02' | '03' | '04';

/** The emisor's CSD, used to sign the cancellation request locally; never sent to a PAC. */
export interface CsdFirma {
  /** DER of the .cer. */
  certificado: Buffer | Uint8Array;
  /** Decrypted private key (node:crypto KeyObject). */
  llave: KeyObject;
}

export interface CancelarInput {
  uuid: string;
  rfcEmisor: string;
  motivo: MotivoCancelacion;
  /** UUID of the replacement; required with motivo 01, absent otherwise. */
  folioSustitucion?: string;
  csd: CsdFirma;
}

/** Per-UUID code of a cancellation request (SAT EstatusUUID). */
export type CodigoCancelacion = '201' | '202' | '203' | '204' | '205';

export type EsCancelable =
  'Cancelable sin aceptación' | 'Cancelable con aceptación' | 'No cancelable';

export type EstatusCancelacion =
  | ''
  | 'En proceso'
  | 'Plazo vencido'
  | 'Cancelado con aceptación'
  | 'Cancelado sin aceptación'
  | 'Solicitud rechazada';

export interface ResultadoCancelacion extends RespuestaPac {
  uuid: string;
  /** 201 accepted (not yet cancelled!), 202 previously requested ... */
  codigoEstatus: CodigoCancelacion;
  /** The SAT/PAC acuse, opaque: store verbatim. */
  acuse: string;
  /** The status right after the request, when the PAC reports it. */
  estado?: EstadoCfdi;
}

export interface ConsultarEstadoInput {
  uuid: string;
  rfcEmisor: string;
  rfcReceptor: string;
  /** Comprobante/@Total as written in the XML. */
  total: string;
  /** Last 8 characters of the Sello; some services require it. */
  sello8?: string;
}

/** The SAT status service's answer (ConsultaCFDIService), same strings. */
export interface EstadoCfdi extends RespuestaPac {
  codigoEstatus: string;
  estado: 'Vigente' | 'Cancelado' | 'No Encontrado';
  esCancelable: EsCancelable | '';
  estatusCancelacion: EstatusCancelacion;
}

export interface Pac {
  /** Stamps a sealed CFDI. Resending the same XML returns the first stamp (`previamenteTimbrado`). */
  timbrar(xml: string, options: TimbrarOptions): Promise<Timbre>;
  /** Requests the cancellation of a UUID; 201 means received, poll consultarEstado afterwards. */
  cancelar(input: CancelarInput): Promise<ResultadoCancelacion>;
  consultarEstado(input: ConsultarEstadoInput): Promise<EstadoCfdi>;
}

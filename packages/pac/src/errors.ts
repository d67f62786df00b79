/**
 * Typed PAC failures and the table of SAT/PAC codes → Spanish messages a user understands.
 * SAT messages are shown verbatim (rules §12); `explicacion` is our Spanish note shown next to them.
 */
import type { Incidencia, Timbre } from './pac.ts';

/** SAT/PAC codes the sandbox answers and the adapters meet, with the SAT/PAC wording. */
export const MENSAJES_PAC: Readonly<Record<string, string>> = {
  '301': 'La estructura del comprobante es incorrecta.',
  '302': 'El sello del emisor no es válido.',
  '303': 'El rfc del CSD no corresponde al rfc del emisor del comprobante.',
  '304': 'El CSD del emisor ha sido revocado o no se encuentra en la lista de contribuyentes.',
  '305': 'La fecha de emisión no esta dentro de la vigencia del CSD del emisor.',
  '306': 'El certificado corresponde a una FIEL. Debe utilizar un CSD.',
  '307': 'El CFDI contiene un timbre previo.',
  '308': 'El CSD del emisor no ha sido firmado por uno de los Certificados de Autoridad del SAT.',
  '401':
    'El rango de la fecha de generación no debe de ser mayor a 72 horas para la emisión del timbre.',
  '402': 'El RFC del emisor no se encuentra en la Lista de Contribuyentes Obligados (LCO).',
  '403': 'La fecha de emisión no debe ser anterior al 1 de enero de 2011.',
  CFDI3307: 'Timbre duplicado. El customId proporcionado está duplicado.',
  CC3002: 'El namespace del nodo cfdi no es http://www.sat.gob.mx/cfd/4.',
  CFDI40102:
    'El resultado de la digestión debe ser igual al resultado de la desencripción del sello.',
  CFDI40106: 'EL certificado no cumple con alguno de los valores permitidos.',
  CFDI40143: 'Este RFC del receptor no existe en la lista de RFC inscritos no cancelados del SAT.',
  CFDI40145:
    'El campo Nombre del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
  CFDI40148:
    'El campo DomicilioFiscalReceptor del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
  CFDI40159: 'La clave del campo RegimenFiscalR no corresponde de acuerdo al RFC del receptor.',
  // cancellation (per UUID)
  '201': 'Petición de cancelación realizada exitosamente.',
  '202': 'Petición de cancelación realizada Previamente.',
  '203': 'El RFC que solicita la cancelación no es el emisor del UUID.',
  '204': 'El UUID no es aplicable para cancelación.',
  '205': 'UUID No encontrado.',
  '207': 'Motivo de cancelacion invalido.',
  '208': 'La Fecha de Solicitud de Cancelación es mayor a la fecha de declaración.',
  no_cancelable: 'El UUID contiene CFDI relacionados.',
  '799': 'Excedieron el límite de las 5 peticiones.',
  // receiver side
  '1000': 'Se recibió la respuesta de la petición de forma exitosa.',
  '1001': 'No existen peticiones de cancelación en espera de respuesta para el uuid.',
  '1002': 'Ya se recibió una respuesta para la petición de cancelación del uuid.',
  '1003': 'Sello no corresponde al RFC receptor.',
  '1005': 'El UUID tiene un formato inválido.',
  // transport, ours
  AUTH: 'Usuario, contraseña o token del PAC incorrectos.',
  TIMEOUT: 'El PAC no respondió a tiempo. Reintente con el mismo XML: nunca se timbra dos veces.',
  UNAVAILABLE: 'El servicio del PAC no está disponible por el momento. Intente más tarde.',
  MALFORMED: 'El PAC respondió algo que no se pudo interpretar.',
};

/** A Spanish message for a code; the PAC's own text wins when it sent one. */
export function mensajePac(codigo: string, mensajePac?: string): string {
  return mensajePac?.trim() || MENSAJES_PAC[codigo] || `Error del PAC (${codigo}).`;
}

/** Code at the start of a PAC message: `CFDI40108 - …`, `307. El …`, `Código: CFDI40161 Mensaje: …`. */
export function codigoDeMensaje(message: string): string | undefined {
  const m = message
    .replace(/^\s*(?:Request Error\s*:|Código:)\s*/i, '')
    .match(/^(?:[A-Z]{2,4}\d{4,5}|\d{3})\b/);
  return m?.[0];
}

export type PacErrorKind =
  'rechazado' | 'duplicado' | 'no-disponible' | 'credenciales' | 'respuesta-invalida';

export abstract class PacError extends Error {
  abstract readonly kind: PacErrorKind;
  /** True when resending the SAME request is the right thing to do. */
  abstract readonly retryable: boolean;
  constructor(
    readonly codigo: string,
    message: string,
    /** The PAC's answer as received ('' when none arrived). */
    readonly raw: string,
    readonly incidencias: Incidencia[] = [],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The PAC refused the document or request with a SAT/PAC code: fix it and (re)sign. */
export class PacRechazoError extends PacError {
  readonly kind = 'rechazado';
  readonly retryable = false;
}

/**
 * The PAC says this CFDI was already stamped (307) but did not give the earlier stamp back. When it
 * does give it, adapters return it as a success with `previamenteTimbrado` instead of throwing.
 */
export class PacDuplicadoError extends PacError {
  readonly kind = 'duplicado';
  readonly retryable = false;
  constructor(
    codigo: string,
    message: string,
    raw: string,
    /** The earlier stamp when the PAC gave enough of it (UUID at least). */
    readonly timbrePrevio?: Partial<Timbre>,
  ) {
    super(codigo, message, raw);
  }
}

/** Timeout, network failure, 5xx: the outcome is unknown, resend the identical XML. */
export class PacNoDisponibleError extends PacError {
  readonly kind = 'no-disponible';
  readonly retryable = true;
  constructor(
    codigo: 'TIMEOUT' | 'UNAVAILABLE',
    message: string,
    raw: string,
    override readonly cause?: unknown,
  ) {
    super(codigo, message, raw);
  }
}

/** User, password or token refused by the PAC: configuration, not the document. */
export class PacCredencialesError extends PacError {
  readonly kind = 'credenciales';
  readonly retryable = false;
}

/** The PAC answered something we cannot read: outcome unknown, like a timeout. */
export class PacRespuestaInvalidaError extends PacError {
  readonly kind = 'respuesta-invalida';
  readonly retryable = true;
}

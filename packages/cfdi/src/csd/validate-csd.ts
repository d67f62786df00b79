import type { KeyObject, X509Certificate } from 'node:crypto';
import { readCertificado, type Certificado } from './read-certificado.ts';
import { LlavePrivadaError, openLlavePrivada } from './open-llave-privada.ts';

export type CsdErrorCode =
  | 'CERTIFICADO_INVALIDO'
  | 'LLAVE_INVALIDA'
  | 'LLAVE_CONTRASENA'
  | 'LLAVE_NO_CORRESPONDE'
  | 'ES_FIEL'
  | 'CSD_VENCIDO'
  | 'CSD_NO_VIGENTE_AUN'
  | 'CSD_NO_CONFIABLE'
  | 'RFC_NO_COINCIDE';

export interface CsdError {
  code: CsdErrorCode;
  message: string;
}

export type ResultadoCsd =
  { ok: true; certificado: Certificado; llave: KeyObject } | { ok: false; errores: CsdError[] };

export const MENSAJES_CSD = {
  CERTIFICADO_INVALIDO: 'El archivo .cer no es un certificado válido.',
  LLAVE_NO_CORRESPONDE: 'La llave privada no corresponde al certificado.',
  ES_FIEL:
    'El certificado es de e.firma (FIEL), no un Certificado de Sello Digital (CSD). Para facturar se requiere el CSD.',
  CSD_VENCIDO: 'Sus sellos ya han expirado.',
  CSD_NO_VIGENTE_AUN: 'El certificado aún no entra en vigor.',
  CSD_NO_CONFIABLE:
    'El certificado no fue emitido por el SAT (ni por otra autoridad certificadora de confianza). Suba el Certificado de Sello Digital que le entregó el SAT.',
} as const;

/**
 * Checks an uploaded CSD: the certificate reads, the password opens the key, the key matches the
 * certificate, it is a CSD (not a FIEL), it is in force at `now`, and it belongs to `rfc`. With
 * `autoridades` (the SAT's CAs in production, the test CA in the sandbox), one of them must have
 * issued and signed the certificate. Never throws; answers every problem found with a Spanish message.
 */
export function validateCsd(input: {
  cer: Buffer | Uint8Array;
  key: Buffer | Uint8Array;
  password: string;
  rfc: string;
  now: Date;
  autoridades?: readonly X509Certificate[];
}): ResultadoCsd {
  const errores: CsdError[] = [];
  let certificado: Certificado | undefined;
  try {
    certificado = readCertificado(input.cer);
  } catch {
    errores.push({ code: 'CERTIFICADO_INVALIDO', message: MENSAJES_CSD.CERTIFICADO_INVALIDO });
  }
  let llave: KeyObject | undefined;
  try {
    llave = openLlavePrivada(input.key, input.password);
  } catch (e) {
    const err = e instanceof LlavePrivadaError ? e : undefined;
    errores.push({
      code: err?.code ?? 'LLAVE_INVALIDA',
      message: err?.message ?? 'El archivo .key no es una llave privada válida.',
    });
  }
  if (certificado) {
    if (llave && !certificado.x509.checkPrivateKey(llave)) {
      errores.push({ code: 'LLAVE_NO_CORRESPONDE', message: MENSAJES_CSD.LLAVE_NO_CORRESPONDE });
    }
    if (!certificado.isCsd) errores.push({ code: 'ES_FIEL', message: MENSAJES_CSD.ES_FIEL });
    const emitido = certificado.x509;
    if (
      input.autoridades &&
      !input.autoridades.some((ca) => emitido.checkIssued(ca) && emitido.verify(ca.publicKey))
    ) {
      errores.push({ code: 'CSD_NO_CONFIABLE', message: MENSAJES_CSD.CSD_NO_CONFIABLE });
    }
    if (input.now.getTime() > certificado.validTo.getTime()) {
      errores.push({ code: 'CSD_VENCIDO', message: MENSAJES_CSD.CSD_VENCIDO });
    } else if (input.now.getTime() < certificado.validFrom.getTime()) {
      errores.push({ code: 'CSD_NO_VIGENTE_AUN', message: MENSAJES_CSD.CSD_NO_VIGENTE_AUN });
    }
    const rfc = input.rfc.trim().toUpperCase();
    if (certificado.rfc !== rfc) {
      errores.push({
        code: 'RFC_NO_COINCIDE',
        message: `El certificado pertenece al RFC ${certificado.rfc}, no al RFC del emisor ${rfc}.`,
      });
    }
  }
  if (errores.length > 0 || !certificado || !llave) return { ok: false, errores };
  return { ok: true, certificado, llave };
}

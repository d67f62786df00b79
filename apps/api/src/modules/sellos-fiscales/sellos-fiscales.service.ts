import type { KeyObject, X509Certificate } from 'node:crypto';
import {
  openLlavePrivada,
  readCertificado,
  validateCsd,
  type Certificado,
  type CsdErrorCode,
} from '@repo/cfdi/csd';
import { CERTIFICATE_NEW_DAYS, SELLOS_EXPIRADOS } from '@repo/contracts/sellos-fiscales';
import type { Db } from '../../db/client.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/errors.ts';
import { quienActua, registrarAuditoria } from '../auditoria/auditoria.ts';
import { open, seal } from './secret-box.ts';
import {
  findCurrentSellos,
  findCurrentSellosSecret,
  findEnterpriseRfc,
  insertSellos,
} from './sellos-fiscales.queries.ts';

export const CER_INVALIDO = 'El archivo .cer no es un certificado válido.';
export const CER_REQUERIDO = 'Seleccione el archivo del certificado (.cer).';
export const KEY_REQUERIDA = 'Seleccione el archivo de la llave privada (.key).';
export const PASSWORD_REQUERIDA = 'Escriba la contraseña de la llave privada.';
export const SIN_RFC = 'Registre primero el RFC de la empresa para poder validar sus sellos.';
export const SIN_SELLOS = 'No hay sellos digitales registrados.';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which form field each engine finding belongs to. */
const FIELD_OF: Record<CsdErrorCode, 'cer_file' | 'key_file' | 'password'> = {
  CERTIFICADO_INVALIDO: 'cer_file',
  ES_FIEL: 'cer_file',
  CSD_VENCIDO: 'cer_file',
  CSD_NO_VIGENTE_AUN: 'cer_file',
  CSD_NO_CONFIABLE: 'cer_file',
  RFC_NO_COINCIDE: 'cer_file',
  LLAVE_INVALIDA: 'key_file',
  LLAVE_NO_CORRESPONDE: 'key_file',
  LLAVE_CONTRASENA: 'password',
};

function isNew(validFrom: Date, now: Date): boolean {
  const age = now.getTime() - validFrom.getTime();
  return age >= 0 && age <= CERTIFICATE_NEW_DAYS * DAY_MS;
}

function boxContext(enterpriseId: number, what: 'key' | 'password'): string {
  return `sellos-fiscales:${enterpriseId}:${what}`;
}

/** Reads a .cer for display before saving: number, RFC, name, validity, expired and new flags. */
export function readCerFileInfo(cer: Buffer | undefined, now: Date) {
  if (!cer) throw new AppError('VALIDATION', { cer_file: [CER_REQUERIDO] });
  let certificado: Certificado;
  try {
    certificado = readCertificado(cer);
  } catch {
    throw new AppError('VALIDATION', { cer_file: [CER_INVALIDO] });
  }
  return {
    certificated_number: certificado.noCertificado,
    rfc: certificado.rfc,
    name: certificado.nombre,
    initial_date: certificado.validFrom.toISOString(),
    expiration_date: certificado.validTo.toISOString(),
    is_expired: now.getTime() > certificado.validTo.getTime(),
    is_new: isNew(certificado.validFrom, now),
    is_csd: certificado.isCsd,
  };
}

export async function getSellos(db: Db, enterpriseId: number, now: Date) {
  const row = await findCurrentSellos(db, enterpriseId);
  if (!row) {
    return {
      sellos_fiscales_registered: false,
      certificated_number: null,
      rfc: null,
      initial_date: null,
      expiration_date: null,
      is_expired: false,
      is_new: false,
      original_cer_file_name: null,
      original_key_file_name: null,
    };
  }
  return {
    sellos_fiscales_registered: true,
    certificated_number: row.certificated_number,
    rfc: row.rfc,
    initial_date: row.initial_date.toISOString(),
    expiration_date: row.expiration_date.toISOString(),
    is_expired: now.getTime() > row.expiration_date.getTime(),
    is_new: isNew(row.initial_date, now),
    original_cer_file_name: row.original_cer_file_name,
    original_key_file_name: row.original_key_file_name,
  };
}

export interface SellosUpload {
  cer?: { filename: string; data: Buffer } | undefined;
  key?: { filename: string; data: Buffer } | undefined;
  password?: string | undefined;
}

/**
 * Checks the CSD with the engine (certificate reads, password opens the key, key matches, it is a
 * CSD, in force, the enterprise's RFC, and issued by one of `autoridades` when given: see
 * pac/csd-authorities.ts) and stores it with key and password encrypted.
 */
export async function saveSellos(
  db: Db,
  secret: string,
  enterpriseId: number,
  upload: SellosUpload,
  now: Date,
  autoridades?: readonly X509Certificate[],
) {
  const missing: Record<string, string[]> = {};
  if (!upload.cer) missing['cer_file'] = [CER_REQUERIDO];
  if (!upload.key) missing['key_file'] = [KEY_REQUERIDA];
  if (!upload.password) missing['password'] = [PASSWORD_REQUERIDA];
  if (!upload.cer || !upload.key || !upload.password) throw new AppError('VALIDATION', missing);

  const rfc = await findEnterpriseRfc(db, enterpriseId);
  if (!rfc) throw new AppError('VALIDATION', SIN_RFC, { showToClient: true });

  const result = validateCsd({
    cer: upload.cer.data,
    key: upload.key.data,
    password: upload.password,
    rfc,
    now,
    ...(autoridades ? { autoridades } : {}),
  });
  if (!result.ok) {
    // Spec section 5: expired seals block saving with this message, whatever else is wrong.
    if (result.errores.some((e) => e.code === 'CSD_VENCIDO')) {
      throw new AppError('VALIDATION', SELLOS_EXPIRADOS, { persistent: true });
    }
    const fields: Record<string, string[]> = {};
    for (const e of result.errores) (fields[FIELD_OF[e.code]] ??= []).push(e.message);
    throw new AppError('VALIDATION', fields);
  }

  const { certificado } = result;
  const { cer, key, password } = upload;
  const quien = quienActua();
  await withTransaction(db, async (tx) => {
    await insertSellos(tx, enterpriseId, {
      cer_der: Buffer.from(certificado.x509.raw),
      key_encrypted: seal(secret, boxContext(enterpriseId, 'key'), key.data),
      password_encrypted: seal(
        secret,
        boxContext(enterpriseId, 'password'),
        Buffer.from(password, 'utf8'),
      ),
      certificated_number: certificado.noCertificado,
      rfc: certificado.rfc,
      initial_date: certificado.validFrom,
      expiration_date: certificado.validTo,
      original_cer_file_name: cer.filename.slice(0, 255),
      original_key_file_name: key.filename.slice(0, 255),
    });
    await registrarAuditoria(tx, enterpriseId, quien, {
      accion: 'sellos_cargados',
      detalles: {
        no_certificado: certificado.noCertificado,
        vigencia: `${certificado.validFrom.toISOString().slice(0, 10)} a ${certificado.validTo.toISOString().slice(0, 10)}`,
      },
    });
  });
  return getSellos(db, enterpriseId, now);
}

/**
 * The enterprise's current CSD, decrypted, for the stamping service: the only way the private key
 * leaves the database. Refuses missing or expired seals with the spec's messages.
 */
export async function loadSellosForSigning(
  db: Db,
  secret: string,
  enterpriseId: number,
  now: Date = new Date(),
): Promise<{ certificado: Certificado; llave: KeyObject }> {
  const row = await findCurrentSellosSecret(db, enterpriseId);
  if (!row) throw new AppError('NOT_FOUND', SIN_SELLOS, { persistent: true });
  const certificado = readCertificado(row.cer_der);
  if (now.getTime() > certificado.validTo.getTime()) {
    throw new AppError('VALIDATION', SELLOS_EXPIRADOS, { persistent: true });
  }
  const key = open(secret, boxContext(enterpriseId, 'key'), row.key_encrypted);
  const password = open(secret, boxContext(enterpriseId, 'password'), row.password_encrypted);
  return { certificado, llave: openLlavePrivada(key, password.toString('utf8')) };
}

import {
  LOGO_MAX_BYTES,
  LOGO_REQUIRED_MESSAGE,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  type DatosFiscalesRequest,
  type NewClientDatosFiscalesRequest,
  RFC_FIXED_MESSAGE,
} from '@repo/contracts/datos-fiscales';
import { RFC_TAKEN_MESSAGE } from '@repo/contracts/enterprises';
import { loadCatalogos } from '@repo/catalogos';
import { withTransaction } from '../../db/transaction.ts';
import { camposCambiados, quienActua, registrarAuditoria } from '../auditoria/auditoria.ts';
import { ensureRubrosDeRegimen } from '../enterprises/default-configuration.ts';
import { isRfcTaken } from '../enterprises/enterprises.queries.ts';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { checkDireccionFiscal } from './check-direccion-fiscal.ts';
import {
  findDatosFiscales,
  setEnterpriseRfc,
  findLogo,
  setLogo,
  updateDatosFiscales,
} from './datos-fiscales.queries.ts';

export const ENTERPRISE_NOT_FOUND = 'La empresa no existe.';
export const LOGO_NOT_FOUND = 'La empresa no tiene logotipo.';

/** The address the SPA and the PDF read the logo from; the version makes a new logo bypass caches. */
export function logoUrl(enterpriseId: number, version: Date): string {
  return `/api/datos-fiscales/${enterpriseId}/logo?v=${version.getTime()}`;
}

export async function getDatosFiscales(db: Db, enterpriseId: number) {
  const row = await findDatosFiscales(db, enterpriseId);
  if (!row) throw new AppError('NOT_FOUND', ENTERPRISE_NOT_FOUND);
  const { has_logo, updated_at, ...datos } = row;
  return {
    ...datos,
    logo: has_logo ? logoUrl(enterpriseId, updated_at) : null,
    zona_horaria: zonaHorariaDe(datos.codigo_postal),
  };
}

/**
 * The issuer's time zone (its postal code's huso, c_CodigoPostal): the day the forms call "today"
 * and the one the API checks dates against, whatever the browser's own zone is.
 */
export function zonaHorariaDe(codigoPostal: string): string {
  return loadCatalogos().codigosPostales.zonaHoraria(codigoPostal) ?? 'America/Mexico_City';
}

/**
 * Saves the tax data after checking régimen and address against the SAT catalogs. A régimen that
 * changes to one with tax groups of its own (626) brings the ones the enterprise lacks.
 */
export async function saveDatosFiscales(db: Db, enterpriseId: number, input: DatosFiscalesRequest) {
  const quien = quienActua();
  await withTransaction(db, async (tx) => {
    const current = await findDatosFiscales(tx, enterpriseId);
    if (!current) throw new AppError('NOT_FOUND', ENTERPRISE_NOT_FOUND);
    const errors = checkDireccionFiscal(input, current.rfc);
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);
    await updateDatosFiscales(tx, enterpriseId, input);
    if (input.regimen_fiscal !== current.regimen_fiscal)
      await ensureRubrosDeRegimen(tx, enterpriseId, current.rfc, input.regimen_fiscal);
    const campos = camposCambiados(current, input);
    if (campos.length > 0) {
      await registrarAuditoria(tx, enterpriseId, quien, {
        accion: 'datos_fiscales_cambiados',
        detalles: { campos },
      });
    }
  });
  return getDatosFiscales(db, enterpriseId);
}

/**
 * The wizard's tax data: like saveDatosFiscales, and sets the RFC when the enterprise has none yet
 * (registration lets it be left empty).
 */
export async function saveNewClientDatosFiscales(
  db: Db,
  enterpriseId: number,
  input: NewClientDatosFiscalesRequest,
) {
  const { rfc, ...datos } = input;
  const quien = quienActua();
  await withTransaction(db, async (tx) => {
    const current = await findDatosFiscales(tx, enterpriseId);
    if (!current) throw new AppError('NOT_FOUND', ENTERPRISE_NOT_FOUND);
    const effectiveRfc = rfc || current.rfc;
    if (rfc && rfc !== current.rfc) {
      if (current.rfc !== '') throw fieldError('rfc', RFC_FIXED_MESSAGE);
      if (await isRfcTaken(tx, rfc, enterpriseId)) throw fieldError('rfc', RFC_TAKEN_MESSAGE);
    }
    const errors = checkDireccionFiscal(datos, effectiveRfc);
    if (Object.keys(errors).length > 0) throw new AppError('VALIDATION', errors);
    if (effectiveRfc !== current.rfc) await setEnterpriseRfc(tx, enterpriseId, effectiveRfc);
    await updateDatosFiscales(tx, enterpriseId, datos);
    if (datos.regimen_fiscal !== current.regimen_fiscal)
      await ensureRubrosDeRegimen(tx, enterpriseId, effectiveRfc, datos.regimen_fiscal);
    const campos = camposCambiados(current, { ...datos, rfc: effectiveRfc });
    if (campos.length > 0) {
      await registrarAuditoria(tx, enterpriseId, quien, {
        accion: 'datos_fiscales_cambiados',
        detalles: { campos },
      });
    }
  });
  return getDatosFiscales(db, enterpriseId);
}

/** Image type from the first bytes, never from the name or the declared type. */
export function sniffImage(data: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

export async function saveLogo(db: Db, enterpriseId: number, data: Buffer | undefined) {
  if (!data) throw new AppError('VALIDATION', { logo: [LOGO_REQUIRED_MESSAGE] });
  if (data.length > LOGO_MAX_BYTES) throw new AppError('VALIDATION', { logo: [LOGO_SIZE_MESSAGE] });
  const mime = sniffImage(data);
  if (!mime) throw new AppError('VALIDATION', { logo: [LOGO_TYPE_MESSAGE] });
  await setLogo(db, enterpriseId, { data, mime });
  return getDatosFiscales(db, enterpriseId);
}

export async function deleteLogo(db: Db, enterpriseId: number) {
  await setLogo(db, enterpriseId, null);
  return getDatosFiscales(db, enterpriseId);
}

export async function getLogo(db: Db, enterpriseId: number) {
  const logo = await findLogo(db, enterpriseId);
  if (!logo) throw new AppError('NOT_FOUND', LOGO_NOT_FOUND);
  return logo;
}

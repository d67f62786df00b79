import { loadCatalogos } from '@repo/catalogos';
import type { DatosFiscalesRequest } from '@repo/contracts/datos-fiscales';
import { REGIMEN_FISCAL_MESSAGE } from '@repo/contracts/datos-fiscales';

export const MENSAJES_DIRECCION = {
  regimenNoAplicaMoral: 'El régimen fiscal no aplica a personas morales',
  regimenNoAplicaFisica: 'El régimen fiscal no aplica a personas físicas',
  codigoPostalInexistente: 'El código postal no existe en el catálogo del SAT',
  estado: 'El estado no corresponde al código postal',
  municipio: 'El municipio no corresponde al código postal',
  ciudad: 'La localidad no corresponde al código postal',
  colonia: 'La colonia no corresponde al código postal',
} as const;

/**
 * Checks régimen fiscal (c_RegimenFiscal, for the person type of the enterprise's RFC) and the address
 * against c_CodigoPostal, c_Municipio, c_Localidad and c_Colonia. Answers field errors; empty when
 * everything agrees. Blank address parts are allowed: only the postal code is required by CFDI 4.0.
 */
export function checkDireccionFiscal(
  input: DatosFiscalesRequest,
  rfc: string,
): Record<string, string[]> {
  const catalogos = loadCatalogos();
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const regimen = catalogos.regimenFiscal(input.regimen_fiscal);
  if (!regimen) add('regimen_fiscal', REGIMEN_FISCAL_MESSAGE);
  else if (rfc.length === 12 && !regimen.aplicaMoral) {
    add('regimen_fiscal', MENSAJES_DIRECCION.regimenNoAplicaMoral);
  } else if (rfc.length === 13 && !regimen.aplicaFisica) {
    add('regimen_fiscal', MENSAJES_DIRECCION.regimenNoAplicaFisica);
  }

  const cp = catalogos.codigoPostal(input.codigo_postal);
  if (!cp) {
    add('codigo_postal', MENSAJES_DIRECCION.codigoPostalInexistente);
    return errors;
  }
  // c_CodigoPostal still says DIF for Mexico City; c_Estado says CMX.
  const estado = input.estado === 'DIF' ? 'CMX' : input.estado;
  if (estado && estado !== cp.estado) add('estado', MENSAJES_DIRECCION.estado);
  const estadoDelCp = cp.estado;
  if (input.municipio) {
    const ok = cp.municipio
      ? input.municipio === cp.municipio
      : catalogos.municipios.get(estadoDelCp, input.municipio) !== undefined;
    if (!ok) add('municipio', MENSAJES_DIRECCION.municipio);
  }
  if (input.ciudad) {
    const ok = cp.localidad
      ? input.ciudad === cp.localidad
      : catalogos.localidades.get(estadoDelCp, input.ciudad) !== undefined;
    if (!ok) add('ciudad', MENSAJES_DIRECCION.ciudad);
  }
  if (input.colonia && !catalogos.colonias.get(cp.clave, input.colonia)) {
    add('colonia', MENSAJES_DIRECCION.colonia);
  }
  return errors;
}

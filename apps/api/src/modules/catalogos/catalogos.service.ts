import type {
  Catalogos,
  ClaveProdServ,
  ClaveUnidad,
  CodigoPostal,
  TipoPersona,
} from '@repo/catalogos';
import type {
  CodigoPostalResponse,
  ProductoServicioResponse,
  UnidadResponse,
} from '@repo/contracts/catalogos';
import { AppError } from '../../http/errors.ts';
import { CODIGO_POSTAL_NO_EXISTE } from '@repo/contracts/catalogos';

/** Objetos de impuesto the product offers (spec section 5): 01 and 02 only. */
export const OBJETOS_IMPUESTO_OFRECIDOS = ['01', '02'] as const;
/** Motivos de cancelación the product offers (spec section 5): without 01 and 04. */
export const MOTIVOS_CANCELACION_OCULTOS = ['01', '04'] as const;
/**
 * The units people use most on Mexican invoices, in this order: the first answer of the unit
 * selector before anything is typed.
 */
export const UNIDADES_MAS_USADAS = [
  'H87',
  'E48',
  'ACT',
  'XUN',
  'KGM',
  'LTR',
  'MTR',
  'HUR',
  'DAY',
  'MON',
  'XBX',
  'XPK',
  'KT',
  'PR',
  'SET',
  'GRM',
  'MTK',
  'MTQ',
  'A9',
  'E51',
] as const;

/** Person type of an RFC (12 characters = moral, 13 = física), or of the words fisica / moral. */
export function tipoPersonaDe(x: string): TipoPersona | undefined {
  const v = x
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  if (v === 'fisica' || v.length === 13) return 'fisica';
  if (v === 'moral' || v.length === 12) return 'moral';
  return undefined;
}

export const toProducto = (r: ClaveProdServ): ProductoServicioResponse => ({
  clave: r.clave,
  descripcion: r.descripcion,
  palabras_similares: r.palabrasSimilares,
  incluir_iva_trasladado: r.incluirIvaTrasladado,
  estimulo_franja_fronteriza: r.estimuloFranjaFronteriza,
});

export const toUnidad = (r: ClaveUnidad): UnidadResponse => ({
  clave: r.clave,
  nombre: r.nombre,
  descripcion: r.descripcion,
  simbolo: r.simbolo,
});

export const toCodigoPostal = (r: CodigoPostal): CodigoPostalResponse => ({
  codigo_postal: r.clave,
  clave_estado: r.estado,
  clave_municipio: r.municipio,
  clave_localidad: r.localidad,
  estimulo_franja_fronteriza: r.estimuloFranjaFronteriza,
  referencias_huso_horario: {
    descripcion: r.husoHorario.descripcion,
    zona_horaria: r.husoHorario.zonaHoraria,
    verano: r.husoHorario.verano,
    invierno: r.husoHorario.invierno,
  },
});

/** The c_CodigoPostal row, or a 404 in Spanish. */
export function codigoPostalOr404(catalogos: Catalogos, codigoPostal: string): CodigoPostal {
  const row = catalogos.codigosPostales.get(codigoPostal);
  if (!row) throw new AppError('NOT_FOUND', CODIGO_POSTAL_NO_EXISTE);
  return row;
}

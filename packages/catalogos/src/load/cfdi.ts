/**
 * Readers of the catalogs of the CFDI's fields other than taxes and places: régimen fiscal, uso,
 * forma de pago, unidades, productos y servicios, monedas, tipos de comprobante, and the catalogs
 * that are only a key and its description.
 */
import { readTsv, mapTsv, flag, V } from '../tsv.ts';
import type {
  ClaveDescripcion,
  ClaveProdServ,
  ClaveUnidad,
  FormaPago,
  Moneda,
  RegimenFiscal,
  TipoDeComprobante,
  UsoCfdi,
} from '../types.ts';

export function readClaveDescripcion(dir: string, file: string): ClaveDescripcion[] {
  const tsv = readTsv(dir, file);
  const desde = tsv.header.indexOf('vigencia_desde');
  const hasta = tsv.header.indexOf('vigencia_hasta');
  return mapTsv(tsv, ['clave', 'descripcion'], (c) => ({
    clave: c('clave'),
    descripcion: c('descripcion'),
    vigenciaDesde: '',
    vigenciaHasta: '',
  })).map((row, i) => {
    const cells = tsv.rows[i] as string[];
    return {
      ...row,
      vigenciaDesde: desde < 0 ? '' : (cells[desde] ?? ''),
      vigenciaHasta: hasta < 0 ? '' : (cells[hasta] ?? ''),
    };
  });
}

export const readRegimenesFiscales = (dir: string): RegimenFiscal[] =>
  mapTsv(
    readTsv(dir, 'c_RegimenFiscal.tsv.gz'),
    ['clave', 'descripcion', 'aplica_fisica', 'aplica_moral', ...V],
    (c) => ({
      clave: c('clave'),
      descripcion: c('descripcion'),
      aplicaFisica: flag(c('aplica_fisica')),
      aplicaMoral: flag(c('aplica_moral')),
      vigenciaDesde: c('vigencia_desde'),
      vigenciaHasta: c('vigencia_hasta'),
    }),
  );

export const readUsosCfdi = (dir: string): UsoCfdi[] =>
  mapTsv(
    readTsv(dir, 'c_UsoCFDI.tsv.gz'),
    [
      'clave',
      'descripcion',
      'aplica_fisica',
      'aplica_moral',
      'regimenes_fiscales_receptores',
      ...V,
    ],
    (c) => ({
      clave: c('clave'),
      descripcion: c('descripcion'),
      aplicaFisica: flag(c('aplica_fisica')),
      aplicaMoral: flag(c('aplica_moral')),
      regimenesFiscalesReceptores: c('regimenes_fiscales_receptores')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
      vigenciaDesde: c('vigencia_desde'),
      vigenciaHasta: c('vigencia_hasta'),
    }),
  );

export const readFormasPago = (dir: string): FormaPago[] =>
  mapTsv(
    readTsv(dir, 'c_FormaPago.tsv.gz'),
    [
      'clave',
      'descripcion',
      'bancarizado',
      'numero_operacion',
      'rfc_emisor_cuenta_ordenante',
      'cuenta_ordenante',
      'patron_cuenta_ordenante',
      'rfc_emisor_cuenta_beneficiario',
      'cuenta_beneficiario',
      'patron_cuenta_beneficiario',
      'tipo_cadena_pago',
      'nombre_banco_emisor_cuenta_ordenante_extranjero',
      ...V,
    ],
    (c) => ({
      clave: c('clave'),
      descripcion: c('descripcion'),
      bancarizado: flag(c('bancarizado')),
      numeroOperacion: c('numero_operacion'),
      rfcEmisorCuentaOrdenante: c('rfc_emisor_cuenta_ordenante'),
      cuentaOrdenante: c('cuenta_ordenante'),
      patronCuentaOrdenante: c('patron_cuenta_ordenante'),
      rfcEmisorCuentaBeneficiario: c('rfc_emisor_cuenta_beneficiario'),
      cuentaBeneficiario: c('cuenta_beneficiario'),
      patronCuentaBeneficiario: c('patron_cuenta_beneficiario'),
      tipoCadenaPago: c('tipo_cadena_pago'),
      nombreBancoEmisorCuentaOrdenanteExtranjero: c(
        'nombre_banco_emisor_cuenta_ordenante_extranjero',
      ),
      vigenciaDesde: c('vigencia_desde'),
      vigenciaHasta: c('vigencia_hasta'),
    }),
  );

export const readUnidades = (dir: string): ClaveUnidad[] =>
  mapTsv(
    readTsv(dir, 'c_ClaveUnidad.tsv.gz'),
    ['clave', 'nombre', 'descripcion', 'nota', 'simbolo', ...V],
    (c) => ({
      clave: c('clave'),
      nombre: c('nombre'),
      descripcion: c('descripcion'),
      nota: c('nota'),
      simbolo: c('simbolo'),
      vigenciaDesde: c('vigencia_desde'),
      vigenciaHasta: c('vigencia_hasta'),
    }),
  );

export const readProductosServicios = (dir: string): ClaveProdServ[] =>
  mapTsv(
    readTsv(dir, 'c_ClaveProdServ.tsv.gz'),
    [
      'clave',
      'descripcion',
      'incluir_iva_trasladado',
      'estimulo_franja_fronteriza',
      'palabras_similares',
      ...V,
    ],
    (c) => ({
      clave: c('clave'),
      descripcion: c('descripcion'),
      incluirIvaTrasladado: flag(c('incluir_iva_trasladado')),
      estimuloFranjaFronteriza: flag(c('estimulo_franja_fronteriza')),
      palabrasSimilares: c('palabras_similares'),
      vigenciaDesde: c('vigencia_desde'),
      vigenciaHasta: c('vigencia_hasta'),
    }),
  );

export const readMonedas = (dir: string): Moneda[] =>
  mapTsv(
    readTsv(dir, 'c_Moneda.tsv.gz'),
    ['clave', 'descripcion', 'decimales', 'porcentaje_variacion', ...V],
    (c) => ({
      clave: c('clave'),
      descripcion: c('descripcion'),
      decimales: Number(c('decimales') || '0'),
      porcentajeVariacion: Number(c('porcentaje_variacion') || '0'),
      vigenciaDesde: c('vigencia_desde'),
      vigenciaHasta: c('vigencia_hasta'),
    }),
  );

export const readTiposDeComprobante = (dir: string): TipoDeComprobante[] =>
  mapTsv(
    readTsv(dir, 'c_TipoDeComprobante.tsv.gz'),
    ['clave', 'descripcion', 'valor_maximo', ...V],
    (c) => ({
      clave: c('clave'),
      descripcion: c('descripcion'),
      valorMaximo: c('valor_maximo'),
      vigenciaDesde: c('vigencia_desde'),
      vigenciaHasta: c('vigencia_hasta'),
    }),
  );

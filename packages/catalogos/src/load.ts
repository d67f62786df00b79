import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Catalogo } from './catalogo.ts';
import { CODIGO_POSTAL_HEADER, readCodigosPostalesCompact } from './postal.ts';
import { readTsv, mapTsv, flag, type Tsv } from './tsv.ts';
import type {
  ClaveDescripcion,
  ClaveProdServ,
  ClaveUnidad,
  CodigoPostal,
  Colonia,
  Estado,
  FormaPago,
  HusoHorarioCambio,
  Impuesto,
  ImpuestoLocal,
  Localidad,
  Moneda,
  Municipio,
  Pais,
  RegimenFiscal,
  TasaOCuota,
  TipoDeComprobante,
  TipoFactor,
  UsoCfdi,
} from './types.ts';
import { zonaHorariaDeHuso } from './zona-horaria.ts';

/**
 * The only I/O of the package: reading `data/sat/*.tsv.gz`. Each reader parses one file into rows;
 * createCatalogos calls each one the first time its catalog is used.
 */

/** `data/sat` of this repository, found from this file, not from the working directory. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data/sat/', import.meta.url));

export function assertDataDir(dir: string): void {
  if (!existsSync(`${dir}/c_Estado.tsv.gz`)) {
    throw new Error(`No se encontraron los catálogos del SAT en ${dir} (falta c_Estado.tsv.gz)`);
  }
}

const V = ['vigencia_desde', 'vigencia_hasta'] as const;

/** Mexico City in the 2022 postal-code release is `DIF`; the current catalogs say `CMX`. */
export const estadoActual = (estado: string): string => (estado === 'DIF' ? 'CMX' : estado);

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

export const readEstados = (dir: string): Estado[] =>
  mapTsv(readTsv(dir, 'c_Estado.tsv.gz'), ['clave', 'pais', 'nombre', ...V], (c) => ({
    clave: c('clave'),
    pais: c('pais'),
    nombre: c('nombre'),
    vigenciaDesde: c('vigencia_desde'),
    vigenciaHasta: c('vigencia_hasta'),
  }));

export const readPaises = (dir: string): Pais[] =>
  mapTsv(
    readTsv(dir, 'c_Pais.tsv.gz'),
    [
      'clave',
      'descripcion',
      'patron_codigo_postal',
      'patron_identidad_tributaria',
      'validacion_identidad_tributaria',
      'agrupaciones',
    ],
    (c) => ({
      clave: c('clave'),
      descripcion: c('descripcion'),
      patronCodigoPostal: c('patron_codigo_postal'),
      patronIdentidadTributaria: c('patron_identidad_tributaria'),
      validacionIdentidadTributaria: c('validacion_identidad_tributaria'),
      agrupaciones: c('agrupaciones'),
    }),
  );

function readPorEstado(dir: string, file: string): Municipio[] {
  return mapTsv(readTsv(dir, file), ['clave', 'estado', 'descripcion', ...V], (c) => ({
    clave: c('clave'),
    estado: estadoActual(c('estado')),
    descripcion: c('descripcion'),
    vigenciaDesde: c('vigencia_desde'),
    vigenciaHasta: c('vigencia_hasta'),
  }));
}
export const readMunicipios = (dir: string): Municipio[] =>
  readPorEstado(dir, 'c_Municipio.tsv.gz');
export const readLocalidades = (dir: string): Localidad[] =>
  readPorEstado(dir, 'c_Localidad.tsv.gz');

export const readColonias = (dir: string): Colonia[] =>
  mapTsv(
    readTsv(dir, 'c_Colonia.tsv.gz'),
    ['clave', 'codigo_postal', 'nombre_asentamiento'],
    (c) => ({
      clave: c('clave'),
      codigoPostal: c('codigo_postal'),
      nombreAsentamiento: c('nombre_asentamiento'),
    }),
  );

const HUSO = [
  'huso_descripcion',
  'huso_verano_mes_inicio',
  'huso_verano_dia_inicio',
  'huso_verano_hora_inicio',
  'huso_verano_diferencia',
  'huso_invierno_mes_inicio',
  'huso_invierno_dia_inicio',
  'huso_invierno_hora_inicio',
  'huso_invierno_diferencia',
  'huso_origen',
] as const;

export function readCodigosPostales(dir: string): CodigoPostal[] {
  return codigosPostalesFrom(readTsv(dir, 'c_CodigoPostal.tsv.gz'));
}

function codigosPostalesFrom(tsv: Tsv): CodigoPostal[] {
  const cambio = (mes: string, dia: string, hora: string, diferencia: string) =>
    mes === '' ? null : ({ mes, dia, hora, diferencia } satisfies HusoHorarioCambio);
  return mapTsv(
    tsv,
    ['clave', 'estado', 'municipio', 'localidad', 'estimulo_franja_fronteriza', ...V, ...HUSO],
    (c) => ({
      clave: c('clave'),
      estado: estadoActual(c('estado')),
      municipio: c('municipio'),
      localidad: c('localidad'),
      // 1 = región fronteriza norte, 2 = región fronteriza sur (decree of 2020-12-30).
      estimuloFranjaFronteriza: ['1', '2'].includes(c('estimulo_franja_fronteriza')),
      vigenciaDesde: c('vigencia_desde'),
      vigenciaHasta: c('vigencia_hasta'),
      husoHorario: {
        descripcion: c('huso_descripcion'),
        zonaHoraria: zonaHorariaDeHuso(c('huso_descripcion')),
        verano: cambio(
          c('huso_verano_mes_inicio'),
          c('huso_verano_dia_inicio'),
          c('huso_verano_hora_inicio'),
          c('huso_verano_diferencia'),
        ),
        invierno: cambio(
          c('huso_invierno_mes_inicio'),
          c('huso_invierno_dia_inicio'),
          c('huso_invierno_hora_inicio'),
          c('huso_invierno_diferencia'),
        ),
        origen: c('huso_origen'),
      },
    }),
  );
}

const CODIGO_POSTAL_COLUMNS = CODIGO_POSTAL_HEADER.split('\t');

/** One c_CodigoPostal line (its cells) as the row readCodigosPostales gives. */
export const codigoPostalFromCells = (cells: string[]): CodigoPostal =>
  codigosPostalesFrom({
    file: 'c_CodigoPostal.tsv.gz',
    header: CODIGO_POSTAL_COLUMNS,
    rows: [cells],
  })[0] as CodigoPostal;

/** c_CodigoPostal indexed by key in compact form (postal.ts); a row is built when asked for. */
export const readCodigosPostalesIndexed = (dir: string): Catalogo<CodigoPostal> =>
  readCodigosPostalesCompact(dir, codigoPostalFromCells);

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

export const readTasasOCuota = (dir: string): TasaOCuota[] =>
  mapTsv(
    readTsv(dir, 'c_TasaOCuota.tsv.gz'),
    ['tipo', 'valor_minimo', 'valor_maximo', 'impuesto', 'factor', 'traslado', 'retencion', ...V],
    (c) => {
      const tipo = c('tipo');
      const factor = c('factor');
      if ((tipo !== 'Fijo' && tipo !== 'Rango') || (factor !== 'Tasa' && factor !== 'Cuota')) {
        throw new Error(`c_TasaOCuota: fila no reconocida (${tipo}, ${factor})`);
      }
      return {
        tipo,
        valorMinimo: c('valor_minimo'),
        valorMaximo: c('valor_maximo'),
        impuesto: c('impuesto'),
        factor,
        traslado: flag(c('traslado')),
        retencion: flag(c('retencion')),
        vigenciaDesde: c('vigencia_desde'),
        vigenciaHasta: c('vigencia_hasta'),
      };
    },
  );

export const readImpuestos = (dir: string): Impuesto[] =>
  mapTsv(
    readTsv(dir, 'c_Impuesto.tsv.gz'),
    ['clave', 'descripcion', 'retencion', 'traslado', 'ambito', ...V],
    (c) => ({
      clave: c('clave'),
      descripcion: c('descripcion'),
      retencion: flag(c('retencion')),
      traslado: flag(c('traslado')),
      ambito: c('ambito'),
      vigenciaDesde: c('vigencia_desde'),
      vigenciaHasta: c('vigencia_hasta'),
    }),
  );

export const readTiposFactor = (dir: string): TipoFactor[] =>
  mapTsv(readTsv(dir, 'c_TipoFactor.tsv.gz'), ['clave', ...V], (c) => ({
    clave: c('clave'),
    vigenciaDesde: c('vigencia_desde'),
    vigenciaHasta: c('vigencia_hasta'),
  }));

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

export function readImpuestosLocales(dir: string): ImpuestoLocal[] {
  return mapTsv(
    readTsv(dir, 'local-taxes.tsv'),
    [
      'estado',
      'tipo_implocal',
      'impuesto',
      'tasa_porcentaje',
      'aplica_a',
      'vigencia_desde',
      'ambito',
      'fuente_url',
      'fuente_fecha',
      'certeza',
      'nota',
    ],
    (c) => {
      const tipo = c('tipo_implocal');
      const certeza = c('certeza');
      if (tipo !== 'trasladado' && tipo !== 'retenido') {
        throw new Error(`local-taxes.tsv: tipo_implocal no reconocido ${tipo}`);
      }
      if (certeza !== 'alta' && certeza !== 'media' && certeza !== 'baja') {
        throw new Error(`local-taxes.tsv: certeza no reconocida ${certeza}`);
      }
      return {
        estado: estadoActual(c('estado')),
        tipo,
        impuesto: c('impuesto'),
        tasaPorcentaje: c('tasa_porcentaje'),
        aplicaA: c('aplica_a'),
        vigenciaDesde: c('vigencia_desde'),
        ambito: c('ambito'),
        fuenteUrl: c('fuente_url'),
        fuenteFecha: c('fuente_fecha'),
        certeza,
        nota: c('nota'),
      };
    },
  );
}

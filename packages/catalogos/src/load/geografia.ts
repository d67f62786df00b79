/**
 * Readers of the geographic catalogs: estados, países, municipios, localidades, colonias and
 * códigos postales (with their time zones).
 */
import type { Catalogo } from '../catalogo.ts';
import { CODIGO_POSTAL_HEADER, HUSO_COLUMNAS, readCodigosPostalesCompact } from '../postal.ts';
import { readTsv, mapTsv, V, type Tsv } from '../tsv.ts';
import type {
  CodigoPostal,
  Colonia,
  Estado,
  HusoHorarioCambio,
  Localidad,
  Municipio,
  Pais,
} from '../types.ts';
import { zonaHorariaDeHuso } from '../zona-horaria.ts';

/** Mexico City in the 2022 postal-code release is `DIF`; the current catalogs say `CMX`. */
export const estadoActual = (estado: string): string => (estado === 'DIF' ? 'CMX' : estado);

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

export function readCodigosPostales(dir: string): CodigoPostal[] {
  return codigosPostalesFrom(readTsv(dir, 'c_CodigoPostal.tsv.gz'));
}

function codigosPostalesFrom(tsv: Tsv): CodigoPostal[] {
  const cambio = (mes: string, dia: string, hora: string, diferencia: string) =>
    mes === '' ? null : ({ mes, dia, hora, diferencia } satisfies HusoHorarioCambio);
  return mapTsv(
    tsv,
    [
      'clave',
      'estado',
      'municipio',
      'localidad',
      'estimulo_franja_fronteriza',
      ...V,
      ...HUSO_COLUMNAS,
    ],
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

/**
 * Readers of the tax catalogs: c_TasaOCuota, c_Impuesto, c_TipoFactor and the local taxes of the
 * states (`local-taxes.tsv`).
 */
import { readTsv, mapTsv, flag, V } from '../tsv.ts';
import type { Impuesto, ImpuestoLocal, TasaOCuota, TipoFactor } from '../types.ts';
import { estadoActual } from './geografia.ts';

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

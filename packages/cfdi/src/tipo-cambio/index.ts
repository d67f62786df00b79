export {
  DIAS_VIGENCIA_REFERENCIA,
  HistorialTipoCambio,
  SERIE_BANXICO,
  leerHistorialTsv,
  leerRespuestaSie,
  limitesTipoCambio,
  type FuenteTipoCambio,
  type ReferenciaTipoCambio,
} from './referencia.ts';
export {
  DERIVA_MAXIMA,
  DERIVA_POR_DIA,
  bandaTipoCambio,
  dentroDeBanda,
  diasEntre,
  fechaDma,
  referenciaCruzada,
  type BandaTipoCambio,
} from './banda.ts';

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

import type { Comprobante } from '../../xml/model.ts';
import type { Errores } from '../error-validacion.ts';

/** InformacionGlobal (8.3): only to PUBLICO EN GENERAL, with Periodicidad, Meses and Año. */
export function reglasInformacionGlobal(
  c: Comprobante,
  e: Errores,
  fecha: string | undefined,
): void {
  const tipo = c.TipoDeComprobante;
  const publico = c.Receptor.Rfc === 'XAXX010101000' && c.Receptor.Nombre === 'PUBLICO EN GENERAL';
  const ig = c.InformacionGlobal;
  if (ig && !publico)
    e.add(
      'CFDI40130',
      'InformacionGlobal',
      'El campo Rfc del nodo receptor debe contener valor "XAXX010101000" y el valor del campo Nombre del nodo Receptor debe contener el valor "PUBLICO EN GENERAL".',
      'CFDI40130',
    );
  if (!ig && publico && tipo === 'I')
    e.add(
      'CFDI40130',
      'InformacionGlobal',
      'Una factura a PUBLICO EN GENERAL es una factura global y debe llevar el nodo InformacionGlobal.',
      'CFDI40130',
    );
  if (ig) {
    if (!['01', '02', '03', '04', '05'].includes(ig.Periodicidad))
      e.add(
        'CFDI40131',
        'InformacionGlobal.Periodicidad',
        'El campo Periodicidad no contiene un valor del catálogo c_Periodicidad.',
        'CFDI40131',
      );
    if (ig.Periodicidad === '05' && c.Emisor.RegimenFiscal !== '621')
      e.add(
        'CFDI40132',
        'InformacionGlobal.Periodicidad',
        'El campo RegimenFiscal, no contiene el valor 621.',
        'CFDI40132',
      );
    const mes = Number.parseInt(ig.Meses, 10);
    if (
      ig.Periodicidad === '05'
        ? !(mes >= 13 && mes <= 18) || ig.Meses.length !== 2
        : !(mes >= 1 && mes <= 12) || ig.Meses.length !== 2
    )
      e.add(
        ig.Periodicidad === '05' ? 'CFDI40135' : 'CFDI40134',
        'InformacionGlobal.Meses',
        ig.Periodicidad === '05'
          ? 'El campo Meses, no contiene alguno de los valores "13" … "18".'
          : 'El campo Meses, no contiene alguno de los valores "01" … "12".',
        ig.Periodicidad === '05' ? 'CFDI40135' : 'CFDI40134',
      );
    const anioRef = (fecha ?? c.Fecha).slice(0, 4);
    const anio = Number.parseInt(ig.Año, 10);
    const ref = Number.parseInt(anioRef, 10);
    if (!/^[0-9]{4}$/.test(ig.Año) || (anio !== ref && anio !== ref - 1))
      e.add(
        'CFDI40136',
        'InformacionGlobal.Año',
        'El campo Año, no es igual al año en curso o al año inmediato anterior.',
        'CFDI40136',
      );
  }
}

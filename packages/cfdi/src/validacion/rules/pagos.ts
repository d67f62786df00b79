import { Decimal } from '../../decimal.ts';
import type { Comprobante, Pago } from '../../xml/model.ts';
import type { CatalogosLookup } from '../catalogos-lookup.ts';
import type { Errores } from '../error-validacion.ts';
import {
  camposFormaPago,
  validarDatosBancariosPago,
  type CampoBancarioPago,
} from '../forma-pago-pago.ts';
import { reglasComprobantePago } from './pagos-comprobante.ts';
import { reglasDoctoRelacionado } from './pagos-docto.ts';
import { reglasImpuestosP, reglasTotalesPagos } from './pagos-totales.ts';
import { dec, equivalenciaDR, limitesImpuesto, num } from './util.ts';

/**
 * The code of the Pagos 2.0 matrix for a bank field's error (rules 7.3): a field the payment form
 * does not admit (CRP20221, 20224, 20227, 20228, 20229), the foreign bank's name (CRP20223), the
 * account patterns (CRP20225, 20226) and the SPEI chain, required with TipoCadPago and forbidden
 * without it (CRP20230–CRP20235).
 */
function codigoBancario(campo: CampoBancarioPago, p: Pago): string {
  const admite = camposFormaPago(p.FormaDePagoP);
  // [required with TipoCadPago, forbidden without it]
  const cadena: Partial<Record<CampoBancarioPago, [string, string]>> = {
    cert_pago: ['CRP20230', 'CRP20231'],
    cad_pago: ['CRP20232', 'CRP20233'],
    sello_pago: ['CRP20234', 'CRP20235'],
  };
  const par = cadena[campo];
  if (par) return p.TipoCadPago ? par[0] : par[1];
  switch (campo) {
    case 'cta_ordenante':
      return admite.ordenante ? 'CRP20225' : 'CRP20224';
    case 'cta_beneficiario':
      return admite.beneficiario ? 'CRP20226' : 'CRP20228';
    case 'rfc_emisor_cta_ben':
      return admite.beneficiario ? 'CRP20221' : 'CRP20227';
    case 'tipo_cadena_pago':
      return 'CRP20229';
    case 'nom_banco_ordenante_ext':
      return admite.ordenante ? 'CRP20223' : 'CRP20221';
    default:
      return 'CRP20221';
  }
}

/** CFDI de pago (rules 7): fixed values, balances and the ImporteDR windows. */
export function reglasPagos(c: Comprobante, cat: CatalogosLookup, e: Errores): void {
  const pagos = c.Complemento?.Pagos;
  if (c.TipoDeComprobante !== 'P') {
    if (pagos)
      e.add(
        'CRP20101',
        'Complemento.Pagos',
        'El complemento de pagos solo se usa en comprobantes de tipo P.',
        'CRP20101',
      );
    return;
  }
  if (!pagos) {
    e.add(
      'CRP20101',
      'Complemento.Pagos',
      'Un comprobante de pago debe llevar el complemento de pagos 2.0.',
      'CRP20101',
    );
    return;
  }
  if (c.Conceptos.length !== 1)
    e.add(
      'CRP20111',
      'Conceptos',
      'Un comprobante de pago debe tener exactamente un concepto.',
      'CRP20111',
    );
  reglasComprobantePago(c, e);
  reglasTotalesPagos(pagos, e);
  pagos.Pago.forEach((p, i) => {
    const f = `Complemento.Pagos.Pago[${i}]`;
    if (p.FormaDePagoP === '99' || !cat.formaPago(p.FormaDePagoP))
      e.add(
        'CRP20212',
        `${f}.FormaDePagoP`,
        'El campo FormaDePagoP debe ser una forma de pago del catálogo distinta de 99.',
        'CRP20212',
      );
    // Bank fields by FormaDePagoP (rules 7.3, CRP20221–CRP20235).
    const atributo: Record<CampoBancarioPago, string> = {
      num_operacion: 'NumOperacion',
      rfc_emisor_cta_ordenante: 'RfcEmisorCtaOrd',
      nom_banco_ordenante_ext: 'NomBancoOrdExt',
      cta_ordenante: 'CtaOrdenante',
      rfc_emisor_cta_ben: 'RfcEmisorCtaBen',
      cta_beneficiario: 'CtaBeneficiario',
      tipo_cadena_pago: 'TipoCadPago',
      cert_pago: 'CertPago',
      cad_pago: 'CadPago',
      sello_pago: 'SelloPago',
    };
    for (const err of validarDatosBancariosPago(p.FormaDePagoP, {
      num_operacion: p.NumOperacion,
      rfc_emisor_cta_ordenante: p.RfcEmisorCtaOrd,
      nom_banco_ordenante_ext: p.NomBancoOrdExt,
      cta_ordenante: p.CtaOrdenante,
      rfc_emisor_cta_ben: p.RfcEmisorCtaBen,
      cta_beneficiario: p.CtaBeneficiario,
      tipo_cadena_pago: p.TipoCadPago,
      cert_pago: p.CertPago,
      cad_pago: p.CadPago,
      sello_pago: p.SelloPago,
    }))
      e.add(
        codigoBancario(err.field, p),
        `${f}.${atributo[err.field]}`,
        err.message,
        'CRP20221–CRP20235',
      );
    const monP = cat.moneda(p.MonedaP);
    if (p.MonedaP === 'XXX' || !monP)
      e.add('CRP20213', `${f}.MonedaP`, 'El campo MonedaP debe ser distinto de "XXX".', 'CRP20213');
    if (p.MonedaP !== 'MXN' && p.TipoCambioP === undefined)
      e.add('CRP20214', `${f}.TipoCambioP`, 'El campo TipoCambioP se debe registrar.', 'CRP20214');
    if (p.MonedaP === 'MXN' && p.TipoCambioP !== undefined && p.TipoCambioP !== '1')
      e.add(
        'CRP20215',
        `${f}.TipoCambioP`,
        'El campo TipoCambioP debe ser "1" cuando MonedaP es MXN.',
        'CRP20215',
      );
    const monto = num(p.Monto);
    if (!monto || !monto.greaterThan(0))
      e.add(
        'CRP20218',
        `${f}.Monto`,
        'El valor del campo Monto debe ser mayor que cero.',
        'CRP20218',
      );
    else if (monP && dec(p.Monto) > monP.decimales)
      e.add(
        'CRP20219',
        `${f}.Monto`,
        'El campo Monto excede la cantidad de decimales de la moneda.',
        'CRP20219',
      );
    let suma = new Decimal(0);
    p.DoctoRelacionado.forEach((dr, j) => {
      const g = `${f}.DoctoRelacionado[${j}]`;
      const d = cat.moneda(dr.MonedaDR)?.decimales ?? 2;
      reglasDoctoRelacionado(dr, g, p.MonedaP, d, cat, e);
      const ant = num(dr.ImpSaldoAnt);
      const pag = num(dr.ImpPagado);
      const ins = num(dr.ImpSaldoInsoluto);
      if (!ant || !ant.greaterThan(0))
        e.add(
          'CRP20239',
          `${g}.ImpSaldoAnt`,
          'El valor del campo ImpSaldoAnt debe ser mayor que cero.',
          'CRP20239',
        );
      if (!pag || !pag.greaterThan(0))
        e.add(
          'CRP20241',
          `${g}.ImpPagado`,
          'El valor del campo ImpPagado debe ser mayor que cero.',
          'CRP20241',
        );
      if (ant && pag && (!ins || !ins.equals(ant.minus(pag)) || ins.lessThan(0)))
        e.add(
          'CRP20244',
          `${g}.ImpSaldoInsoluto`,
          'El campo ImpSaldoInsoluto debe ser mayor o igual a cero y calcularse con la suma de los campos ImSaldoAnt menos el ImpPagado',
          'CRP20244',
        );
      if (pag) suma = suma.plus(pag.dividedBy(equivalenciaDR(dr.EquivalenciaDR)));
      const lineas = [
        ...(dr.ImpuestosDR?.TrasladosDR ?? []).map((x) => ({ x, t: true })),
        ...(dr.ImpuestosDR?.RetencionesDR ?? []).map((x) => ({ x, t: false })),
      ];
      if (dr.ObjetoImpDR === '02' && lineas.length === 0)
        e.add(
          'CRP20246',
          `${g}.ImpuestosDR`,
          'El nodo ImpuestosDR debe existir cuando ObjetoImpDR es 02.',
          'CRP20246',
        );
      if (dr.ObjetoImpDR !== '02' && dr.ImpuestosDR !== undefined)
        e.add(
          'CRP20247',
          `${g}.ImpuestosDR`,
          'El nodo ImpuestosDR no debe existir cuando ObjetoImpDR no es 02.',
          'CRP20247',
        );
      for (const { x, t } of lineas) {
        if (
          x.TipoFactorDR === 'Exento' ||
          x.TasaOCuotaDR === undefined ||
          x.ImporteDR === undefined
        )
          continue;
        const imp = num(x.ImporteDR);
        if (!imp || !num(x.BaseDR)) continue;
        const { li, ls } = limitesImpuesto(x.BaseDR, x.TasaOCuotaDR, Math.min(d, dec(x.ImporteDR)));
        if (imp.lessThan(li) || imp.greaterThan(ls))
          e.add(
            t ? 'CRP20261' : 'CRP20254',
            `${g}.ImpuestosDR`,
            `El valor del campo ImporteDR o que corresponde a ${t ? 'Traslado' : 'Retención'} no se encuentra entre el limite inferior y superior permitido.`,
            t ? 'CRP20261' : 'CRP20254',
          );
      }
    });
    reglasImpuestosP(p, f, e);
    if (monto && monP && monto.lessThan(suma.toDecimalPlaces(monP.decimales, Decimal.ROUND_DOWN)))
      e.add(
        'CRP20217',
        `${f}.Monto`,
        'La suma de los valores registrados en el campo ImpPagado de los DoctoRelacionado no es menor o igual que el valor del campo Monto.',
        'CRP20217',
      );
  });
}

/** ImpuestosLocales: totals equal the sums of their lines (rules 4.2). */
export function reglasImpuestosLocales(c: Comprobante, e: Errores): void {
  const il = c.Complemento?.ImpuestosLocales;
  if (!il) return;
  const sum = (xs: { Importe: string }[] | undefined) =>
    (xs ?? []).reduce((a, x) => a.plus(num(x.Importe) ?? 0), new Decimal(0));
  const nombres = [
    ...(il.RetencionesLocales ?? []).map((x) => x.ImpLocRetenido),
    ...(il.TrasladosLocales ?? []).map((x) => x.ImpLocTrasladado),
  ];
  if (nombres.some((n) => n.includes('|') || n.trim() === ''))
    e.add(
      'IMPLOCAL_NOMBRE',
      'Complemento.ImpuestosLocales',
      'El nombre de un impuesto local no puede estar vacío ni contener "|".',
      'implocal.xsd',
    );
  if (!(num(il.TotaldeRetenciones) ?? new Decimal(-1)).equals(sum(il.RetencionesLocales)))
    e.add(
      'IMPLOCAL_TOTAL_RETENCIONES',
      'Complemento.ImpuestosLocales.TotaldeRetenciones',
      'El total de retenciones locales no es igual a la suma de sus importes.',
      'implocal.xsd TotaldeRetenciones',
    );
  if (!(num(il.TotaldeTraslados) ?? new Decimal(-1)).equals(sum(il.TrasladosLocales)))
    e.add(
      'IMPLOCAL_TOTAL_TRASLADOS',
      'Complemento.ImpuestosLocales.TotaldeTraslados',
      'El total de traslados locales no es igual a la suma de sus importes.',
      'implocal.xsd TotaldeTraslados',
    );
}

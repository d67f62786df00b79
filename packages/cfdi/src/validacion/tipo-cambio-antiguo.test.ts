import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { bandaTipoCambio, HistorialTipoCambio } from '../tipo-cambio/index.ts';
import { buildIngreso } from '../xml/build-ingreso.ts';
import { buildPago } from '../xml/build-pago.ts';
import type { Comprobante } from '../xml/model.ts';
import { EQUIVALENCIA_DR_FUERA_DE_RANGO } from './rules/tipo-cambio.ts';
import { validateComprobante } from './validate-comprobante.ts';

/**
 * Exchange rates checked offline (issue 24): the newest reference is months old (no Banxico token,
 * the committed history ends in January 2026). Every date is explicit: nothing depends on today.
 */
const historial = new HistorialTipoCambio([
  { moneda: 'USD', serie: 'SF43718', fecha: '2026-01-14', valor: '17.8167' },
  { moneda: 'USD', serie: 'SF43718', fecha: '2026-01-21', valor: '17.4520' },
  { moneda: 'EUR', serie: 'SF46410', fecha: '2026-01-21', valor: '20.4415' },
]);
const HOY = '2026-11-24T12:00:00';
const EKU = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };
const CACX = {
  rfc: 'CACX7605101P8',
  nombre: 'XOCHILT CASAS CHAVEZ',
  domicilioFiscalReceptor: '10740',
  regimenFiscalReceptor: '612',
  usoCfdi: 'G03',
};
const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;

function ingreso(moneda: string, tipoCambio: string, fecha = HOY): Comprobante {
  const r = buildIngreso(
    {
      formaPago: '03',
      metodoPago: 'PUE',
      moneda,
      tipoCambio,
      lugarExpedicion: '42501',
      emisor: EKU,
      receptor: CACX,
      conceptos: [
        {
          claveProdServ: '80101500',
          cantidad: '1',
          claveUnidad: 'E48',
          descripcion: 'Consultoría',
          valorUnitario: '100.00',
          impuestos: [IVA16],
        },
      ],
    },
    { fecha },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r.comprobante;
}

/** A payment of a USD invoice of 116.00: in dollars at `tipoCambioP`, or in pesos at `equivalenciaDR`. */
function pago(
  o:
    | { monedaP: 'USD'; tipoCambioP: string }
    | { monedaP: 'MXN'; equivalenciaDR: string; monto: string },
) {
  const r = buildPago(
    {
      serie: 'P',
      folio: '1',
      lugarExpedicion: '42501',
      emisor: EKU,
      receptor: CACX,
      pago: {
        fechaPago: '2026-11-23T12:00:00',
        formaDePagoP: '03',
        monedaP: o.monedaP,
        ...(o.monedaP === 'USD' ? { tipoCambioP: o.tipoCambioP } : { monto: o.monto }),
        documentos: [
          {
            IdDocumento: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
            MonedaDR: 'USD',
            ...(o.monedaP === 'MXN' ? { EquivalenciaDR: o.equivalenciaDR } : {}),
            NumParcialidad: 1,
            totalDocumento: '116.00',
            pagadoAnterior: '0',
            ImpPagado: '116.00',
            impuestos: [
              {
                tipo: 'traslado',
                Impuesto: '002',
                TipoFactor: 'Tasa',
                TasaOCuota: '0.160000',
                Base: '100.00',
              },
            ],
          },
        ],
      },
    },
    { fecha: HOY },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r.comprobante;
}

const validar = (c: Comprobante) =>
  validateComprobante(c, { catalogos, tipoCambioReferencia: (m, d) => historial.ultima(m, d) });
const codigos = (c: Comprobante) => validar(c).map((e) => `${e.code} ${e.field}`);

describe('the band from a stale reference', () => {
  it('is the SAT’s for 6 days, then widens 2 % a day up to the half and double of the reference', () => {
    const ref = { fecha: '2026-01-21', serie: 'SF43718', valor: '17.4520' };
    const banda = (dia: string) => {
      const b = bandaTipoCambio(ref, dia, 5);
      return [b.vigente, b.dias, b.li.toFixed(), b.ls.toFixed()];
    };
    expect(banda('2026-01-27')).toEqual([true, 6, '16.5794', '18.3246']);
    // 10 days: 16.5794 / 1.2 and 18.3246 × 1.2.
    expect(banda('2026-01-31')).toEqual([false, 10, '13.816167', '21.98952']);
    // 307 days (capped at 100 %): 16.5794 / 2 and 18.3246 × 2.
    expect(banda('2026-11-24')).toEqual([false, 307, '8.2897', '36.6492']);
  });
});

describe('an invoice’s TipoCambio against a months-old reference (CFDI40118)', () => {
  it('USD at 1 and at 1,000 is refused, with the reference, its date and the possible range', () => {
    expect(codigos(ingreso('USD', '1'))).toEqual(['CFDI40118 TipoCambio']);
    expect(codigos(ingreso('USD', '1000'))).toEqual(['CFDI40118 TipoCambio']);
    expect(validar(ingreso('USD', '1'))[0]?.message).toBe(
      'Cuando el valor del campo TipoCambio se encuentre fuera de los límites establecidos, debe existir el campo Confirmacion. El tipo de cambio 1 queda fuera de lo que el SAT puede admitir: el tipo de cambio de referencia más reciente es del 21/01/2026 (FIX de Banxico del 21/01/2026: 17.4520 pesos por USD), de hace 307 días, y con esa antigüedad el tipo de cambio del día, más el 5% que admite el SAT, solo puede estar de 8.2897 a 36.6492. Verifique el tipo de cambio del día.',
    );
  });

  it('EUR at 0.05 is refused against Banxico’s euro rate', () => {
    const [e] = validar(ingreso('EUR', '0.05'));
    expect(e).toMatchObject({ code: 'CFDI40118', field: 'TipoCambio' });
    expect(e?.message).toContain(
      '(tipo de cambio de Banxico del 21/01/2026: 20.4415 pesos por EUR)',
    );
  });

  it('a plausible rate is accepted, even 5 % away from the old reference', () => {
    expect(codigos(ingreso('USD', '18.4207'))).toEqual([]);
    expect(codigos(ingreso('EUR', '21.3'))).toEqual([]);
  });

  it('the reference of the day still applies the SAT’s band exactly', () => {
    expect(codigos(ingreso('USD', '18.4207', '2026-01-21T12:00:00'))).toEqual([
      'CFDI40118 TipoCambio',
    ]);
  });

  it('a currency with no reference at all is not decided (a real PAC checks it with its own rates)', () => {
    expect(codigos(ingreso('JPY', '1000'))).toEqual([]);
  });

  it('a Confirmacion with a stale reference is not called needless (CFDI40127 needs the day’s band)', () => {
    expect(codigos({ ...ingreso('USD', '18.4207'), Confirmacion: 'ABC12' })).toEqual([]);
  });
});

describe('a payment’s exchange rate against a months-old reference', () => {
  it('TipoCambioP 1 for USD is refused (CRP20216); a plausible one is accepted', () => {
    expect(codigos(pago({ monedaP: 'USD', tipoCambioP: '1' }))).toEqual([
      'CRP20216 Complemento.Pagos.Pago[0].TipoCambioP',
    ]);
    expect(validar(pago({ monedaP: 'USD', tipoCambioP: '1' }))[0]?.message).toMatch(
      /^El tipo de cambio del pago 1 queda fuera de lo que el SAT puede admitir: el tipo de cambio de referencia más reciente es del 21\/01\/2026 .*de hace 306 días.* Verifique el tipo de cambio del día\.$/,
    );
    expect(codigos(pago({ monedaP: 'USD', tipoCambioP: '18.40' }))).toEqual([]);
  });

  it('a USD invoice paid in MXN with an EquivalenciaDR that implies 1 peso per dollar is refused', () => {
    const uno = pago({ monedaP: 'MXN', equivalenciaDR: '1', monto: '116.00' });
    const [e] = validar(uno);
    expect(e).toMatchObject({
      code: EQUIVALENCIA_DR_FUERA_DE_RANGO,
      field: 'Complemento.Pagos.Pago[0].DoctoRelacionado[0].EquivalenciaDR',
    });
    expect(e?.message).toMatch(
      /^El tipo de cambio del pago \(EquivalenciaDR 1\) 1 queda fuera de lo que el SAT puede admitir: .*\(FIX de Banxico del 21\/01\/2026: 17\.4520 pesos por USD\).* solo puede estar de 8\.2897 a 36\.6492\. Verifique el tipo de cambio del día\.$/,
    );
    // 18.40 pesos per dollar: EquivalenciaDR 1 / 18.40, 116.00 dollars are 2134.40 pesos.
    const bien = pago({ monedaP: 'MXN', equivalenciaDR: '0.0543478261', monto: '2134.40' });
    expect(codigos(bien)).toEqual([]);
  });

  it('with the reference of the payment day, the equivalence gets the SAT’s band', () => {
    const h = new HistorialTipoCambio([
      { moneda: 'USD', serie: 'SF43718', fecha: '2026-11-23', valor: '18.4000' },
    ]);
    // 1 / 0.05 = 20 pesos per dollar: 8.7 % above the day's FIX.
    const c = pago({ monedaP: 'MXN', equivalenciaDR: '0.05', monto: '2320.00' });
    const [e] = validateComprobante(c, {
      catalogos,
      tipoCambioReferencia: (m, d) => h.ultima(m, d),
    });
    expect(e?.message).toBe(
      'El tipo de cambio del pago (EquivalenciaDR 0.05) 20 se aleja más del 5% del tipo de cambio de referencia (FIX de Banxico del 23/11/2026: 18.4000 pesos por USD); el SAT admite de 17.48 a 19.32.',
    );
  });
});

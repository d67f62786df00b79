import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildCadenaOriginal } from '../cadena/build-cadena-original.ts';
import { cadenaOriginalFromXml } from '../cadena/cadena-original-from-xml.ts';
import { firmarComprobante, sellar } from '../sello/index.ts';
import { checkSat, checkSatMany, SAT_XML_DIR } from '../../test/check-sat.ts';
import { currentTestCsd, satTestCsd } from '../../test/fixtures.ts';
import { buildGlobal } from './build-global.ts';
import { buildIngreso, type IngresoDraft } from './build-ingreso.ts';
import { buildPago } from './build-pago.ts';
import type { Comprobante } from './model.ts';
import { parseComprobanteXml } from './parse-xml.ts';
import { writeComprobanteXml, writeTimbreFiscalDigital } from './write-xml.ts';
import { impuestosDeDocumento } from '../calc/pagos20.ts';

const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;
const EKU = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };
const CACX_RECEPTOR = {
  rfc: 'CACX7605101P8',
  nombre: 'XOCHILT CASAS CHAVEZ',
  domicilioFiscalReceptor: '10740',
  regimenFiscalReceptor: '612',
  usoCfdi: 'G03',
};

function built(r: ReturnType<typeof buildIngreso>): Comprobante {
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r.comprobante;
}

function expectSatOk(xml: string): string {
  const res = checkSat(xml);
  expect(res.errors).toEqual([]);
  return res.cadena!;
}

const honorarios: IngresoDraft = {
  serie: 'H',
  folio: '7',
  formaPago: '03',
  metodoPago: 'PUE',
  moneda: 'MXN',
  lugarExpedicion: '10740',
  emisor: { rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ', regimenFiscal: '612' },
  receptor: {
    rfc: 'EKU9003173C9',
    nombre: 'ESCUELA KEMPER URGATE',
    domicilioFiscalReceptor: '42501',
    regimenFiscalReceptor: '601',
    usoCfdi: 'G03',
  },
  conceptos: [
    {
      claveProdServ: '80101500',
      cantidad: '1',
      claveUnidad: 'E48',
      descripcion: 'Honorarios por consultoría',
      valorUnitario: '10000.00',
      impuestos: [
        IVA16,
        { tipo: 'retencion', impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.10' },
        { tipo: 'retencion', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106666' },
      ],
    },
  ],
};

const { formaPago: _formaPago, ...sinFormaPago } = honorarios;

describe('Ingreso', () => {
  it('1.13: the honorarios example signed with the SAT test CSD gives the documented cadena and passes the SAT checks', () => {
    const c = built(buildIngreso(honorarios, { fecha: '2023-01-10T09:15:00' }));
    const { xml, cadenaOriginal } = firmarComprobante(c, satTestCsd('CACX7605101P8'));
    expect(cadenaOriginal).toBe(
      '||4.0|H|7|2023-01-10T09:15:00|03|30001000000400002451|10000.00|MXN|9533.34|I|01|PUE|10740|CACX7605101P8|XOCHILT CASAS CHAVEZ|612|EKU9003173C9|ESCUELA KEMPER URGATE|42501|601|G03|80101500|1|E48|Honorarios por consultoría|10000.00|10000.00|02|10000.00|002|Tasa|0.160000|1600.00|10000.00|001|Tasa|0.100000|1000.00|10000.00|002|Tasa|0.106666|1066.66|001|1000.00|002|1066.66|2066.66|10000.00|002|Tasa|0.160000|1600.00|1600.00||',
    );
    expect(expectSatOk(xml)).toBe(cadenaOriginal);
    // PKCS#1 v1.5 is deterministic: the same document always has the same Sello.
    expect(sellar(cadenaOriginal, satTestCsd('CACX7605101P8').llave)).toBe(
      parseComprobanteXml(xml).Sello,
    );
  });

  it('PPD writes FormaPago 99; CfdiRelacionados grouped by TipoRelacion; Serie letters and escaping', () => {
    const c = built(
      buildIngreso(
        {
          ...sinFormaPago,
          metodoPago: 'PPD',
          emisor: EKU,
          receptor: { ...CACX_RECEPTOR, nombre: '  P&G <MÉXICO> "Ñ"\tSA  ' },
          condicionesDePago: 'Crédito 30 días',
          cfdiRelacionados: [
            { tipoRelacion: '04', uuids: ['5fb2822e-396d-4725-8521-cdc4bdd20ccf'] },
            {
              tipoRelacion: '07',
              uuids: [
                '6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C',
                '00000000-0000-4000-8000-000000000001',
              ],
            },
          ],
          lugarExpedicion: '42501',
        },
        { fecha: '2024-06-15T12:00:00' },
      ),
    );
    expect(c.FormaPago).toBe('99');
    expect(c.Receptor.Nombre).toBe('P&G <MÉXICO> "Ñ" SA');
    const { xml } = firmarComprobante(
      c,
      currentTestCsd('EKU9003173C9', 'ESCUELA KEMPER URGATE SA DE CV'),
    );
    expect(xml).toContain('Nombre="P&amp;G &lt;MÉXICO&gt; &quot;Ñ&quot; SA"');
    const cadena = expectSatOk(xml);
    expect(cadena).toContain(
      '|04|5FB2822E-396D-4725-8521-CDC4BDD20CCF|07|6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C|',
    );
  });

  it('USD with TipoCambio, receptor extranjero and público en general (non-global) pass', () => {
    const csd = currentTestCsd('EKU9003173C9', 'ESCUELA KEMPER URGATE SA DE CV');
    const usd = built(
      buildIngreso(
        {
          ...honorarios,
          emisor: EKU,
          lugarExpedicion: '42501',
          moneda: 'USD',
          tipoCambio: '17.1512',
          receptor: { rfc: 'XEXX010101000', nombre: 'ACME CORPORATION', residenciaFiscal: 'USA' },
          conceptos: [{ ...honorarios.conceptos[0]!, impuestos: [{ ...IVA16, tasaOCuota: '0' }] }],
        },
        { fecha: '2024-06-15T12:00:00' },
      ),
    );
    expect(usd.Receptor).toEqual({
      Rfc: 'XEXX010101000',
      Nombre: 'ACME CORPORATION',
      DomicilioFiscalReceptor: '42501',
      ResidenciaFiscal: 'USA',
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    expectSatOk(firmarComprobante(usd, csd).xml);
    const publico = built(
      buildIngreso(
        {
          ...honorarios,
          emisor: EKU,
          lugarExpedicion: '42501',
          receptor: { rfc: 'XAXX010101000', nombre: 'JUAN PÉREZ' },
          conceptos: [{ ...honorarios.conceptos[0]!, impuestos: [IVA16] }],
        },
        { fecha: '2024-06-15T12:00:00' },
      ),
    );
    expect(publico.InformacionGlobal).toBeUndefined();
    expectSatOk(firmarComprobante(publico, csd).xml);
  });

  it('ImpuestosLocales: hotel with ISH and 5 al millar, namespaces on the root', () => {
    const c = built(
      buildIngreso(
        {
          ...honorarios,
          emisor: EKU,
          lugarExpedicion: '42501',
          receptor: CACX_RECEPTOR,
          conceptos: [
            {
              claveProdServ: '90111800',
              cantidad: '2',
              claveUnidad: 'DAY',
              unidad: 'Noche',
              descripcion: 'Hospedaje <b>habitación</b>\ndoble',
              valorUnitario: '500.00',
              impuestos: [IVA16],
              impuestosLocales: [
                { tipo: 'traslado', nombre: 'ISH', tasa: '3.5' },
                { tipo: 'retencion', nombre: '5 al millar', tasa: '0.5' },
              ],
            },
          ],
        },
        { fecha: '2024-06-15T12:00:00' },
      ),
    );
    expect(c.Conceptos[0]!.Descripcion).toBe('Hospedaje habitación doble');
    expect(c.Total).toBe('1190.00');
    const { xml } = firmarComprobante(
      c,
      currentTestCsd('EKU9003173C9', 'ESCUELA KEMPER URGATE SA DE CV'),
    );
    expect(xml).toMatch(
      /<cfdi:Comprobante [^>]*xmlns:implocal="http:\/\/www.sat.gob.mx\/implocal"/,
    );
    expect(expectSatOk(xml)).toMatch(
      /\|1\.0\|5\.00\|35\.00\|5 al millar\|0\.50\|5\.00\|ISH\|3\.50\|35\.00\|\|$/,
    );
  });

  it('refuses PUE with 99, Exportacion 02 and a foreign currency without TipoCambio', () => {
    const r = buildIngreso(
      { ...honorarios, formaPago: '99', exportacion: '02', moneda: 'USD' },
      { fecha: '2024-06-15T12:00:00' },
    );
    expect(!r.ok && r.errores.map((e) => e.field)).toEqual([
      'formaPago',
      'exportacion',
      'tipoCambio',
    ]);
  });
});

describe('factura global (8.5)', () => {
  it('reproduces the example totals and passes the SAT checks', () => {
    const r = buildGlobal(
      {
        serie: 'G',
        folio: '12',
        formaPago: '01',
        moneda: 'MXN',
        lugarExpedicion: '42501',
        emisor: EKU,
        periodicidad: '04',
        meses: '01',
        año: '2023',
        tickets: [
          { folioVenta: 'T-1001', subtotal: '130.00', descuento: '10.00', impuestos: [IVA16] },
          { folioVenta: 'T-1002', subtotal: '100.09', impuestos: [IVA16] },
        ],
      },
      { fecha: '2023-02-01T10:00:00' },
    );
    const c = built(r);
    expect([c.SubTotal, c.Descuento, c.Impuestos?.TotalImpuestosTrasladados, c.Total]).toEqual([
      '230.09',
      '10.00',
      '35.21',
      '255.30',
    ]);
    expect(c.InformacionGlobal).toEqual({ Periodicidad: '04', Meses: '01', Año: '2023' });
    expect(c.Receptor).toEqual({
      Rfc: 'XAXX010101000',
      Nombre: 'PUBLICO EN GENERAL',
      DomicilioFiscalReceptor: '42501',
      RegimenFiscalReceptor: '616',
      UsoCFDI: 'S01',
    });
    const cadena = expectSatOk(firmarComprobante(c, satTestCsd('EKU9003173C9')).xml);
    expect(cadena).toContain('|04|01|2023|EKU9003173C9|');
  });
});

describe('CFDI de pago with Pagos 2.0 (7.7)', () => {
  const factura = built(
    buildIngreso(
      {
        ...honorarios,
        emisor: EKU,
        receptor: CACX_RECEPTOR,
        lugarExpedicion: '42501',
        metodoPago: 'PPD',
        formaPago: '99',
        conceptos: [
          {
            claveProdServ: '84111506',
            cantidad: '1',
            claveUnidad: 'E48',
            descripcion: 'Servicio',
            valorUnitario: '1000.00',
            impuestos: [IVA16],
          },
        ],
      },
      { fecha: '2023-03-01T09:00:00' },
    ),
  );
  const pagar = (n: number, anterior: string, pagado: string) =>
    buildPago(
      {
        serie: 'P',
        folio: String(30 + n),
        lugarExpedicion: '42501',
        emisor: EKU,
        receptor: CACX_RECEPTOR,
        pago: {
          fechaPago: '2023-03-01T12:00:00',
          formaDePagoP: '03',
          monedaP: 'MXN',
          numOperacion: 'SPEI-000123',
          documentos: [
            {
              IdDocumento: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
              Serie: 'A',
              Folio: '120',
              MonedaDR: 'MXN',
              NumParcialidad: n,
              totalDocumento: factura.Total,
              pagadoAnterior: anterior,
              ImpPagado: pagado,
              impuestos: impuestosDeDocumento(
                factura.Conceptos.map((c) => ({ Traslados: c.Impuestos?.Traslados ?? [] })),
              ),
            },
          ],
        },
      },
      { fecha: '2023-03-02T09:00:00' },
    );

  it('three payments of 386.67, 386.67, 386.66 give the table of 7.7 and each passes the SAT checks', () => {
    const csd = satTestCsd('EKU9003173C9');
    const pagos = [
      pagar(1, '0', '386.67'),
      pagar(2, '386.67', '386.67'),
      pagar(3, '773.34', '386.66'),
    ];
    const filas = pagos.map((p) => {
      if (!p.ok) throw new Error(JSON.stringify(p.errores));
      const pago = p.comprobante.Complemento!.Pagos!.Pago[0]!;
      const d = pago.DoctoRelacionado[0]!;
      const t = d.ImpuestosDR!.TrasladosDR![0]!;
      expectSatOk(firmarComprobante(p.comprobante, csd).xml);
      return [d.ImpSaldoAnt, d.ImpPagado, d.ImpSaldoInsoluto, t.BaseDR, t.ImporteDR];
    });
    expect(filas).toEqual([
      ['1160.00', '386.67', '773.33', '333.34', '53.33'],
      ['773.33', '386.67', '386.66', '333.33', '53.34'],
      ['386.66', '386.66', '0.00', '333.33', '53.33'],
    ]);
    const p1 = pagos[0]!;
    expect(p1.ok && p1.comprobante.Complemento!.Pagos!.Totales).toEqual({
      TotalTrasladosBaseIVA16: '333.34',
      TotalTrasladosImpuestoIVA16: '53.33',
      MontoTotalPagos: '386.67',
    });
  });

  it('honorarios paid in full: retentions in RetencionesDR, RetencionesP and Totales', () => {
    const f = built(buildIngreso(honorarios, { fecha: '2023-01-10T09:15:00' }));
    const r = buildPago(
      {
        lugarExpedicion: '10740',
        emisor: { rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ', regimenFiscal: '612' },
        receptor: {
          rfc: 'EKU9003173C9',
          nombre: 'ESCUELA KEMPER URGATE',
          domicilioFiscalReceptor: '42501',
          regimenFiscalReceptor: '601',
        },
        pago: {
          fechaPago: '2023-01-20T12:00:00',
          formaDePagoP: '03',
          monedaP: 'MXN',
          documentos: [
            {
              IdDocumento: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
              MonedaDR: 'MXN',
              NumParcialidad: 1,
              totalDocumento: f.Total,
              pagadoAnterior: '0',
              ImpPagado: f.Total,
              impuestos: impuestosDeDocumento(
                f.Conceptos.map((c) => ({
                  Traslados: c.Impuestos?.Traslados ?? [],
                  Retenciones: c.Impuestos?.Retenciones ?? [],
                })),
              ),
            },
          ],
        },
      },
      { fecha: '2023-01-20T13:00:00' },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    expect(r.comprobante.Complemento!.Pagos!.Totales).toEqual({
      TotalRetencionesIVA: '1066.66',
      TotalRetencionesISR: '1000.00',
      TotalTrasladosBaseIVA16: '10000.00',
      TotalTrasladosImpuestoIVA16: '1600.00',
      MontoTotalPagos: '9533.34',
    });
    expectSatOk(firmarComprobante(r.comprobante, satTestCsd('CACX7605101P8')).xml);
  });
});

describe('parse, cadena from XML and the TimbreFiscalDigital', () => {
  it('parseComprobanteXml(writeComprobanteXml(c)) gives back the model', () => {
    const c = built(buildIngreso(honorarios, { fecha: '2023-01-10T09:15:00' }));
    const { comprobante, xml } = firmarComprobante(c, satTestCsd('CACX7605101P8'));
    expect(parseComprobanteXml(xml)).toEqual(comprobante);
  });

  it('cadenaOriginalFromXml matches the SAT XSLT on the reference examples, TFD included', () => {
    for (const f of [
      'signed-ingreso-implocal-AAA010101AAA.xml',
      'signed-pago20-fake-tfd-AAA010101AAA.xml',
    ]) {
      const xml = readFileSync(`${SAT_XML_DIR}examples/${f}`, 'utf8');
      const res = checkSat(xml);
      expect(res.errors).toEqual([]);
      expect(cadenaOriginalFromXml(xml)).toBe(res.cadena);
    }
  });

  it('a value outside the SAT enumerations fails the XSD check, alone and in a batch', () => {
    const c = built(buildIngreso(honorarios, { fecha: '2023-01-10T09:15:00' }));
    const bueno = firmarComprobante(c, satTestCsd('CACX7605101P8')).xml;
    const malo = firmarComprobante({ ...c, Exportacion: '09' }, satTestCsd('CACX7605101P8')).xml;
    expect(checkSat(malo).errors[0]).toMatch(/^\(a\) XSD: .*Exportacion/);
    const [r1, r2] = checkSatMany([bueno, malo]);
    expect(r1!.errors).toEqual([]);
    expect(r2!.errors).toHaveLength(1);
    expect(r2!.errors[0]).toMatch(/^\(a\) XSD: .*Exportacion/);
  });

  it('a tampered document fails the Sello check', () => {
    const xml = readFileSync(
      `${SAT_XML_DIR}examples/tampered-ingreso-implocal-AAA010101AAA.xml`,
      'utf8',
    );
    expect(checkSat(xml).errors.some((e) => e.startsWith('(c) el Sello no se verifica'))).toBe(
      true,
    );
  });

  it('a document stamped with a TFD keeps its Sello valid and the TFD cadena verifies', () => {
    const c = built(buildIngreso(honorarios, { fecha: '2023-01-10T09:15:00' }));
    const { comprobante } = firmarComprobante(c, satTestCsd('CACX7605101P8'));
    const pac = currentTestCsd('SPR190613I52', 'SANDBOX PAC');
    const tfd = {
      Version: '1.1' as const,
      UUID: '6F9A3C1E-2B7D-4E8A-9C5B-1D2E3F4A5B6C',
      FechaTimbrado: '2023-01-10T09:15:07',
      RfcProvCertif: 'SPR190613I52',
      SelloCFD: comprobante.Sello!,
      NoCertificadoSAT: pac.certificado.noCertificado,
    };
    const cadenaTfd = `||1.1|${tfd.UUID}|${tfd.FechaTimbrado}|${tfd.RfcProvCertif}|${tfd.SelloCFD}|${tfd.NoCertificadoSAT}||`;
    const stamped = {
      ...comprobante,
      Complemento: { TimbreFiscalDigital: { ...tfd, SelloSAT: sellar(cadenaTfd, pac.llave) } },
    };
    const xml = writeComprobanteXml(stamped);
    expect(xml).toContain(writeTimbreFiscalDigital(stamped.Complemento.TimbreFiscalDigital));
    const res = checkSat(xml, { tfdCertificado: pac.certificado.pem });
    expect(res.errors).toEqual([]);
    expect(res.cadenaTfd).toBe(cadenaTfd);
    expect(buildCadenaOriginal(stamped)).toBe(res.cadena);
  });

  it('white space and entities in values: the native cadena equals the XSLT', () => {
    const c = built(buildIngreso(honorarios, { fecha: '2023-01-10T09:15:00' }));
    const odd: Comprobante = {
      ...c,
      Emisor: { ...c.Emisor, Nombre: '  P&G   MEXICO\nSA\u00a0 ' },
      Conceptos: [{ ...c.Conceptos[0]!, Descripcion: 'Tab\there  <x> "q" \'a\'' }],
    };
    const res = checkSat(
      writeComprobanteXml({
        ...odd,
        NoCertificado: '30001000000400002451',
        Sello: 'AA==',
        Certificado: 'AA==',
      }),
    );
    expect(res.cadena).toBe(buildCadenaOriginal({ ...odd, NoCertificado: '30001000000400002451' }));
    expect(res.cadena).toContain('|P&G MEXICO SA\u00a0|');
  });

  it('rejects XML that is not a CFDI 4.0 with a Spanish message', () => {
    expect(() => parseComprobanteXml('<a>')).toThrow(/no está bien formado/);
    expect(() => parseComprobanteXml('<x/>')).toThrow(/no es un CFDI/);
  });
});

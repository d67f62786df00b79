import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { buildGlobal } from '../xml/build-global.ts';
import { buildIngreso, type IngresoDraft } from '../xml/build-ingreso.ts';
import type { Comprobante } from '../xml/model.ts';
import { digitoVerificadorRfc } from './rules/rfc.ts';
import { validateComprobante } from './validate-comprobante.ts';

const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;
const ISR125 = {
  tipo: 'retencion',
  impuesto: '001',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.0125',
} as const;
const IVA_RET = {
  tipo: 'retencion',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.106666',
} as const;

const base: IngresoDraft = {
  serie: 'A',
  folio: '1',
  formaPago: '03',
  metodoPago: 'PUE',
  moneda: 'MXN',
  lugarExpedicion: '42501',
  emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
  receptor: {
    rfc: 'CACX7605101P8',
    nombre: 'XOCHILT CASAS CHAVEZ',
    domicilioFiscalReceptor: '10740',
    regimenFiscalReceptor: '612',
    usoCfdi: 'G03',
  },
  conceptos: [
    {
      claveProdServ: '80101500',
      cantidad: '2',
      claveUnidad: 'E48',
      descripcion: 'Consultoría',
      valorUnitario: '1500.50',
      impuestos: [IVA16],
    },
  ],
};

function comprobante(d: IngresoDraft = base): Comprobante {
  const r = buildIngreso(d, { fecha: '2024-06-15T12:00:00' });
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return { ...r.comprobante, NoCertificado: '30001000000400002434' };
}

const codes = (c: Comprobante) => validateComprobante(c, { catalogos }).map((e) => e.code);

describe('validateComprobante', () => {
  it('a document built by the engine has no errors', () => {
    expect(validateComprobante(comprobante(), { catalogos })).toEqual([]);
  });

  it('regime 626, persona física, to a persona moral: every concepto needs traslado and retenciones', () => {
    const resico = {
      ...base,
      emisor: { rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ', regimenFiscal: '626' },
      receptor: {
        rfc: 'EKU9003173C9',
        nombre: 'ESCUELA KEMPER URGATE',
        domicilioFiscalReceptor: '42501',
        regimenFiscalReceptor: '601',
        usoCfdi: 'G03',
      },
    };
    expect(validateComprobante(comprobante(resico), { catalogos })).toEqual([
      {
        code: 'REGIMEN_626_RECEPTOR_MORAL',
        field: 'Conceptos',
        message:
          'Para facturar a una persona moral, todos los conceptos deben incluir el impuesto trasladado y los impuestos retenidos correspondientes.',
        satRule: 'Producto §5 (RESICO 626: ISR 1.25 % e IVA 2/3 retenidos por personas morales)',
      },
    ]);
    const conRetenciones = {
      ...resico,
      conceptos: [{ ...base.conceptos[0]!, impuestos: [IVA16, ISR125, IVA_RET] }],
    };
    expect(validateComprobante(comprobante(conRetenciones), { catalogos })).toEqual([]);
  });

  it('regime 626, persona física, to a persona moral: the ISR withheld is 1.25 % (LISR 113-J), never 10 %', () => {
    const resico = {
      ...base,
      emisor: { rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ', regimenFiscal: '626' },
      receptor: {
        rfc: 'EKU9003173C9',
        nombre: 'ESCUELA KEMPER URGATE',
        domicilioFiscalReceptor: '42501',
        regimenFiscalReceptor: '601',
        usoCfdi: 'G03',
      },
    };
    const isr10 = { ...ISR125, tasaOCuota: '0.10' };
    const conceptos = [
      { ...base.conceptos[0]!, impuestos: [IVA16, ISR125, IVA_RET] },
      { ...base.conceptos[0]!, impuestos: [IVA16, isr10, IVA_RET] },
    ];
    const errores = validateComprobante(comprobante({ ...resico, conceptos }), { catalogos });
    expect(errores).toEqual([
      {
        code: 'REGIMEN_626_TASA_ISR',
        field: 'Conceptos[1].Impuestos.Retenciones[0].TasaOCuota',
        message: expect.stringContaining('retiene el ISR al 1.25%'),
        satRule: 'LISR art. 113-J: retención de ISR del 1.25 % a personas físicas del RESICO',
      },
    ]);
    // Goods: ISR 1.25 % alone is enough; another régimen may be withheld 10 %.
    const bienes = [{ ...base.conceptos[0]!, impuestos: [IVA16, ISR125] }];
    expect(codes(comprobante({ ...resico, conceptos: bienes }))).toEqual([]);
    const honorarios = {
      ...resico,
      emisor: { ...resico.emisor, regimenFiscal: '612' },
      conceptos: [{ ...base.conceptos[0]!, impuestos: [IVA16, isr10, IVA_RET] }],
    };
    expect(codes(comprobante(honorarios))).toEqual([]);
  });

  it('regime 626 to a persona física: only traslados', () => {
    const resico = {
      ...base,
      emisor: { rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ', regimenFiscal: '626' },
      receptor: {
        rfc: 'XIQB891116QE4',
        nombre: 'BERENICE XIMO QUEZADA',
        domicilioFiscalReceptor: '10740',
        regimenFiscalReceptor: '612',
        usoCfdi: 'G03',
      },
      conceptos: [{ ...base.conceptos[0]!, impuestos: [IVA16, ISR125] }],
    };
    const errs = validateComprobante(comprobante(resico), { catalogos });
    expect(errs.map((x) => [x.code, x.message])).toEqual([
      [
        'REGIMEN_626_RECEPTOR_FISICA',
        'Para facturar a una persona física, todos los conceptos deben tener solo impuestos trasladados.',
      ],
    ]);
  });

  it('UsoCFDI ↔ régimen: G03 with a receiver in 605 is CFDI40161', () => {
    const c = comprobante({
      ...base,
      receptor: { ...base.receptor, regimenFiscalReceptor: '605' },
    });
    expect(codes(c)).toEqual(['CFDI40161']);
  });

  it('régimen of the wrong person type (601 for a persona física) is CFDI40158', () => {
    expect(
      codes(comprobante({ ...base, receptor: { ...base.receptor, regimenFiscalReceptor: '601' } })),
    ).toEqual(['CFDI40158']);
  });

  it('catalog keys that do not exist', () => {
    const c = comprobante({
      ...base,
      lugarExpedicion: '99999',
      receptor: { ...base.receptor, domicilioFiscalReceptor: '99998' },
      conceptos: [{ ...base.conceptos[0]!, claveProdServ: '12345678', claveUnidad: 'ZZZ' }],
    });
    expect(codes(c)).toEqual(['CFDI40126', 'CFDI40148', 'CFDI40162', 'CFDI40165']);
  });

  it('RFC patterns: a bad RFC gives the spec message', () => {
    const c = comprobante({ ...base, receptor: { ...base.receptor, rfc: 'CACX761310XX8' } });
    expect(validateComprobante(c, { catalogos })[0]).toEqual({
      code: 'RFC_INVALIDO',
      field: 'Receptor.Rfc',
      message: 'el RFC ingresado no es válido',
      satRule: 'XSD tdCFDI t_RFC',
    });
  });

  it('amounts tampered after the calculation are caught with the PAC codes', () => {
    const c = comprobante();
    const con = c.Conceptos[0]!;
    const roto: Comprobante = {
      ...c,
      SubTotal: '4000.01',
      Total: '1.00',
      Conceptos: [
        {
          ...con,
          Importe: '4000.00',
          Impuestos: { Traslados: [{ ...con.Impuestos!.Traslados![0]!, Importe: '481.00' }] },
        },
      ],
    };
    expect(codes(roto)).toEqual(['CFDI40167', 'CFDI40180', 'CFDI40221', 'CFDI40108', 'CFDI40119']);
  });

  it('a rate outside c_TasaOCuota is CFDI40179', () => {
    const c = comprobante({
      ...base,
      conceptos: [{ ...base.conceptos[0]!, impuestos: [{ ...IVA16, tasaOCuota: '0.15' }] }],
    });
    expect(codes(c)).toEqual(['CFDI40179']);
  });

  it('PUBLICO EN GENERAL name without the generic RFC is CFDI40146; a global passes', () => {
    expect(
      codes(comprobante({ ...base, receptor: { ...base.receptor, nombre: 'PUBLICO EN GENERAL' } })),
    ).toContain('CFDI40146');
    const g = buildGlobal(
      {
        formaPago: '01',
        moneda: 'MXN',
        lugarExpedicion: '42501',
        emisor: base.emisor,
        periodicidad: '04',
        meses: '05',
        año: '2024',
        tickets: [{ folioVenta: 'T1', subtotal: '100', impuestos: [IVA16] }],
      },
      { fecha: '2024-06-01T10:00:00' },
    );
    expect(
      g.ok &&
        validateComprobante(
          { ...g.comprobante, NoCertificado: '30001000000400002434' },
          { catalogos },
        ),
    ).toEqual([]);
    expect(
      g.ok &&
        validateComprobante(
          { ...g.comprobante, InformacionGlobal: { Periodicidad: '05', Meses: '05', Año: '2021' } },
          { catalogos },
        ).map((e) => e.code),
    ).toEqual(['CFDI40132', 'CFDI40135', 'CFDI40136']);
  });

  it('never throws for bad input', () => {
    expect(validateComprobante({} as Comprobante, { catalogos }).length).toBeGreaterThan(0);
    expect(
      validateComprobante({ ...comprobante(), Conceptos: [null as never] }, { catalogos }).length,
    ).toBeGreaterThan(0);
  });

  it('RFC check digit of rules 11.2', () => {
    expect(
      ['CACX7605101P8', 'EKU9003173C9', 'XIQB891116QE4', 'XEXX010101000'].map((r) =>
        digitoVerificadorRfc(r),
      ),
    ).toEqual(['8', '9', '4', '0']);
  });
});

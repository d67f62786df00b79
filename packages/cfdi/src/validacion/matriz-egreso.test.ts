import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogosDePrueba as catalogos } from '../../test/catalogos-de-prueba.ts';
import { type Mutacion, esperarCodigo } from '../../test/matriz-mutaciones.ts';
import { buildNotaCredito } from '../xml/build-nota-credito.ts';
import type { Comprobante } from '../xml/model.ts';
import { MATRIZ_EGRESO } from './matriz-egreso.ts';
import { validateComprobante } from './validate-comprobante.ts';

const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;

/** A valid credit note: 10 % of a 1,000.00 + IVA invoice. */
function nota(): Comprobante {
  const r = buildNotaCredito(
    {
      lugarExpedicion: '42501',
      emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
      receptor: {
        rfc: 'URE180429TM6',
        nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
        domicilioFiscalReceptor: '86991',
        regimenFiscalReceptor: '601',
      },
      formaPago: '03',
      moneda: 'MXN',
      facturas: [
        {
          uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
          nombre: 'A-1',
          moneda: 'MXN',
          restante: '1160.00',
          conceptos: [
            {
              claveProdServ: '80101500',
              claveUnidad: 'E48',
              descripcion: 'Consultoría',
              cantidad: '1',
              valorUnitario: '1000',
              objetoImp: '02',
              impuestos: [IVA16],
            },
          ],
        },
      ],
      ajuste: { tipo: 'porcentaje', porcentaje: '10' },
    },
    { fecha: '2024-03-01T10:00:00' },
  );
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return { ...r.comprobante, NoCertificado: '30001000000400002434' };
}

const MUTACIONES: Record<string, Mutacion> = {
  EGRESO_RELACION: [nota, (c) => (c.CfdiRelacionados![0]!.TipoRelacion = '04')],
  EGRESO_USO_CFDI: [nota, (c) => (c.Receptor.UsoCFDI = 'G03')],
  EGRESO_METODO_PAGO: [nota, (c) => ((c.MetodoPago = 'PPD'), (c.FormaPago = '99'))],
};
const validar = (c: Comprobante) => validateComprobante(c, { catalogos });

describe('nota de crédito (CFDI de egreso): every rule the engine checks, broken once', () => {
  it('the valid credit note the mutations start from passes', () => {
    expect(validar(nota())).toEqual([]);
  });

  it.each(MATRIZ_EGRESO.map((x) => x.code))(
    '%s: the engine answers the code, the field and a Spanish explanation',
    (code) => esperarCodigo(MUTACIONES, validar, code),
  );

  it('a credit note without any relation is refused too', () => {
    const c = nota();
    delete c.CfdiRelacionados;
    expect(validar(c).map((e) => e.code)).toEqual(['EGRESO_RELACION']);
  });

  it('every EGRESO code the rules write is in the table, and each row is written', () => {
    const fuente = readFileSync(new URL('./rules/egreso.ts', import.meta.url), 'utf8');
    const escritos = new Set([...fuente.matchAll(/'(EGRESO_[A-Z_]+)'/g)].map((x) => x[1]!));
    expect([...escritos].sort()).toEqual(MATRIZ_EGRESO.map((x) => x.code).sort());
  });
});

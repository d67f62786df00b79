import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { calcularComprobante } from './calcular-comprobante.ts';
import { localesPorConcepto } from './locales-por-concepto.ts';
import type { ConceptoDraft } from './types.ts';

const linea = (valor: string, nombre: string, tasa = '3.5'): ConceptoDraft => ({
  cantidad: '1',
  valorUnitario: valor,
  impuestosLocales: [{ tipo: 'traslado', nombre, tasa }],
});

/** Each document tax's Importe against the sum of the lines' shares of it, by name. */
function cuadre(conceptos: ConceptoDraft[]) {
  const r = calcularComprobante({ moneda: 'MXN', conceptos });
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  const documento = (r.totales.ImpuestosLocales?.TrasladosLocales ?? []).map((l) => [
    l.nombre,
    l.importe,
  ]);
  const porNombre = new Map<string, Decimal>();
  const partes = localesPorConcepto(conceptos, r.totales.conceptos);
  for (const ls of partes)
    for (const l of ls)
      porNombre.set(l.nombre, (porNombre.get(l.nombre) ?? new Decimal(0)).plus(l.importe));
  const lineas = [...porNombre].map(([n, c]) => [n, c.toFixed(2)]);
  return { documento, lineas, partes };
}

describe('localesPorConcepto: the one spread of local taxes over an invoice lines (issue 25)', () => {
  it('the lines add up to each local tax of the document, to the cent', () => {
    // Three lines of 0.10 at 3.5 %: each exact share is 0.0035, the document's tax R2(0.0105) = 0.01.
    const { documento, lineas, partes } = cuadre([
      linea('0.10', 'ISH'),
      linea('0.10', 'ISH'),
      linea('0.10', 'ISH', '3.50'),
    ]);
    expect(documento).toEqual([['ISH', '0.01']]);
    expect(lineas).toEqual(documento);
    expect(partes.map((ls) => ls.map((l) => l.importe))).toEqual([['0.01'], ['0.00'], ['0.00']]);
  });

  it('groups names as the document does: a non-breaking space makes another tax', () => {
    // The engine collapses spaces, tabs and line breaks only (calcularLocales), so "ISH\u00A0Hotel"
    // is a tax of its own; spreading it with "ISH Hotel" put its cent on the wrong line.
    const { documento, partes } = cuadre([
      linea('0.10', 'ISH\u00A0Hotel'),
      linea('0.10', 'ISH Hotel'),
      linea('0.10', 'ISH  Hotel'),
    ]);
    expect(documento).toEqual([
      ['ISH\u00A0Hotel', '0.00'],
      ['ISH Hotel', '0.01'],
    ]);
    expect(partes.map((ls) => ls.map((l) => `${l.nombre}=${l.importe}`))).toEqual([
      ['ISH\u00A0Hotel=0.00'],
      ['ISH Hotel=0.01'],
      ['ISH Hotel=0.00'],
    ]);
  });
});

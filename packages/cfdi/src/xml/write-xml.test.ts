import { describe, expect, it } from 'vitest';
import { ATTRS } from './children-order.ts';
import type { Concepto } from './model.ts';
import { attrsConcepto, attrsTrasladoRetencion, escapeAttr } from './write-xml.ts';

/** What the XSD order of ATTRS writes for an element (every attribute present). */
function enOrdenXsd(o: Record<string, string>, nombres: readonly string[]): string {
  return nombres.map((n) => ` ${n}="${escapeAttr(o[n]!)}"`).join('');
}

describe('writeComprobanteXml: the attributes of Concepto and its tax lines', () => {
  it('follow the XSD order of ATTRS and escape what XML requires', () => {
    const concepto = Object.fromEntries(
      [...ATTRS.Concepto].reverse().map((n, i) => [n, `${n} <${i}> & "x"\t`]),
    );
    expect(attrsConcepto(concepto as unknown as Concepto)).toBe(
      enOrdenXsd(concepto, ATTRS.Concepto),
    );
    const linea = Object.fromEntries(
      [...ATTRS.TrasladoRetencion].reverse().map((n, i) => [n, `${n}\n${i}`]),
    );
    expect(attrsTrasladoRetencion(linea)).toBe(enOrdenXsd(linea, ATTRS.TrasladoRetencion));
  });

  it('leave out absent attributes', () => {
    expect(attrsTrasladoRetencion({ Base: '100.00', Impuesto: '002', TipoFactor: 'Exento' })).toBe(
      ' Base="100.00" Impuesto="002" TipoFactor="Exento"',
    );
  });

  it('escape a long value (a certificate) every time it is not clean', () => {
    const limpio = 'A'.repeat(1000);
    const sucio = `${'A'.repeat(999)}&`;
    expect(escapeAttr(limpio)).toBe(limpio);
    expect(escapeAttr(sucio)).toBe(`${'A'.repeat(999)}&amp;`);
    expect(escapeAttr(limpio)).toBe(limpio);
  });
});

import { fijo, fijoEntre10, fijoPor, fijoTexto, isDecimalText } from '../decimal.ts';
import { residuoMayor } from './largest-remainder.ts';
import type { ImpuestoLocalDraft } from './types.ts';

/** One concepto's share of one local tax of the document (implocal 1.0 states them per document). */
export interface LocalDeConcepto {
  tipo: 'traslado' | 'retencion';
  /** The name as the document groups it (blanks collapsed). */
  nombre: string;
  /** Percent with 2 decimals, as in ImpuestosLocales ("3.50"). */
  tasa: string;
  /** The concepto's BaseLocal. */
  base: string;
  /** Its share, 2 decimals; the shares of a tax add up to that tax's Importe in the document. */
  importe: string;
}

/**
 * The one way the product spreads an invoice's local taxes over its lines (the form's live totals
 * and the API's line detail): the engine computes each local tax once, over the sum of the bases
 * (calcularLocales), so a line's share is its exact base × rate / 100 rounded by the largest
 * remainder, and the lines add up to the document's amount to the cent. Groups by type, name and
 * rate as calcularLocales does; an entry the engine refuses (no name, bad rate) has no share.
 */
export function localesPorConcepto(
  conceptos: readonly { impuestosLocales?: readonly ImpuestoLocalDraft[] | undefined }[],
  calculados: readonly { BaseLocal: string }[],
): LocalDeConcepto[][] {
  const out: LocalDeConcepto[][] = conceptos.map(() => []);
  const grupos = new Map<
    string,
    { tipo: LocalDeConcepto['tipo']; nombre: string; tasa: string; lineas: number[] }
  >();
  conceptos.forEach((c, i) => {
    for (const loc of c.impuestosLocales ?? []) {
      const nombre = loc.nombre.replace(/[ \t\r\n]+/g, ' ').trim();
      if (nombre === '' || nombre.includes('|') || !isDecimalText(loc.tasa)) continue;
      if (calculados[i] === undefined) continue;
      const tasa = fijoTexto(fijo(loc.tasa), 2);
      const k = `${loc.tipo}|${nombre}|${tasa}`;
      const g = grupos.get(k) ?? { tipo: loc.tipo, nombre, tasa, lineas: [] };
      g.lineas.push(i);
      grupos.set(k, g);
    }
  });
  for (const g of grupos.values()) {
    const tasa = fijo(g.tasa);
    const exactos = g.lineas.map((i) =>
      fijoEntre10(fijoPor(fijo(calculados[i]!.BaseLocal), tasa), 2),
    );
    const partes = residuoMayor(exactos, 2);
    g.lineas.forEach((i, j) => {
      out[i]!.push({
        tipo: g.tipo,
        nombre: g.nombre,
        tasa: g.tasa,
        base: calculados[i]!.BaseLocal,
        importe: fijoTexto(partes[j]!, 2),
      });
    });
  }
  return out;
}

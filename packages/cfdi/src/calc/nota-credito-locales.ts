import { Decimal, formatear } from '../decimal.ts';
import type { LocalDeFactura } from '../xml/factura-acreditada.ts';
import type { ConceptoIngresoDraft } from '../xml/nodos/conceptos.ts';
import type { ErrorCalculo, ImpuestoLocalDraft } from './types.ts';

/**
 * The invoice's concepts with the local taxes each one carried, so the note's lines carry them too
 * and the engine computes the note's local taxes over the note's bases at the invoice's rates: in
 * proportion to the invoice's own (a note of the whole invoice gives back exactly its local taxes).
 * Read from the XML, implocal names no concepts: a local tax is taken to cover every line when its
 * Importe is R_2(Σ bases × tasa / 100), as the product computes it; one that covers only some lines
 * cannot be shared out and is refused in words.
 */
export function conLocalesPorLinea(
  f: {
    nombre: string;
    conceptos: readonly ConceptoIngresoDraft[];
    locales?: readonly LocalDeFactura[] | undefined;
  },
  bases: readonly Decimal[],
  field: string,
  errores: ErrorCalculo[],
): readonly ConceptoIngresoDraft[] {
  if (!f.locales?.length || f.conceptos.some((c) => c.impuestosLocales?.length)) return f.conceptos;
  const suma = bases.reduce((a, b) => a.plus(b), new Decimal(0));
  const locales: ImpuestoLocalDraft[] = [];
  for (const l of f.locales) {
    const esperado = formatear(suma.times(l.tasa).dividedBy(100), 2);
    if (!new Decimal(esperado).equals(l.importe)) {
      errores.push({
        field,
        message: `La factura ${f.nombre} lleva el impuesto local "${l.nombre}" solo en algunos de sus conceptos: su nota de crédito no se puede calcular en proporción. Emítala por fuera del sistema o cancele y sustituya la factura.`,
      });
      continue;
    }
    locales.push({ tipo: l.tipo, nombre: l.nombre, tasa: l.tasa });
  }
  return f.conceptos.map((c) => ({ ...c, impuestosLocales: locales }));
}

import { TIPOS_COMPROBANTE } from './lista.ts';
import type { TipoComprobante } from './tipo-comprobante.ts';

// Everything a generic part of the product reads about the document types, derived from the list.
export { TIPOS_COMPROBANTE };

type Tipos = typeof TIPOS_COMPROBANTE;
type ClavesDe<T extends readonly TipoComprobante[]> = { -readonly [I in keyof T]: T[I]['clave'] };
type KindsDe<T extends readonly TipoComprobante[]> = {
  -readonly [I in keyof T]: T[I]['serie']['kind'];
};

/** 'factura_ingreso' | 'factura_global' | 'complemento_pago'. */
export type ClaveComprobante = Tipos[number]['clave'];
/** 'facturas-ingreso' | 'facturas-globales' | 'recepcion-pagos'. */
export type KindDeSerie = Tipos[number]['serie']['kind'];

/** The types' keys, in order (ComprobanteType's values). */
export const CLAVES_COMPROBANTE = TIPOS_COMPROBANTE.map((t) => t.clave) as ClavesDe<Tipos>;

/** The serie kinds, in order (SerieKind's values, the SQL checks of series and comprobantes). */
export const KINDS_DE_SERIE = TIPOS_COMPROBANTE.map((t) => t.serie.kind) as KindsDe<Tipos>;

/** The registration of a type by its key. */
export function tipoComprobante(
  clave: string,
  tipos: readonly TipoComprobante[] = TIPOS_COMPROBANTE,
): TipoComprobante {
  const tipo = tipos.find((t) => t.clave === clave);
  if (!tipo) throw new Error(`Tipo de comprobante no registrado: ${clave}`);
  return tipo;
}

/** The registration of a type by its serie kind. */
export function tipoDeSerie(
  kind: string,
  tipos: readonly TipoComprobante[] = TIPOS_COMPROBANTE,
): TipoComprobante {
  const tipo = tipos.find((t) => t.serie.kind === kind);
  if (!tipo) throw new Error(`Tipo de serie no registrado: ${kind}`);
  return tipo;
}

/**
 * The type of a stamped comprobante: the only type of its TipoDeComprobante; when several share the
 * letter, the one that recognises the CFDI, else the one of its serie kind, else the first of them.
 */
export function tipoDelComprobante(
  datos: { tipoDeComprobante: string; serieKind: string | null; informacionGlobal: boolean },
  tipos: readonly TipoComprobante[] = TIPOS_COMPROBANTE,
): TipoComprobante {
  const candidatos = tipos.filter((t) => t.tipoDeComprobante === datos.tipoDeComprobante);
  if (candidatos.length === 1) return candidatos[0]!;
  const deLetra = candidatos.length > 0 ? candidatos : tipos;
  return (
    deLetra.find((t) => t.reconoce?.(datos) === true) ??
    deLetra.find((t) => t.serie.kind === datos.serieKind) ??
    deLetra[0]!
  );
}

/** Each type's value of one of its declarations, keyed by its key. */
export function porClave<T extends readonly TipoComprobante[], V>(
  tipos: T,
  valor: (t: T[number]) => V,
): Record<T[number]['clave'], V> {
  return Object.fromEntries(tipos.map((t) => [t.clave, valor(t)])) as Record<T[number]['clave'], V>;
}

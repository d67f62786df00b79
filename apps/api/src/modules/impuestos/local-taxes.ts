import { loadCatalogos, normalize, type ImpuestoLocal } from '@repo/catalogos';
import type { ImpuestoTipo } from '../../db/schema/impuestos.ts';

export interface LocalTax {
  /** Stable id: state, type, name and rate, so a saved tax group keeps pointing at the same row. */
  id: string;
  /** c_Estado key, or '*' for a tax that applies in every state. */
  estado_key: string;
  tipo: ImpuestoTipo;
  impuesto: string;
  /** Percentage with 2 decimals, as ImpuestosLocales writes it ("3.50" means 3.5 %). */
  tasa: string;
  aplica_a: string;
}

function slug(text: string): string {
  return normalize(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The API's view of a row of data/sat/local-taxes.tsv (read through @repo/catalogos). */
export function toLocalTax(row: ImpuestoLocal): LocalTax {
  const estado = row.estado === '*' ? 'TODOS' : row.estado;
  return {
    id: `${estado}-${row.tipo === 'trasladado' ? 'T' : 'R'}-${slug(row.impuesto)}-${row.tasaPorcentaje}`,
    estado_key: row.estado,
    tipo: row.tipo,
    impuesto: row.impuesto,
    tasa: row.tasaPorcentaje,
    aplica_a: row.aplicaA,
  };
}

let cache: LocalTax[] | null = null;

function allLocalTaxes(): LocalTax[] {
  cache ??= loadCatalogos().impuestosLocales.rows.map(toLocalTax);
  return cache;
}

/** The local taxes of one state (c_Estado key), including those that apply in every state. */
export function localTaxesOfState(estado: string, tipo: ImpuestoTipo): LocalTax[] {
  const key = estado === 'DIF' ? 'CMX' : estado;
  return allLocalTaxes().filter(
    (t) => t.tipo === tipo && (t.estado_key === key || t.estado_key === '*'),
  );
}

export function findLocalTax(id: string): LocalTax | null {
  return allLocalTaxes().find((t) => t.id === id) ?? null;
}

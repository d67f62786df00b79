import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The only I/O of the package: reading `data/sat/*.tsv.gz`. Each reader parses one file into rows;
 * createCatalogos calls each one the first time its catalog is used.
 */

// The readers, by kind of catalog.
export * from './load/cfdi.ts';
export * from './load/geografia.ts';
export * from './load/impuestos.ts';

/** `data/sat` of this repository, found from this file, not from the working directory. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data/sat/', import.meta.url));

export function assertDataDir(dir: string): void {
  if (!existsSync(`${dir}/c_Estado.tsv.gz`)) {
    throw new Error(`No se encontraron los catálogos del SAT en ${dir} (falta c_Estado.tsv.gz)`);
  }
}

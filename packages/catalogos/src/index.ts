import { createCatalogos } from './create-catalogos.ts';
import type { Catalogos } from './catalogos.ts';
import { assertDataDir, DEFAULT_DATA_DIR } from './load.ts';

const loaded = new Map<string, Catalogos>();

/**
 * The SAT catalogs of `dir` (default: this repository's `data/sat`, found from this file). One
 * instance per folder per process: calling it again returns the same object. Each catalog file is
 * read the first time the catalog is used, so loading is instant and memory grows with use.
 */
export function loadCatalogos(dir: string = DEFAULT_DATA_DIR): Catalogos {
  const key = dir.endsWith('/') ? dir : `${dir}/`;
  let catalogos = loaded.get(key);
  if (!catalogos) {
    assertDataDir(key);
    catalogos = createCatalogos(key);
    loaded.set(key, catalogos);
  }
  return catalogos;
}

export { DEFAULT_DATA_DIR } from './load.ts';
export type {
  Catalogos,
  CatalogoBuscable,
  CatalogoCodigosPostales,
  CatalogoColonias,
  CatalogoImpuestosLocales,
  CatalogoPorEstado,
  CatalogoRegimenesFiscales,
  CatalogoUsosCfdi,
} from './catalogos.ts';
export type { Catalogo } from './catalogo.ts';
export type { SearchOptions, SearchPage } from './search/types.ts';
export { normalize, stem } from './search/normalize.ts';
export { SINONIMOS } from './search/synonyms.ts';
export { fechaIso, vigenteEn } from './vigencia.ts';
export { ZONA_HORARIA_POR_HUSO, zonaHorariaDeHuso } from './zona-horaria.ts';
export type * from './types.ts';

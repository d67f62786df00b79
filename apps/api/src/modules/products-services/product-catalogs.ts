import type { Catalogos } from '@repo/catalogos';
import type { CatalogosLookup } from '@repo/cfdi/validacion';

/** The SAT catalog look-ups a product or service is built from: the narrow view this module needs. */
export interface ProductCatalogs {
  /** c_ClaveProdServ. */
  claveProdServ(
    clave: string,
  ): { clave: string; descripcion: string; palabras_similares: string } | undefined;
  /** c_ClaveUnidad. */
  claveUnidad(clave: string): { clave: string; nombre: string; simbolo: string } | undefined;
  /** The engine's view, for the border-region IVA rule (c_CodigoPostal, c_ClaveProdServ marks). */
  lookup: CatalogosLookup;
}

/** The product rules' view of the SAT catalogs: keys that exist and are in force today. */
export function productCatalogsFrom(catalogos: Catalogos, now: () => Date): ProductCatalogs {
  return {
    lookup: catalogos,
    claveProdServ(clave) {
      const row = catalogos.productosServicios.get(clave);
      if (!row || !catalogos.productosServicios.vigente(clave, now())) return undefined;
      return {
        clave: row.clave,
        descripcion: row.descripcion,
        palabras_similares: row.palabrasSimilares,
      };
    },
    claveUnidad(clave) {
      const row = catalogos.unidades.get(clave);
      if (!row || !catalogos.unidades.vigente(clave, now())) return undefined;
      return { clave: row.clave, nombre: row.nombre, simbolo: row.simbolo };
    },
  };
}

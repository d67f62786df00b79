import type { ProductoServicioResponse } from '@repo/contracts/catalogos';
import { searchProductosServicios } from './clave-catalog-search.ts';
import { type ClaveOption, ClaveSearchSelect } from './clave-search-select.tsx';

/** Searchable select of the SAT's product and service keys (c_ClaveProdServ), by key or words. */
export function ClaveProdServSelect(props: {
  id: string;
  value: ClaveOption | null;
  onChange: (value: ProductoServicioResponse | null) => void;
  isInvalid?: boolean;
  onBlur?: () => void;
}) {
  return (
    <ClaveSearchSelect<ProductoServicioResponse>
      {...props}
      catalog="productos-servicios"
      search={searchProductosServicios}
      toOption={(row) => ({ clave: row.clave, descripcion: row.descripcion })}
      placeholder="Escriba la clave o una descripción, p. ej. 43211503 o computadora portátil"
      emptyHint="Escriba la clave o algunas palabras del producto o servicio."
    />
  );
}

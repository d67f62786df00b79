import type { UnidadResponse } from '@repo/contracts/catalogos';
import { searchUnidades, unidadesMostUsed } from './clave-catalog-search.ts';
import { type ClaveOption, ClaveSearchSelect } from './clave-search-select.tsx';

/** Searchable select of the SAT's units of measure (c_ClaveUnidad); the most used come first. */
export function ClaveUnidadSelect(props: {
  id: string;
  value: ClaveOption | null;
  onChange: (value: UnidadResponse | null) => void;
  isInvalid?: boolean;
  onBlur?: () => void;
}) {
  return (
    <ClaveSearchSelect<UnidadResponse>
      {...props}
      catalog="unidades"
      search={searchUnidades}
      initial={unidadesMostUsed}
      toOption={(row) => ({ clave: row.clave, descripcion: row.nombre })}
      placeholder="Escriba la clave o el nombre, p. ej. H87 o pieza"
      emptyHint="Escriba la clave o el nombre de la unidad."
    />
  );
}

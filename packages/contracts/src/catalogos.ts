import { z } from 'zod';
import { ok, paginated } from './envelope.ts';

/**
 * The catalog service (spec section 7, "Catalogue service"): SAT catalogs as reference data under
 * their own base (`/api/catalogos`). Field names are the SAT column names in snake_case.
 */

export const CODIGO_POSTAL_LONGITUD = 'El código postal debe tener 5 caracteres.';
export const CODIGO_POSTAL_NO_EXISTE = 'El código postal no existe en el catálogo del SAT.';

export const ClaveDescripcionResponse = z.object({ clave: z.string(), descripcion: z.string() });

export const EstadoResponse = z.object({ clave: z.string(), nombre: z.string(), pais: z.string() });

export const PaisResponse = z.object({ clave: z.string(), descripcion: z.string() });

export const RegimenFiscalResponse = z.object({
  clave: z.string(),
  descripcion: z.string(),
  aplica_fisica: z.boolean(),
  aplica_moral: z.boolean(),
});

export const UsoCfdiResponse = z.object({
  clave: z.string(),
  descripcion: z.string(),
  aplica_fisica: z.boolean(),
  aplica_moral: z.boolean(),
  regimenes_fiscales_receptores: z.array(z.string()),
});

export const FormaPagoResponse = z.object({
  clave: z.string(),
  descripcion: z.string(),
  bancarizado: z.boolean(),
});

export const UnidadResponse = z.object({
  clave: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  simbolo: z.string(),
});

export const ProductoServicioResponse = z.object({
  clave: z.string(),
  descripcion: z.string(),
  palabras_similares: z.string(),
  incluir_iva_trasladado: z.boolean(),
  estimulo_franja_fronteriza: z.boolean(),
});

const CambioHorario = z.object({
  mes: z.string(),
  dia: z.string(),
  hora: z.string(),
  diferencia: z.string(),
});

export const CodigoPostalResponse = z.object({
  codigo_postal: z.string(),
  clave_estado: z.string(),
  clave_municipio: z.string(),
  clave_localidad: z.string(),
  estimulo_franja_fronteriza: z.boolean(),
  referencias_huso_horario: z.object({
    descripcion: z.string(),
    zona_horaria: z.string(),
    verano: CambioHorario.nullable(),
    invierno: CambioHorario.nullable(),
  }),
});

export const MunicipioResponse = z.object({
  clave: z.string(),
  clave_estado: z.string(),
  descripcion: z.string(),
});
/** @alias: a localidad has the same shape as a municipio. */
export const LocalidadResponse = MunicipioResponse;

export const ColoniaResponse = z.object({
  clave: z.string(),
  codigo_postal: z.string(),
  nombre_asentamiento: z.string(),
});

/** Body of the catalog searches: what the person typed. */
export const CatalogoSearchRequest = z.object({ data_search: z.string().max(200).default('') });
export const CatalogoSearchQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** Body of the postal-code searches; a code that is not 5 characters is refused with a 422. */
export const CodigoPostalSearchRequest = z.object({
  codigo_postal: z.string().trim().length(5, CODIGO_POSTAL_LONGITUD),
});

export const EstadoListResponse = ok(z.array(EstadoResponse));
export const EstadoGetResponse = ok(EstadoResponse);
export const PaisListResponse = ok(z.array(PaisResponse));
export const RegimenFiscalListResponse = ok(z.array(RegimenFiscalResponse));
export const UsoCfdiListResponse = ok(z.array(UsoCfdiResponse));
export const FormaPagoListResponse = ok(z.array(FormaPagoResponse));
export const ClaveDescripcionListResponse = ok(z.array(ClaveDescripcionResponse));
export const UnidadListResponse = ok(z.array(UnidadResponse));
export const UnidadSearchResponse = ok(paginated(UnidadResponse));
export const ProductoServicioSearchResponse = ok(paginated(ProductoServicioResponse));
export const CodigoPostalSearchResponse = ok(CodigoPostalResponse);
export const MunicipioSearchResponse = ok(z.array(MunicipioResponse));
export const LocalidadSearchResponse = ok(z.array(LocalidadResponse));
export const ColoniaSearchResponse = ok(z.array(ColoniaResponse));

export type CodigoPostalResponse = z.infer<typeof CodigoPostalResponse>;
export type ProductoServicioResponse = z.infer<typeof ProductoServicioResponse>;
export type UnidadResponse = z.infer<typeof UnidadResponse>;

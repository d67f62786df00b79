import { eq } from 'drizzle-orm';
import {
  TASA_IVA_FRONTERIZA,
  enRegionFronteriza,
  motivoSinIvaFronterizo,
} from '@repo/cfdi/validacion';
import type { CatalogosLookup } from '@repo/cfdi/validacion';
import type { Db } from '../../db/client.ts';
import { enterprises } from '../../db/schema/enterprises.ts';

export const IVA_FRONTERIZO_NO_DISPONIBLE =
  'El IVA del 8% (estímulo de la región fronteriza) solo se ofrece cuando el código postal de su domicilio fiscal está en la región fronteriza norte o sur del catálogo c_CodigoPostal del SAT.';

/** IVA trasladado al 8 %: the border-region stimulus rate (rules 2.4.1). */
export function esIvaFronterizo(tax: {
  tax_type: string;
  tipo_factor: string;
  value: string | null;
}): boolean {
  return tax.tax_type === 'IVA' && tax.tipo_factor === 'Tasa' && tax.value === TASA_IVA_FRONTERIZA;
}

/**
 * Whether the enterprise issues from the border region: its fiscal postal code (LugarExpedicion)
 * carries c_CodigoPostal's stimulus mark. False while it has no postal code yet.
 */
export async function emiteEnRegionFronteriza(
  db: Db,
  catalogos: CatalogosLookup,
  enterpriseId: number,
): Promise<boolean> {
  const cp = await codigoPostalDe(db, enterpriseId);
  return cp ? enRegionFronteriza(catalogos, cp) === true : false;
}

async function codigoPostalDe(db: Db, enterpriseId: number): Promise<string | null> {
  const [row] = await db
    .select({ cp: enterprises.codigo_postal })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  return row?.cp ?? null;
}

/**
 * Why this enterprise cannot charge IVA 8 % on a product key (packages/cfdi's rule with its
 * LugarExpedicion), or null when it can. Without a postal code yet it cannot.
 */
export async function motivoSinIvaFronterizoDe(
  db: Db,
  catalogos: CatalogosLookup,
  enterpriseId: number,
  claveProdServ: string | null,
): Promise<string | null> {
  const cp = await codigoPostalDe(db, enterpriseId);
  if (!cp) return IVA_FRONTERIZO_NO_DISPONIBLE;
  return motivoSinIvaFronterizo(catalogos, cp, claveProdServ)?.mensaje ?? null;
}

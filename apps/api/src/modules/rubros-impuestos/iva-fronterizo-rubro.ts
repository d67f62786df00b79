import type { CatalogosLookup } from '@repo/cfdi/validacion';
import type { Db } from '../../db/client.ts';
import { esIvaFronterizo, motivoSinIvaFronterizoDe } from '../impuestos/region-fronteriza.ts';
import { listSelectedImpuestos } from './rubros-impuestos.queries.ts';

/**
 * Why a tax group's IVA 8 % (border region) cannot go with this product key from the enterprise's
 * postal code, or null when the group has no such rate or the stimulus applies (packages/cfdi's
 * rule, the one the engine and the sandbox PAC apply at stamping).
 */
export async function ivaFronterizoDeRubro(
  db: Db,
  catalogos: CatalogosLookup,
  enterpriseId: number,
  rubroId: number,
  claveProdServ: string,
): Promise<string | null> {
  const taxes = await listSelectedImpuestos(db, enterpriseId, [rubroId]);
  if (!taxes.some((t) => t.tipo === 'trasladado' && esIvaFronterizo(t))) return null;
  return motivoSinIvaFronterizoDe(db, catalogos, enterpriseId, claveProdServ);
}

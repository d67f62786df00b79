import { eq } from 'drizzle-orm';
import type { DatosFiscalesRequest } from '@repo/contracts/datos-fiscales';
import type { Db } from '../../db/client.ts';
import { enterprises } from '../../db/schema/enterprises.ts';

export async function findDatosFiscales(db: Db, enterpriseId: number) {
  const [row] = await db
    .select({
      rfc: enterprises.rfc,
      razon_social: enterprises.razon_social,
      nombre_comercial: enterprises.nombre_comercial,
      regimen_fiscal: enterprises.regimen_fiscal,
      codigo_postal: enterprises.codigo_postal,
      estado: enterprises.estado,
      ciudad: enterprises.ciudad,
      municipio: enterprises.municipio,
      colonia: enterprises.colonia,
      calle: enterprises.calle,
      numero_exterior: enterprises.numero_exterior,
      numero_interior: enterprises.numero_interior,
      has_logo: enterprises.logo_mime,
      updated_at: enterprises.updated_at,
    })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  return row ?? null;
}

export async function updateDatosFiscales(
  db: Db,
  enterpriseId: number,
  values: DatosFiscalesRequest,
): Promise<void> {
  await db
    .update(enterprises)
    .set({ ...values, updated_at: new Date() })
    .where(eq(enterprises.id, enterpriseId));
}

export async function findLogo(db: Db, enterpriseId: number) {
  const [row] = await db
    .select({ logo: enterprises.logo, logo_mime: enterprises.logo_mime })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  if (!row?.logo || !row.logo_mime) return null;
  return { data: Buffer.from(row.logo), mime: row.logo_mime };
}

export async function setLogo(
  db: Db,
  enterpriseId: number,
  logo: { data: Buffer; mime: string } | null,
): Promise<void> {
  await db
    .update(enterprises)
    .set({ logo: logo?.data ?? null, logo_mime: logo?.mime ?? null, updated_at: new Date() })
    .where(eq(enterprises.id, enterpriseId));
}

export async function setEnterpriseRfc(db: Db, enterpriseId: number, rfc: string): Promise<void> {
  await db
    .update(enterprises)
    .set({ rfc, updated_at: new Date() })
    .where(eq(enterprises.id, enterpriseId));
}

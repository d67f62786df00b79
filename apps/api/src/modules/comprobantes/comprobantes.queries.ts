import { and, desc, eq, sql } from 'drizzle-orm';
import type { ComprobanteType, ShareMethod } from '@repo/contracts/comprobantes';
import type { Db } from '../../db/client.ts';
import {
  comprobanteEnviosEmail,
  comprobanteShareLinks,
} from '../../db/schema/comprobantes-envios.ts';
import { enterprises } from '../../db/schema/enterprises.ts';
import { users } from '../../db/schema/users.ts';

/** The enterprise's display data for e-mails (spec: trade name if present, else legal name). */
export async function findEnterpriseNames(db: Db, enterpriseId: number) {
  const [row] = await db
    .select({
      razon_social: enterprises.razon_social,
      nombre_comercial: enterprises.nombre_comercial,
    })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  return row ?? null;
}

export async function findUserContact(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function insertEnvioEmail(
  db: Db,
  enterpriseId: number,
  values: {
    comprobante_id: number;
    emails: string[];
    comprobante_type: ComprobanteType;
    /** The user who sent it; null when the product sent it on its own (a purchase's invoice). */
    sent_by_user_id: number | null;
    outcome: 'enviado' | 'fallido';
    error_message: string;
    message_id: string;
  },
) {
  const [row] = await db
    .insert(comprobanteEnviosEmail)
    .values({ enterprise_id: enterpriseId, ...values })
    .returning({ id: comprobanteEnviosEmail.id });
  if (!row) throw new Error('insertEnvioEmail: no row returned');
  return row.id;
}

export function listEnviosEmail(db: Db, enterpriseId: number, comprobanteId: number) {
  return db
    .select({
      id: comprobanteEnviosEmail.id,
      emails: comprobanteEnviosEmail.emails,
      comprobante_type: comprobanteEnviosEmail.comprobante_type,
      outcome: comprobanteEnviosEmail.outcome,
      error_message: comprobanteEnviosEmail.error_message,
      created_at: comprobanteEnviosEmail.created_at,
      user_id: users.id,
      user_email: users.email,
      user_name: users.name,
    })
    .from(comprobanteEnviosEmail)
    .leftJoin(users, eq(users.id, comprobanteEnviosEmail.sent_by_user_id))
    .where(
      and(
        eq(comprobanteEnviosEmail.enterprise_id, enterpriseId),
        eq(comprobanteEnviosEmail.comprobante_id, comprobanteId),
      ),
    )
    .orderBy(desc(comprobanteEnviosEmail.id));
}

export async function insertShareLink(
  db: Db,
  enterpriseId: number,
  values: {
    comprobante_id: number;
    token_hash: string;
    share_method: ShareMethod;
    shared_by_user_id: number | null;
    expires_at: Date | null;
    created_at: Date;
  },
) {
  const [row] = await db
    .insert(comprobanteShareLinks)
    .values({ enterprise_id: enterpriseId, ...values })
    .returning({ id: comprobanteShareLinks.id });
  if (!row) throw new Error('insertShareLink: no row returned');
  return row.id;
}

export function listShareLinks(db: Db, enterpriseId: number, comprobanteId: number) {
  return db
    .select({
      id: comprobanteShareLinks.id,
      share_method: comprobanteShareLinks.share_method,
      created_at: comprobanteShareLinks.created_at,
      expires_at: comprobanteShareLinks.expires_at,
      views: comprobanteShareLinks.views,
      downloads: comprobanteShareLinks.downloads,
      last_viewed_at: comprobanteShareLinks.last_viewed_at,
      revoked_at: comprobanteShareLinks.revoked_at,
      user_id: users.id,
      user_email: users.email,
      user_name: users.name,
    })
    .from(comprobanteShareLinks)
    .leftJoin(users, eq(users.id, comprobanteShareLinks.shared_by_user_id))
    .where(
      and(
        eq(comprobanteShareLinks.enterprise_id, enterpriseId),
        eq(comprobanteShareLinks.comprobante_id, comprobanteId),
      ),
    )
    .orderBy(desc(comprobanteShareLinks.id));
}

export async function findShareLinkByToken(db: Db, enterpriseId: number, tokenHash: string) {
  const [row] = await db
    .select({
      id: comprobanteShareLinks.id,
      comprobante_id: comprobanteShareLinks.comprobante_id,
      expires_at: comprobanteShareLinks.expires_at,
      revoked_at: comprobanteShareLinks.revoked_at,
    })
    .from(comprobanteShareLinks)
    .where(
      and(
        eq(comprobanteShareLinks.enterprise_id, enterpriseId),
        eq(comprobanteShareLinks.token_hash, tokenHash),
      ),
    );
  return row ?? null;
}

/** Counts one visit of the public page ('view') or one file download through the link. */
export async function countShareLinkUse(
  db: Db,
  enterpriseId: number,
  id: number,
  kind: 'view' | 'download',
  now: Date,
) {
  await db
    .update(comprobanteShareLinks)
    .set(
      kind === 'view'
        ? { views: sql`${comprobanteShareLinks.views} + 1`, last_viewed_at: now }
        : { downloads: sql`${comprobanteShareLinks.downloads} + 1` },
    )
    .where(
      and(eq(comprobanteShareLinks.enterprise_id, enterpriseId), eq(comprobanteShareLinks.id, id)),
    );
}

/** Revokes one link of the comprobante (once: the first revocation's time stays); false when unknown. */
export async function revokeShareLink(
  db: Db,
  enterpriseId: number,
  comprobanteId: number,
  id: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(comprobanteShareLinks)
    .set({ revoked_at: sql`coalesce(${comprobanteShareLinks.revoked_at}, ${now})` })
    .where(
      and(
        eq(comprobanteShareLinks.enterprise_id, enterpriseId),
        eq(comprobanteShareLinks.comprobante_id, comprobanteId),
        eq(comprobanteShareLinks.id, id),
      ),
    )
    .returning({ id: comprobanteShareLinks.id });
  return rows.length > 0;
}

import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { CLAVES_MENSAJES } from '@repo/contracts/claves-api';
import {
  ADMINISTRADORES_NO_COMPRAN_MESSAGE,
  ROL_NO_PERMITE_MESSAGE,
  type Rol,
} from '@repo/contracts/equipo';
import type { Db } from '../db/client.ts';
import { consulta } from '../db/consulta.ts';
import { autenticarClaveApi, pareceClaveApi, type ClaveContext } from './clave-api-auth.ts';
import { AppError } from './errors.ts';
import { capacidadDeLaRuta, rolPermiteRuta } from './permisos.ts';

/** A member's session: what a signed-in user's token stands for. */
export interface AuthContext {
  tipo: 'sesion';
  userId: number;
  enterpriseId: number;
  jti: string;
  /** Expiry of the presented token, seconds since epoch. */
  exp: number;
  /** When the presented token was issued, milliseconds since epoch. */
  issuedAtMs: number;
  /**
   * When the user signed in with a password (or a link that stands for one), milliseconds since
   * epoch: carried unchanged by every refresh, so a session cannot outlive SESSION_MAX_AGE.
   */
  authTimeMs: number;
  /** The user's role in the enterprise, read on every request (issue 27). */
  rol: Rol;
}

/** What a token carries: the context before the role is read from the database. */
export type TokenClaims = Omit<AuthContext, 'rol' | 'tipo'>;

/** Who makes a request: a member's session, or a program with an API key (docs/decisions/014). */
export type Acceso = AuthContext | ClaveContext;

declare module 'fastify' {
  interface FastifyRequest {
    auth: Acceso | null;
  }
}

export const SESSION_EXPIRED_MESSAGE = 'Inicie sesión nuevamente, por favor.';

export interface TokenService {
  /**
   * A token for the session; `authTimeMs` (default: now) is when it began. Its expiry never passes
   * the session's absolute end, and a session already past it gets 401 SESSION_EXPIRED_MESSAGE.
   */
  sign(claims: {
    userId: number;
    enterpriseId: number;
    authTimeMs?: number;
  }): Promise<{ token: string; expires_in: number; jti: string }>;
  /** Verifies signature and expiry; with `graceSeconds`, a token expired less than that long ago still passes. */
  verify(token: string, graceSeconds?: number): Promise<TokenClaims>;
  /** The clock, and the requests per minute of each API key (config CLAVES_API_SOLICITUDES_POR_MINUTO). */
  now: () => Date;
  clavesApiPorMinuto: number;
}

export function createTokenService(
  secret: string,
  ttlSeconds: number,
  now: () => Date,
  /** Absolute session lifetime from sign-in (config SESSION_MAX_AGE). */
  maxSessionSeconds: number,
  clavesApiPorMinuto = 120,
): TokenService {
  const key = createHash('sha256').update(`jwt:${secret}`).digest();
  return {
    now,
    clavesApiPorMinuto,
    async sign({ userId, enterpriseId, authTimeMs }) {
      const jti = randomUUID();
      const issuedAtMs = now().getTime();
      const iat = Math.floor(issuedAtMs / 1000);
      const authTime = Math.floor((authTimeMs ?? issuedAtMs) / 1000);
      const exp = Math.min(iat + ttlSeconds, authTime + maxSessionSeconds);
      if (exp <= iat) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
      // iat_ms: the issue time to the millisecond, so a password change ends the sessions opened
      // before it even within the same second (see requireAuth). auth_time (OpenID Connect's claim):
      // when the session began, in seconds.
      const token = await new SignJWT({
        ent: enterpriseId,
        iat_ms: issuedAtMs,
        auth_time: authTime,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setJti(jti)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expires_in: exp - iat, jti };
    },
    async verify(token, graceSeconds = 0) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now(),
          clockTolerance: graceSeconds,
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.ent !== 'number' ||
          !payload.jti ||
          !payload.exp ||
          !payload.iat
        ) {
          throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
        }
        return {
          userId: Number(payload.sub),
          enterpriseId: payload.ent,
          jti: payload.jti,
          exp: payload.exp,
          issuedAtMs: typeof payload.iat_ms === 'number' ? payload.iat_ms : payload.iat * 1000,
          // A token from before auth_time existed: its session counts from its own issue.
          authTimeMs:
            (typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat) * 1000,
        };
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof joseErrors.JOSEError)
          throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
        throw err;
      }
    },
  };
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

interface Miembro {
  valid_after: string | null;
  kept_jti: string | null;
  role: Rol;
  revoked: boolean;
  /** The enterprise's switch: whether its administrators may buy credits (migration 0049). */
  administradores_compran: boolean;
}

/**
 * One statement per request: the member's role in the token's enterprise, the enterprise's switch
 * for administrators' purchases, the user's session floor and whether this token was signed out. No
 * row: not (or no longer) a member of that enterprise.
 */
const MIEMBRO_SQL = `select u.sessions_valid_after as valid_after, u.sessions_kept_jti as kept_jti,
       eu.role, e.administradores_compran,
       exists (select 1 from revoked_tokens r where r.jti = $3) as revoked
  from enterprise_users eu join users u on u.id = eu.user_id
  join enterprises e on e.id = eu.enterprise_id
 where eu.enterprise_id = $1 and eu.user_id = $2`;

/**
 * onRequest/preHandler for every route with business data: a valid, unrevoked token of a member of
 * the enterprise, issued after the user's last password change (or the very session that changed
 * it), whose role in that enterprise may call this route (http/permisos.ts; issue 27). A member
 * removed from the enterprise is refused on their next request. An API key (`Bearer fk_…`) is
 * accepted in place of a session on the routes its scopes allow (clave-api-auth.ts).
 */
export function requireAuth(
  db: Db,
  tokens: TokenService,
  graceSeconds = 0,
  /** false only for optionalAuth's public routes, which have no entry in the role table. */
  checkRole = true,
) {
  return async function sesionIniciada(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const token = bearer(request);
    if (!token) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
    if (checkRole && pareceClaveApi(token)) {
      request.auth = await autenticarClaveApi(
        db,
        { now: tokens.now, porMinuto: tokens.clavesApiPorMinuto },
        token,
        request,
        reply,
      );
      return;
    }
    const auth = await tokens.verify(token, graceSeconds);
    const [member] = await consulta<Miembro>(
      db,
      MIEMBRO_SQL,
      [auth.enterpriseId, auth.userId, auth.jti],
      'sesion_miembro',
    );
    if (!member || member.revoked) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
    if (
      member.valid_after !== null &&
      auth.issuedAtMs < new Date(member.valid_after).getTime() &&
      member.kept_jti !== auth.jti
    ) {
      throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
    }
    if (checkRole && !rolPermiteRuta(request, member.role)) {
      throw new AppError('FORBIDDEN', ROL_NO_PERMITE_MESSAGE);
    }
    if (
      checkRole &&
      member.role === 'administrador' &&
      !member.administradores_compran &&
      capacidadDeLaRuta(request) === 'comprar'
    ) {
      throw new AppError('FORBIDDEN', ADMINISTRADORES_NO_COMPRAN_MESSAGE);
    }
    request.auth = { ...auth, tipo: 'sesion', rol: member.role };
  };
}

/** Who makes the request inside a handler guarded by requireAuth: a session or an API key. */
export function authOf(request: FastifyRequest): Acceso {
  if (!request.auth) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED_MESSAGE);
  return request.auth;
}

/**
 * A member's session inside a handler that acts for the user (their account, members, purchases,
 * keys): an API key never reaches these routes (its scopes exclude them), and is refused here too.
 */
export function sesionOf(request: FastifyRequest): AuthContext {
  const auth = authOf(request);
  if (auth.tipo !== 'sesion') throw new AppError('FORBIDDEN', CLAVES_MENSAJES.soloSesion);
  return auth;
}

/**
 * onRequest for public routes that answer better when they know who asks (the unique-RFC check skips
 * the caller's own enterprise): sets request.auth for a valid, unrevoked token, and otherwise leaves
 * it null without refusing the request.
 */
export function optionalAuth(db: Db, tokens: TokenService) {
  const strict = requireAuth(db, tokens, 0, false);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!bearer(request)) return;
    try {
      await strict(request, reply);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'UNAUTHORIZED') throw err;
      request.auth = null;
    }
  };
}

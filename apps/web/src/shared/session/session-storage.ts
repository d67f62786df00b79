import type { EnterpriseSummary } from '@repo/contracts/enterprises';
import type { UserResponse } from '@repo/contracts/users';

// What the session keeps in localStorage (spec section 3, "Session (stored locally)").
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  user: 'user',
  enterprise: 'enterprise',
  /** Millisecond timestamp as text. */
  expirationDate: 'expirationDate',
  totalRemainingCredits: 'totalRemainingCredits',
  preOrderPaymentGatewayId: 'preOrderPaymentGatewayId',
} as const;

export interface StoredSession {
  accessToken: string | null;
  user: UserResponse | null;
  enterprise: EnterpriseSummary | null;
  expirationDate: number | null;
  totalRemainingCredits: number | null;
}

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function readNumber(key: string): number | null {
  const raw = localStorage.getItem(key);
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

export function readStoredSession(): StoredSession {
  return {
    accessToken: localStorage.getItem(STORAGE_KEYS.accessToken),
    user: readJson<UserResponse>(STORAGE_KEYS.user),
    enterprise: readJson<EnterpriseSummary>(STORAGE_KEYS.enterprise),
    expirationDate: readNumber(STORAGE_KEYS.expirationDate),
    totalRemainingCredits: readNumber(STORAGE_KEYS.totalRemainingCredits),
  };
}

/** Expiry is now plus expires_in seconds, kept as millisecond timestamp text. */
export function storeToken(token: string, expiresInSeconds: number, now: number): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, token);
  localStorage.setItem(STORAGE_KEYS.expirationDate, String(now + expiresInSeconds * 1000));
}

export function storeUser(user: UserResponse): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function storeEnterprise(enterprise: EnterpriseSummary | null): void {
  if (enterprise) localStorage.setItem(STORAGE_KEYS.enterprise, JSON.stringify(enterprise));
  else localStorage.removeItem(STORAGE_KEYS.enterprise);
}

export function storeTotalRemainingCredits(credits: number): void {
  localStorage.setItem(STORAGE_KEYS.totalRemainingCredits, String(credits));
}

/** A failed refresh, or a 401/403: token, user and expiry go (spec section 4). */
export function clearStoredAuth(): void {
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.user);
  localStorage.removeItem(STORAGE_KEYS.expirationDate);
}

/** Logout or destroy: everything the session stored, the pre-order gateway id included. */
export function clearStoredSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}

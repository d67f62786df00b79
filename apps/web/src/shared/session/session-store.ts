import { useSyncExternalStore } from 'react';
import type { EnterpriseSummary } from '@repo/contracts/enterprises';
import type { UserResponse } from '@repo/contracts/users';
import {
  clearStoredAuth,
  clearStoredSession,
  readStoredSession,
  storeEnterprise,
  storeToken,
  storeTotalRemainingCredits,
  storeUser,
} from './session-storage.ts';

/** A place to return to after login: route name, params and query (spec section 2). */
export interface RouteTarget {
  name: string;
  params: Record<string, string>;
  search: string;
}

/** Auth state (spec section 3). */
export interface AuthState {
  token: string | null;
  user: UserResponse | null;
  enterprise: EnterpriseSummary | null;
  totalRemainingCredits: number | null;
  previousUrlName: RouteTarget | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: AuthState = emptyState();

function emptyState(): AuthState {
  return {
    token: null,
    user: null,
    enterprise: null,
    totalRemainingCredits: null,
    previousUrlName: null,
  };
}

function setState(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Loads the auth state from localStorage (at start, and in tests). */
export function hydrateSession(): void {
  const stored = readStoredSession();
  setState({
    token: stored.accessToken,
    user: stored.user,
    enterprise: stored.enterprise,
    totalRemainingCredits: stored.totalRemainingCredits,
  });
}

export function getSession(): AuthState {
  return state;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): AuthState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** A signed-in session: the user's first enterprise becomes the active one. */
export function startSession(
  session: {
    token: string;
    expires_in: number;
    user: UserResponse;
    enterprise?: EnterpriseSummary;
  },
  now: number = Date.now(),
): void {
  const enterprise = session.enterprise ?? session.user.enterprises[0] ?? null;
  storeToken(session.token, session.expires_in, now);
  storeUser(session.user);
  storeEnterprise(enterprise);
  setState({ token: session.token, user: session.user, enterprise });
}

export function replaceToken(token: string, expiresIn: number, now: number = Date.now()): void {
  storeToken(token, expiresIn, now);
  setState({ token });
}

export function updateUser(user: UserResponse): void {
  storeUser(user);
  setState({ user });
}

/** The active enterprise changed (its tax data were saved): the navigation shows the new name. */
export function updateEnterprise(enterprise: EnterpriseSummary): void {
  storeEnterprise(enterprise);
  setState({ enterprise });
}

export function setTotalRemainingCredits(credits: number): void {
  storeTotalRemainingCredits(credits);
  setState({ totalRemainingCredits: credits });
}

export function rememberTarget(target: RouteTarget | null): void {
  setState({ previousUrlName: target });
}

/** The remembered target, forgotten once taken. */
export function takeRememberedTarget(): RouteTarget | null {
  const target = state.previousUrlName;
  if (target) setState({ previousUrlName: null });
  return target;
}

/** After a failed refresh or a 401/403: token, user and expiry cleared, state emptied. */
export function endSessionAuth(): void {
  clearStoredAuth();
  setState({ ...emptyState(), previousUrlName: state.previousUrlName });
}

/** Logout / destroy: everything the session stored is cleared. */
export function destroySession(): void {
  clearStoredSession();
  setState(emptyState());
}

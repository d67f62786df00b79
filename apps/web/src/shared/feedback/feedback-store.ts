import { useSyncExternalStore } from 'react';
import { BANNER_TIMEOUT_MS, LOADER_TIMEOUT_MS, TOAST_TIMEOUT_MS } from './feedback-constants.ts';

export type ToastType = 'error' | 'success' | 'warning' | 'info';
/** Spec section 4: default, once (skip while one with the id is shown), replace (close it first). */
export type NotifyMode = 'default' | 'once' | 'replace';

export interface Toast {
  key: number;
  id: string | null;
  type: ToastType;
  message: string;
}

/** A way out offered under the banner's message (e.g. to buy credits when none are left). */
export interface BannerAction {
  label: string;
  to: string;
}

export interface Banner {
  key: number;
  message: string;
  errorTrackingUUID: string | null;
  action?: BannerAction | null;
}

export type Dialog =
  | { kind: 'success' | 'error'; title: string; message: string }
  | {
      kind: 'confirm-delete';
      title: string;
      message: string;
      onAccept: () => Promise<void> | void;
      /** Where to go once the deletion is accepted and done. */
      redirectTo: string | null;
    };

export interface FeedbackState {
  toasts: Toast[];
  banner: Banner | null;
  dialog: Dialog | null;
  loading: boolean;
}

let state: FeedbackState = { toasts: [], banner: null, dialog: null, loading: false };
const listeners = new Set<() => void>();
let nextKey = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
let bannerTimer: ReturnType<typeof setTimeout> | null = null;
let loaderTimer: ReturnType<typeof setTimeout> | null = null;

function setState(next: Partial<FeedbackState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getFeedback(): FeedbackState {
  return state;
}

export function subscribeFeedback(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useFeedback(): FeedbackState {
  return useSyncExternalStore(subscribeFeedback, getFeedback, getFeedback);
}

export function dismissToast(key: number): void {
  const timer = timers.get(key);
  if (timer) clearTimeout(timer);
  timers.delete(key);
  setState({ toasts: state.toasts.filter((t) => t.key !== key) });
}

/** A toast at the top right for 6000 ms. */
export function notify(
  type: ToastType,
  message: string,
  options: { id?: string; mode?: NotifyMode } = {},
): void {
  const id = options.id ?? null;
  const mode = options.mode ?? 'default';
  if (id !== null && mode === 'once' && state.toasts.some((t) => t.id === id)) return;
  if (id !== null && mode === 'replace') {
    for (const t of state.toasts.filter((t) => t.id === id)) dismissToast(t.key);
  }
  const key = nextKey++;
  setState({ toasts: [...state.toasts, { key, id, type, message }] });
  timers.set(
    key,
    setTimeout(() => dismissToast(key), TOAST_TIMEOUT_MS),
  );
}

/** The persistent dark banner at the bottom centre, for 25 s (spec section 8, item 1). */
export function showPersistentError(
  message: string,
  errorTrackingUUID: string | null,
  action: BannerAction | null = null,
): void {
  if (bannerTimer) clearTimeout(bannerTimer);
  const key = nextKey++;
  setState({ banner: { key, message, errorTrackingUUID, action } });
  bannerTimer = setTimeout(() => dismissBanner(), BANNER_TIMEOUT_MS);
}

export function dismissBanner(): void {
  if (bannerTimer) clearTimeout(bannerTimer);
  bannerTimer = null;
  setState({ banner: null });
}

export function showSuccessDialog(message: string, title = 'Listo'): void {
  setState({ dialog: { kind: 'success', title, message } });
}

/** Aceptar runs `onAccept`, then navigates to `redirectTo`; Cancelar only closes. */
export function confirmDelete(options: {
  message: string;
  title?: string;
  onAccept: () => Promise<void> | void;
  redirectTo?: string;
}): void {
  setState({
    dialog: {
      kind: 'confirm-delete',
      title: options.title ?? 'Confirmar eliminación',
      message: options.message,
      onAccept: options.onAccept,
      redirectTo: options.redirectTo ?? null,
    },
  });
}

export function closeDialog(): void {
  setState({ dialog: null });
}

/** The loading overlay; it hides itself after 50000 ms whatever happens. */
export function showLoader(): void {
  if (loaderTimer) clearTimeout(loaderTimer);
  loaderTimer = setTimeout(() => hideLoader(), LOADER_TIMEOUT_MS);
  setState({ loading: true });
}

export function hideLoader(): void {
  if (loaderTimer) clearTimeout(loaderTimer);
  loaderTimer = null;
  setState({ loading: false });
}

/** Clears everything (tests, and the global reset). */
export function resetFeedback(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  dismissBanner();
  hideLoader();
  setState({ toasts: [], dialog: null });
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getFeedback,
  hideLoader,
  notify,
  resetFeedback,
  showLoader,
  showPersistentError,
} from './feedback-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
  resetFeedback();
});
afterEach(() => vi.useRealTimers());

describe('notifications', () => {
  it('toasts close after 6000 ms', () => {
    notify('success', 'Guardado');
    vi.advanceTimersByTime(5999);
    expect(getFeedback().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getFeedback().toasts).toHaveLength(0);
  });

  it('default mode stacks, once skips while shown, replace closes the earlier one', () => {
    notify('info', 'a', { id: 'x' });
    notify('info', 'b', { id: 'x' });
    expect(getFeedback().toasts.map((t) => t.message)).toEqual(['a', 'b']);
    notify('info', 'c', { id: 'x', mode: 'once' });
    expect(getFeedback().toasts.map((t) => t.message)).toEqual(['a', 'b']);
    notify('warning', 'd', { id: 'x', mode: 'replace' });
    expect(getFeedback().toasts.map((t) => t.message)).toEqual(['d']);
    vi.advanceTimersByTime(6000);
    notify('info', 'e', { id: 'x', mode: 'once' });
    expect(getFeedback().toasts.map((t) => t.message)).toEqual(['e']);
  });

  it('the persistent banner stays 25 s', () => {
    showPersistentError('Falló', 'id-1');
    vi.advanceTimersByTime(24_999);
    expect(getFeedback().banner).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(getFeedback().banner).toBeNull();
  });

  it('the loading overlay hides itself after 50000 ms', () => {
    showLoader();
    vi.advanceTimersByTime(49_999);
    expect(getFeedback().loading).toBe(true);
    vi.advanceTimersByTime(1);
    expect(getFeedback().loading).toBe(false);
    showLoader();
    hideLoader();
    expect(getFeedback().loading).toBe(false);
  });
});

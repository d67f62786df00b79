/** Spec section 9: the scroll animation lasts 1000 ms unless told otherwise. */
export const SCROLL_ANIMATION_MS = 1000;

/** Where the page is `elapsed` ms into a scroll from `from` to `to` (ease in-out, ends exactly). */
export function scrollPosition(
  from: number,
  to: number,
  elapsed: number,
  duration: number,
): number {
  if (duration <= 0 || elapsed >= duration) return to;
  const t = Math.max(elapsed, 0) / duration;
  const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  return from + (to - from) * eased;
}

/** Scrolls the page so `element` sits near the top, animated over `duration` ms. */
export function scrollToElement(element: Element, duration = SCROLL_ANIMATION_MS): void {
  const from = window.scrollY;
  const to = Math.max(from + element.getBoundingClientRect().top - 80, 0);
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduced || typeof window.requestAnimationFrame !== 'function') {
    window.scrollTo(0, to);
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const elapsed = now - start;
    window.scrollTo(0, scrollPosition(from, to, elapsed, duration));
    if (elapsed < duration) window.requestAnimationFrame(step);
  };
  window.requestAnimationFrame(step);
}

/** After the form rendered its field errors: brings the first one into view, then focuses it. */
export function scrollToFirstInvalid(): void {
  setTimeout(() => {
    const first = document.querySelector('.is-invalid');
    if (!first) return;
    scrollToElement(first);
    if (first instanceof HTMLElement) first.focus({ preventScroll: true });
  }, 0);
}

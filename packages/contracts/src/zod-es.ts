import { z } from 'zod';

/** Zod's own messages in Spanish, for API and forms alike. Call once at start. */
export function useSpanishMessages(): void {
  z.config(z.locales.es());
}

import type { Config } from '../config.ts';

/** SW Sapien's production host; any other SW_URL is its test services (stamps without validity). */
const SW_PRODUCCION = 'services.sw.com.mx';

/**
 * True when what the configured PAC stamps has no fiscal validity: the built-in sandbox, or SW
 * Sapien's test services. The app, the PDF, the share page and the e-mail say so.
 */
export function pacDePruebas(config: Pick<Config, 'PAC' | 'SW_URL'>): boolean {
  if (config.PAC === 'sandbox') return true;
  try {
    return new URL(config.SW_URL).hostname !== SW_PRODUCCION;
  } catch {
    return true;
  }
}

import type { ClientConfig } from '@repo/contracts/client-config';
import { API_BASE } from './config.ts';

let pending: Promise<Partial<ClientConfig> | null> | null = null;

/**
 * GET /api/client-config (public), asked once per page load whoever needs it first (error
 * reporting at start, the test-mode mark); null when it could not be read, and asked again next
 * time. Read by hand, not with the zod schema, so zod stays out of the first load.
 */
export function loadClientConfig(): Promise<Partial<ClientConfig> | null> {
  pending ??= fetch(`${API_BASE.replace(/\/+$/, '')}/client-config`, {
    headers: { Accept: 'application/json' },
  })
    .then(async (response) => {
      if (!response.ok) throw new Error(`client-config: ${String(response.status)}`);
      const body = (await response.json()) as { data?: Partial<ClientConfig> } | null;
      return body?.data ?? null;
    })
    .catch(() => {
      pending = null;
      return null;
    });
  return pending;
}

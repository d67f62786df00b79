import { type ReactNode, Suspense } from 'react';
import { PageLoader } from './layouts/route-screen.tsx';
import { lazy } from './lazy-screen.ts';

/**
 * The server-state cache (TanStack Query and its client) is a chunk of its own, around every
 * screen but the login page, whose first load does without it (issue 16: ≤ 120 KB of JavaScript).
 */
export const QueryProvider = lazy<{ children: ReactNode }>(async () => ({
  default: (await import('./query-client.tsx')).QueryProvider,
}));

export function WithServerState({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <QueryProvider>{children}</QueryProvider>
    </Suspense>
  );
}

import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '#src/shared/http/api-error.ts';
import { resetFeatureStatesOnSessionEnd } from '#src/shared/session/global-reset.ts';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Client errors are answers, not hiccups: only network and 5xx failures are retried, once.
      retry: (count, error) =>
        count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

// Spec section 4, "Global reset": logout, a 401/403 or a failed refresh drops every feature state.
resetFeatureStatesOnSessionEnd(queryClient);

/** The one server-state cache of the app (TanStack Query). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

import 'bootstrap/dist/css/bootstrap.min.css';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { bootErrorReporting } from './shared/error-reporting/error-reporting.ts';
import { hydrateSession } from './shared/session/session-store.ts';

hydrateSession();
// Off unless the API hands a DSN (SENTRY_DSN_WEB); the SDK is then loaded as a chunk of its own.
void bootErrorReporting();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

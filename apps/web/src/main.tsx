import './app/bootstrap.scss';
import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { preloadRoute, router } from './app/router.tsx';
import { bootErrorReporting } from './shared/error-reporting/error-reporting.ts';
import { hydrateSession } from './shared/session/session-store.ts';

hydrateSession();
// The screen being opened (and its frame) start loading now, in parallel with the first render.
preloadRoute(window.location.pathname);
// Off unless the API hands a DSN (SENTRY_DSN_WEB); the SDK is then loaded as a chunk of its own.
void bootErrorReporting();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

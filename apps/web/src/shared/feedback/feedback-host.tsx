import { Suspense, lazy, useLayoutEffect, useRef } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { SUPPORT_TEXT, parseBannerMessage } from './banner-message.ts';
import { BANNER_MAX_WIDTH_PX, TOAST_COLORS } from './feedback-constants.ts';
import { dismissBanner, dismissToast, useFeedback } from './feedback-store.ts';

// The dialogs (and the modal machinery they use) load the first time one opens.
const FixedDialog = lazy(async () => ({
  default: (await import('./fixed-dialog.tsx')).FixedDialog,
}));

const TOAST_TEXT_COLOR = { error: '#fff', success: '#fff', warning: '#212529', info: '#fff' };
const TOAST_LABEL = {
  error: 'Error',
  success: 'Éxito',
  warning: 'Advertencia',
  info: 'Información',
};

/**
 * On a phone the toasts sit at the bottom of the screen: when one would cover a primary button
 * (Timbrar, Guardar…), the page scrolls that button above them (the stack, in the page's flow,
 * leaves that room at the end of the page).
 */
function apartarDeLasAcciones(el: HTMLElement | null): void {
  if (!el || el.childElementCount === 0 || getComputedStyle(el).position !== 'sticky') return;
  const toasts = el.getBoundingClientRect();
  let tapado = 0;
  for (const b of document.querySelectorAll<HTMLElement>('main .btn-primary')) {
    const r = b.getBoundingClientRect();
    if (r.height > 0 && r.bottom > toasts.top && r.top < toasts.bottom)
      tapado = Math.max(tapado, r.bottom - toasts.top + 8);
  }
  if (tapado > 0) window.scrollBy(0, tapado);
}

/** Toasts, the persistent banner, the fixed dialogs and the loading overlay (spec sections 8 and 9). */
export function FeedbackHost() {
  const { toasts, banner, dialog, loading } = useFeedback();
  const stack = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => apartarDeLasAcciones(stack.current), [toasts.length]);
  return (
    <>
      <div
        ref={stack}
        className="toast-stack d-flex flex-column gap-2"
        aria-live="polite"
        data-testid="toasts"
      >
        {toasts.map((toast) => (
          <div
            key={toast.key}
            role={toast.type === 'error' ? 'alert' : 'status'}
            data-toast-type={toast.type}
            className="toast-item shadow rounded d-flex align-items-start gap-2 px-3 py-2"
            style={{
              background: TOAST_COLORS[toast.type],
              color: TOAST_TEXT_COLOR[toast.type],
              pointerEvents: 'auto',
            }}
          >
            <div className="flex-grow-1">
              <div className="fw-semibold small text-uppercase opacity-75">
                {TOAST_LABEL[toast.type]}
              </div>
              <div>{toast.message}</div>
            </div>
            <CloseButton
              {...(toast.type === 'warning' ? {} : { variant: 'white' })}
              aria-label="Cerrar notificación"
              onClick={() => dismissToast(toast.key)}
            />
          </div>
        ))}
      </div>

      {banner && (
        <div
          role="alert"
          data-testid="persistent-error"
          className="position-fixed bottom-0 start-50 translate-middle-x mb-3 px-4 py-3 rounded shadow-lg d-flex gap-3"
          style={{
            zIndex: 1085,
            maxWidth: BANNER_MAX_WIDTH_PX,
            width: 'calc(100% - 2rem)',
            background: '#212529',
            color: '#f8f9fa',
          }}
        >
          <div className="flex-grow-1">
            <p className="mb-0">
              {parseBannerMessage(banner.message, window.location.origin).map((segment, i) =>
                segment.strong ? (
                  <strong key={i} style={{ fontWeight: 800 }}>
                    {segment.text}
                  </strong>
                ) : (
                  <span key={i}>{segment.text}</span>
                ),
              )}
            </p>
            {banner.action && (
              <Link
                className="btn btn-warning btn-sm mt-2"
                to={banner.action.to}
                onClick={dismissBanner}
                data-testid="banner-action"
              >
                {banner.action.label}
              </Link>
            )}
            {banner.errorTrackingUUID && (
              <p className="mb-0 mt-2 small">
                {SUPPORT_TEXT}{' '}
                <span className="font-monospace fw-bold">{banner.errorTrackingUUID}</span>
              </p>
            )}
          </div>
          <CloseButton variant="white" aria-label="Cerrar mensaje" onClick={dismissBanner} />
        </div>
      )}

      {dialog && (
        <Suspense fallback={null}>
          <FixedDialog dialog={dialog} />
        </Suspense>
      )}

      {loading && (
        <div
          className="position-fixed top-0 start-0 w-100 h-100 d-flex align-items-center justify-content-center"
          style={{ zIndex: 2000, background: 'rgba(255,255,255,0.7)' }}
          role="progressbar"
          aria-label="Cargando"
        >
          <Spinner animation="border" variant="primary" />
        </div>
      )}
    </>
  );
}

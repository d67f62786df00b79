import { type ComponentProps, Suspense, lazy } from 'react';
import Spinner from 'react-bootstrap/Spinner';

// The payment form (and the CFDI arithmetic it carries) loads when a payment is registered, so the
// invoice detail and the pending-payments screen keep their first load light.
const PagoForm = lazy(() => import('./pago-form.tsx').then((m) => ({ default: m.PagoForm })));

/** PagoForm, loaded on demand. */
export function PagoFormDiferido(props: ComponentProps<typeof PagoForm>) {
  return (
    <Suspense
      fallback={
        <div className="py-3 text-center">
          <Spinner size="sm" role="status" aria-label="Cargando el formulario de pago" />
        </div>
      }
    >
      <PagoForm {...props} />
    </Suspense>
  );
}

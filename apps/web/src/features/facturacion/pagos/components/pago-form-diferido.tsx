import { type ComponentProps, Suspense, lazy } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useSession } from '#src/shared/session/session-store.ts';
import { useDatosFiscales } from '#src/shared/comprobantes/api/datos-maestros.ts';

// The payment form (and the CFDI arithmetic it carries) loads when a payment is registered, so the
// invoice detail and the pending-payments screen keep their first load light.
const PagoForm = lazy(() => import('./pago-form.tsx').then((m) => ({ default: m.PagoForm })));

/**
 * PagoForm, loaded on demand, once the issuer's tax data say where "today" is (its time zone dates
 * the payment; without tax data, Tiempo del Centro).
 */
export function PagoFormDiferido(props: Omit<ComponentProps<typeof PagoForm>, 'zona'>) {
  const { enterprise } = useSession();
  const emisor = useDatosFiscales(enterprise?.id ?? null);
  const cargando = (
    <div className="py-3 text-center">
      <Spinner size="sm" role="status" aria-label="Cargando el formulario de pago" />
    </div>
  );
  if (emisor.isPending) return cargando;
  return (
    <Suspense fallback={cargando}>
      <PagoForm {...props} zona={emisor.data?.zona_horaria ?? null} />
    </Suspense>
  );
}

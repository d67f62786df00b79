import { type ComponentProps, Suspense, lazy } from 'react';

const cargar = () => import('./timbrar-factura-confirm.tsx');
const Confirmacion = lazy(async () => ({ default: (await cargar()).TimbrarFacturaConfirm }));

/**
 * The stamping confirmation of the invoice and global forms, loaded right after the form shows
 * (its own chunk), not with the form's JavaScript: the invoice form's chunk sits at its budget.
 */
export function TimbrarFacturaConfirm(props: ComponentProps<typeof Confirmacion>) {
  return (
    <Suspense fallback={null}>
      <Confirmacion {...props} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import type { ClientResponse } from '@repo/contracts/clients';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { AltaRapida } from '#src/features/facturacion/factura-form/components/alta-rapida.tsx';
import type { Props } from './factura-alta-rapida-forms.tsx';

// The client and product forms load when a dialog opens, not with the invoice form: they would
// take the invoice screens over their size budget, and most invoices never open them.
const formularios = () => import('./factura-alta-rapida-forms.tsx');
const ClienteForm = lazy(() => formularios().then((m) => ({ default: m.NuevoCliente })));
const ProductoForm = lazy(() => formularios().then((m) => ({ default: m.NuevoProducto })));

function Cargando() {
  return (
    <div className="text-center py-5">
      <Spinner role="status" aria-label="Cargando formulario" />
    </div>
  );
}

function NuevoCliente(props: Props<ClientResponse>) {
  return (
    <Suspense fallback={<Cargando />}>
      <ClienteForm {...props} />
    </Suspense>
  );
}

function NuevoProducto(props: Props<ProductServiceResponse>) {
  return (
    <Suspense fallback={<Cargando />}>
      <ProductoForm {...props} />
    </Suspense>
  );
}

/** What the invoice form opens for "Nuevo cliente" and "Nuevo producto o servicio". */
export const FACTURA_ALTA_RAPIDA: AltaRapida = { NuevoCliente, NuevoProducto };

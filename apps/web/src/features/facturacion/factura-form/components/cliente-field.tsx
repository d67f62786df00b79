import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { useFormContext } from 'react-hook-form';
import type { ClientResponse } from '@repo/contracts/clients';
import {
  searchClients,
  useRegimenesFiscales,
} from '#src/shared/comprobantes/api/datos-maestros.ts';
import type { FacturaFormValues } from '../model/factura-form-values.ts';
import { NuevoClienteEnFactura } from './alta-rapida.tsx';
import { BusquedaSelect } from '#src/shared/comprobantes/busqueda-select.tsx';

/**
 * The invoice's client: searched by name, razón social or RFC, or registered on the spot; its RFC,
 * régimen and postal code shown once chosen.
 */
export function ClienteField({
  cliente,
  chooseClient,
}: {
  cliente: ClientResponse | null;
  chooseClient: (c: ClientResponse | null) => void;
}) {
  const { errors } = useFormContext<FacturaFormValues>().formState;
  const regimenes = useRegimenesFiscales();
  return (
    <Col lg={6}>
      <div className="d-flex justify-content-between align-items-baseline gap-2">
        <Form.Label htmlFor="factura-cliente" className="fw-semibold">
          Cliente
        </Form.Label>
        <NuevoClienteEnFactura onCreated={chooseClient} />
      </div>
      <BusquedaSelect<ClientResponse>
        id="factura-cliente"
        queryKey="clients"
        valueLabel={cliente ? `${cliente.name_razon_social} (${cliente.rfc})` : null}
        onChange={chooseClient}
        search={searchClients}
        rowKey={(c) => c.id}
        renderRow={(c) => (
          <div>
            <div className="fw-semibold">{c.name_razon_social}</div>
            <div className="small text-body-secondary">
              {c.rfc} · Régimen {c.regimenFiscal} · C.P. {c.address.codigo_postal || '—'}
            </div>
          </div>
        )}
        placeholder="Busque por nombre, razón social o RFC"
        emptyText="No hay clientes que coincidan. Regístrelo con «Nuevo cliente»."
        isInvalid={!!errors.client_id}
      />
      {errors.client_id && (
        <Form.Control.Feedback type="invalid" className="d-block">
          {errors.client_id.message}
        </Form.Control.Feedback>
      )}
      {cliente && (
        <div className="small text-body-secondary mt-1" data-testid="cliente-datos">
          RFC <span className="font-monospace">{cliente.rfc}</span> · Régimen fiscal{' '}
          {cliente.regimenFiscal}
          {regimenes.data?.find((r) => r.clave === cliente.regimenFiscal)
            ? ` - ${regimenes.data.find((r) => r.clave === cliente.regimenFiscal)?.descripcion ?? ''}`
            : ''}{' '}
          · C.P. {cliente.address.codigo_postal || '—'}
        </div>
      )}
    </Col>
  );
}

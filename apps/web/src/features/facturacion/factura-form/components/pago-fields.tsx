import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import { USO_CFDI } from '@repo/cfdi/catalogos';
import { avisoReceptorGenerico } from '@repo/cfdi/validacion';
import type { ClientResponse } from '@repo/contracts/clients';
import { useFormContext, useWatch } from 'react-hook-form';
import { ClaveOptions } from '#src/shared/ui/catalog/clave-options.tsx';
import {
  useFormasPago,
  useMetodosPago,
  useUsosCfdi,
} from '#src/shared/comprobantes/api/datos-maestros.ts';
import type { FacturaFormValues } from '../model/factura-form-values.ts';

/**
 * Método and forma de pago (PPD takes forma 99) and the uso del CFDI, offered for the client's kind
 * of person and régimen, never CP01 (Pagos: only the CFDI de pagos). For a generic RFC, what the
 * invoice carries instead of the client's data and why (avisoReceptorGenerico, the API's notice).
 */
export function PagoFields({
  cliente,
  lugarExpedicion,
}: {
  cliente: ClientResponse | null;
  lugarExpedicion: string | null;
}) {
  const form = useFormContext<FacturaFormValues>();
  const { errors } = form.formState;
  const formasPago = useFormasPago();
  const metodosPago = useMetodosPago();
  const usosCfdi = useUsosCfdi(
    cliente ? { rfc: cliente.rfc, regimenFiscal: cliente.regimenFiscal } : null,
  );
  const metodoPago = useWatch({ control: form.control, name: 'metodo_pago' });
  // Controlled: their options arrive after the value is set (catalog calls).
  const formaPago = useWatch({ control: form.control, name: 'forma_pago' });
  const usoCfdi = useWatch({ control: form.control, name: 'uso_cfdi' });
  const aviso =
    cliente && lugarExpedicion
      ? avisoReceptorGenerico({
          rfc: cliente.rfc,
          lugarExpedicion,
          codigoPostalCliente: cliente.address.codigo_postal,
        })
      : null;
  return (
    <>
      <Col sm={6} lg={4}>
        <Form.Label htmlFor="factura-metodo-pago" className="fw-semibold">
          Método de pago
        </Form.Label>
        <Form.Select
          id="factura-metodo-pago"
          isInvalid={!!errors.metodo_pago}
          {...form.register('metodo_pago', {
            onChange: (e: { target: { value: string } }) => {
              if (e.target.value === 'PPD') form.setValue('forma_pago', '99');
              else if (form.getValues('forma_pago') === '99') form.setValue('forma_pago', '');
            },
          })}
        >
          <ClaveOptions
            rows={
              metodosPago.data ?? [
                { clave: 'PUE', descripcion: 'Pago en una sola exhibición' },
                { clave: 'PPD', descripcion: 'Pago en parcialidades o diferido' },
              ]
            }
          />
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.metodo_pago?.message}</Form.Control.Feedback>
      </Col>
      <Col sm={6} lg={4}>
        <Form.Label htmlFor="factura-forma-pago" className="fw-semibold">
          Forma de pago
        </Form.Label>
        <Form.Select
          id="factura-forma-pago"
          disabled={metodoPago === 'PPD'}
          isInvalid={!!errors.forma_pago}
          value={formaPago}
          onChange={(e) => form.setValue('forma_pago', e.target.value, { shouldDirty: true })}
        >
          <option value="">Elija la forma de pago</option>
          <ClaveOptions
            rows={(formasPago.data ?? []).filter((f) => metodoPago === 'PPD' || f.clave !== '99')}
          />
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.forma_pago?.message}</Form.Control.Feedback>
        {metodoPago === 'PPD' && (
          <Form.Text muted>Con PPD la forma de pago es 99 (Por definir).</Form.Text>
        )}
      </Col>
      <Col lg={4}>
        <Form.Label htmlFor="factura-uso-cfdi" className="fw-semibold">
          Uso del CFDI
        </Form.Label>
        <Form.Select
          id="factura-uso-cfdi"
          disabled={!cliente}
          isInvalid={!!errors.uso_cfdi}
          value={usoCfdi}
          onChange={(e) => form.setValue('uso_cfdi', e.target.value, { shouldDirty: true })}
        >
          <option value="">{cliente ? 'Elija el uso del CFDI' : 'Elija primero el cliente'}</option>
          <ClaveOptions rows={(usosCfdi.data ?? []).filter((u) => u.clave !== USO_CFDI.PAGOS)} />
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.uso_cfdi?.message}</Form.Control.Feedback>
        {cliente && (
          <Form.Text muted>
            Usos permitidos para el tipo de persona y régimen del cliente.
          </Form.Text>
        )}
      </Col>
      {aviso && (
        <Col xs={12}>
          <Alert variant="info" className="mb-0 small" data-testid="factura-aviso-receptor">
            {aviso}
          </Alert>
        </Col>
      )}
    </>
  );
}

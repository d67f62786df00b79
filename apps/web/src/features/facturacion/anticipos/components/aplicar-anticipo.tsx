import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { AnticipoItem } from '@repo/contracts/anticipos';
import { useSeriesDe } from '#src/shared/comprobantes/api/datos-maestros.ts';
import { TimbrarFacturaConfirm } from '#src/shared/comprobantes/timbrar-factura-confirm.tsx';
import { useEmision } from '#src/shared/comprobantes/use-emision.ts';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { useAplicarAnticipo } from '../api/anticipos.ts';

/**
 * Step 3 (Guía de llenado 4.0, Apéndice 6): the CFDI de egreso that applies the advance, relation 07
 * to the invoice for the full value, FormaPago 30, PUE, uso G02; all that remains or a part.
 */
export function AplicarAnticipo(props: { anticipo: AnticipoItem }) {
  const a = props.anticipo;
  const { enterprise } = useSession();
  const series = useSeriesDe('notas-credito', enterprise?.id ?? null);
  const aplicar = useAplicarAnticipo(a.id);
  const facturas = a.facturas.filter((f) => f.status === 'timbrada');
  const [facturaId, setFacturaId] = useState('');
  const [importe, setImporte] = useState('');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [confirmar, setConfirmar] = useState(false);
  const { busy, failure, setFailure, run, conClave, aplicarCreditos } = useEmision({
    formPathOf: (k) => (['factura_id', 'serie_id', 'importe'].includes(k) ? k : null),
    setFieldError: (path, message) => setErrores((e) => ({ ...e, [path]: message })),
    avisoCampos: 'Revise los datos marcados de la aplicación del anticipo.',
  });
  const elegida = facturaId || String(facturas[0]?.id ?? '');
  const serieId = String(series.data?.[0]?.id ?? '');
  const timbrar = () => {
    setConfirmar(false);
    void run(async () => {
      const res = await conClave((key) =>
        aplicar.mutateAsync({
          factura_id: Number(elegida),
          serie_id: Number(serieId),
          ...(importe.trim() ? { importe: importe.trim() } : {}),
          idempotency_key: key,
        }),
      );
      aplicarCreditos(res.user_total_remaining_credits);
      notify('success', `El anticipo ${a.serie_folio} fue aplicado con su nota de crédito.`);
    });
  };

  return (
    <div className="d-flex flex-column gap-2" data-testid="aplicar-anticipo">
      <div className="d-flex flex-wrap gap-3 align-items-start">
        <Form.Group controlId={`aplicar-factura-${a.id}`}>
          <Form.Label className="small fw-semibold">Factura por el valor total</Form.Label>
          <Form.Select
            size="sm"
            value={elegida}
            isInvalid={Boolean(errores.factura_id)}
            onChange={(e) => {
              setFacturaId(e.target.value);
              setErrores({});
              setFailure(null);
            }}
          >
            {facturas.map((f) => (
              <option key={f.id} value={f.id}>
                {f.serie_folio}: queda {formatCurrency(f.restante)}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{errores.factura_id}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group controlId={`aplicar-importe-${a.id}`}>
          <Form.Label className="small fw-semibold">Importe antes de impuestos</Form.Label>
          <Form.Control
            size="sm"
            inputMode="decimal"
            placeholder={`Todo: ${formatCurrency(a.restante_subtotal)}`}
            value={importe}
            isInvalid={Boolean(errores.importe)}
            onChange={(e) => {
              setImporte(e.target.value);
              setErrores({});
              setFailure(null);
            }}
          />
          <Form.Control.Feedback type="invalid">{errores.importe}</Form.Control.Feedback>
        </Form.Group>
        <Button
          size="sm"
          className="align-self-end"
          disabled={busy || !elegida}
          onClick={() => setConfirmar(true)}
        >
          Aplicar anticipo
        </Button>
      </div>
      {failure && (
        <Alert variant="danger" className="mb-0 py-2 small" data-testid="aplicar-error">
          {failure}
        </Alert>
      )}
      <TimbrarFacturaConfirm
        show={confirmar}
        titulo="Aplicar anticipo"
        documento="la nota de crédito que aplica el anticipo"
        clientName={a.client_name}
        total={null}
        moneda={a.moneda}
        datos={`(forma de pago 30, relacionada con 07 a la factura ${facturas.find((f) => String(f.id) === elegida)?.serie_folio ?? ''})`}
        onConfirm={timbrar}
        onHide={() => setConfirmar(false)}
      />
    </div>
  );
}

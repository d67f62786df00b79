import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import type { FacturaDetail } from '@repo/contracts/facturas';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { TimbrarFacturaConfirm } from '#src/shared/comprobantes/timbrar-factura-confirm.tsx';
import { useEmision } from '#src/shared/comprobantes/use-emision.ts';
import { serieFolio } from '#src/shared/comprobantes/format-cfdi.ts';
import { useEmitirNota, useSeriesNotas } from '../api/notas-credito.ts';
import { NOTA_FORM_INICIAL, type NotaFormValues, cuerpoDeNota } from '../model/nota-form-model.ts';
import { notaPaths } from '../nota-paths.ts';
import { NotaAjusteFields } from './nota-ajuste-fields.tsx';
import { NotaVistaPrevia } from './nota-vista-previa.tsx';

/** The server's field keys on the form's fields (the rest is shown above the buttons). */
function formPathOf(key: string): string | null {
  if (key === 'serie_id' || key === 'motivo') return key;
  if (key === 'importe' || key === 'porcentaje') return 'valor';
  if (key.startsWith('partidas')) return 'partidas';
  return null;
}

/**
 * The credit note of one stamped invoice (issue 25): its kind, what it gives back and why; it is
 * stamped through the shared lifecycle (useEmision) after the shared confirmation. Its amounts
 * (subtotal, taxes, total, what remains of the invoice) are the API's preview, shown as it is typed.
 */
export function NotaCreditoForm(props: { factura: FacturaDetail; onClose: () => void }) {
  const { factura } = props;
  const { enterprise } = useSession();
  const series = useSeriesNotas(enterprise?.id ?? null);
  const emitir = useEmitirNota();
  const navigate = useNavigate();
  const [v, setV] = useState<NotaFormValues>(NOTA_FORM_INICIAL);
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [confirmar, setConfirmar] = useState(false);
  const serieId = v.serie_id || String(series.data?.[0]?.id ?? '');
  const valores = { ...v, serie_id: serieId };
  const { busy, failure, setFailure, run, conClave, aplicarCreditos } = useEmision({
    formPathOf,
    setFieldError: (path, message) => setErrores((e) => ({ ...e, [path]: message })),
    avisoCampos: 'Revise los datos marcados de la nota de crédito.',
  });
  const set = (patch: Partial<NotaFormValues>) => {
    setV((old) => ({ ...old, ...patch }));
    setErrores({});
    setFailure(null);
  };
  const cuerpo = () =>
    cuerpoDeNota(
      valores,
      factura.id,
      factura.partidas.map((p) => p.cantidad),
    );
  const previa = cuerpo();
  const vistaPrevia = previa.ok ? previa.body : null;
  const revisar = () => {
    const r = cuerpo();
    if (!r.ok) setErrores(r.errores);
    else setConfirmar(true);
  };
  const timbrar = () => {
    setConfirmar(false);
    const r = cuerpo();
    if (!r.ok) return;
    void run(async () => {
      const res = await conClave((key) => emitir.mutateAsync({ ...r.body, idempotency_key: key }));
      aplicarCreditos(res.user_total_remaining_credits);
      notify(
        'success',
        `La nota de crédito ${serieFolio(res.data.serie, res.data.folio)} fue timbrada.`,
      );
      void navigate(notaPaths.detalle(res.data.id));
    });
  };

  return (
    <Card className="border-primary" data-testid="nota-credito-form">
      <Card.Body className="d-flex flex-column gap-3">
        <h3 className="h6 fw-bold mb-0">Nueva nota de crédito</h3>
        <div className="d-flex flex-wrap gap-3">
          <Form.Group controlId="nota-serie">
            <Form.Label className="fw-semibold">Serie</Form.Label>
            <Form.Select
              value={serieId}
              isInvalid={Boolean(errores.serie_id)}
              onChange={(e) => set({ serie_id: e.target.value })}
            >
              {(series.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.serie} (folio {s.folio})
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errores.serie_id}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="nota-tipo">
            <Form.Label className="fw-semibold">Tipo de nota</Form.Label>
            <Form.Select
              value={v.tipo}
              onChange={(e) => set({ tipo: e.target.value as NotaFormValues['tipo'] })}
            >
              <option value="descuento">Descuento o bonificación (01)</option>
              <option value="devolucion">Devolución (03)</option>
            </Form.Select>
          </Form.Group>
        </div>
        <NotaAjusteFields values={v} set={set} errores={errores} partidas={factura.partidas} />
        <Form.Group controlId="nota-motivo">
          <Form.Label className="fw-semibold">Motivo</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            maxLength={200}
            placeholder="Por ejemplo: descuento por pronto pago"
            value={v.motivo}
            isInvalid={Boolean(errores.motivo)}
            onChange={(e) => set({ motivo: e.target.value })}
          />
          <Form.Control.Feedback type="invalid">{errores.motivo}</Form.Control.Feedback>
        </Form.Group>
        <NotaVistaPrevia body={vistaPrevia} factura={serieFolio(factura.serie, factura.folio)} />
        {failure && (
          <Alert variant="danger" className="mb-0" data-testid="nota-error">
            {failure}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2 justify-content-end">
          <Button variant="outline-secondary" onClick={props.onClose}>
            Cerrar
          </Button>
          <Button disabled={busy} onClick={revisar}>
            Timbrar nota de crédito
          </Button>
        </div>
      </Card.Body>
      <TimbrarFacturaConfirm
        show={confirmar}
        titulo="Timbrar nota de crédito"
        documento="la nota de crédito"
        clientName={factura.client_name}
        total={null}
        moneda={factura.moneda}
        datos={`de la factura ${serieFolio(factura.serie, factura.folio)}`}
        onConfirm={timbrar}
        onHide={() => setConfirmar(false)}
      />
    </Card>
  );
}

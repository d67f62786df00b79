import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { ClientResponse } from '@repo/contracts/clients';
import {
  searchClients,
  useFormasPago,
  useRubrosImpuestos,
  useSeriesDe,
  useUsosCfdi,
} from '#src/shared/comprobantes/api/datos-maestros.ts';
import { BusquedaSelect } from '#src/shared/comprobantes/busqueda-select.tsx';
import { TimbrarFacturaConfirm } from '#src/shared/comprobantes/timbrar-factura-confirm.tsx';
import { useEmision } from '#src/shared/comprobantes/use-emision.ts';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { useEmitirAnticipo } from '../api/anticipos.ts';

const CAMPOS = ['client_id', 'serie_id', 'forma_pago', 'uso_cfdi', 'rubro_impuesto_id', 'importe'];
/** 30 is the application of an advance and 99 no form at all (Guía de llenado, Apéndice 6). */
const NO_DE_ANTICIPO = ['30', '99'];

/**
 * Step 1 (Guía de llenado 4.0, Apéndice 6): the advance invoice, PUE with the form in which the
 * advance was received; its concepto (84111506, ACT, "Anticipo del bien o servicio") is fixed.
 */
export function AnticipoForm(props: { onClose: () => void }) {
  const { enterprise } = useSession();
  const series = useSeriesDe('facturas-ingreso', enterprise?.id ?? null);
  const formas = useFormasPago();
  const rubros = useRubrosImpuestos();
  const emitir = useEmitirAnticipo();
  const [cliente, setCliente] = useState<ClientResponse | null>(null);
  const usos = useUsosCfdi(cliente);
  const [v, setV] = useState({
    serie_id: '',
    forma_pago: '',
    uso_cfdi: '',
    rubro: '',
    importe: '',
  });
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [confirmar, setConfirmar] = useState(false);
  const { busy, failure, setFailure, run, conClave, aplicarCreditos } = useEmision({
    formPathOf: (k) => (CAMPOS.includes(k) ? k : null),
    setFieldError: (path, message) => setErrores((e) => ({ ...e, [path]: message })),
    avisoCampos: 'Revise los datos marcados del anticipo.',
  });
  const serieId = v.serie_id || String(series.data?.[0]?.id ?? '');
  const rubroId = v.rubro || String(rubros.data?.[0]?.id ?? '');
  const uso = v.uso_cfdi || cliente?.usoCfdi || '';
  const set = (patch: Partial<typeof v>) => {
    setV((old) => ({ ...old, ...patch }));
    setErrores({});
    setFailure(null);
  };
  const revisar = () => {
    const e: Record<string, string> = {};
    if (!cliente) e.client_id = 'Elija el cliente que entregó el anticipo';
    if (!v.forma_pago) e.forma_pago = 'Indique la forma en que recibió el anticipo';
    if (!/^\d{1,15}(\.\d{1,2})?$/.test(v.importe.trim()) || Number(v.importe) <= 0)
      e.importe = 'El importe antes de impuestos debe ser mayor a 0 con hasta 2 decimales';
    setErrores(e);
    if (Object.keys(e).length === 0) setConfirmar(true);
  };
  const timbrar = () => {
    setConfirmar(false);
    void run(async () => {
      const res = await conClave((key) =>
        emitir.mutateAsync({
          client_id: cliente?.id ?? 0,
          serie_id: Number(serieId),
          forma_pago: v.forma_pago,
          uso_cfdi: uso,
          rubro_impuesto_id: Number(rubroId),
          importe: v.importe.trim(),
          idempotency_key: key,
        }),
      );
      aplicarCreditos(res.user_total_remaining_credits);
      notify('success', `La factura del anticipo ${res.data.serie_folio} fue timbrada.`);
      props.onClose();
    });
  };
  const campo = (k: string) => ({ isInvalid: Boolean(errores[k]) });

  return (
    <Card className="border-primary" data-testid="anticipo-form">
      <Card.Body className="d-flex flex-column gap-3">
        <div>
          <h2 className="h6 fw-bold mb-1">Paso 1. Factura del anticipo</h2>
          <p className="small text-body-secondary mb-0">
            Se timbra con el concepto que pide el SAT: clave 84111506, unidad ACT, cantidad 1,
            «Anticipo del bien o servicio», método de pago PUE.
          </p>
        </div>
        <Form.Group controlId="anticipo-cliente">
          <Form.Label className="fw-semibold">Cliente</Form.Label>
          <BusquedaSelect<ClientResponse>
            id="anticipo-cliente"
            queryKey="clients"
            valueLabel={cliente ? `${cliente.name_razon_social} (${cliente.rfc})` : null}
            onChange={(c) => {
              setCliente(c);
              set({ uso_cfdi: '' });
            }}
            search={searchClients}
            rowKey={(c) => c.id}
            renderRow={(c) => (
              <div>
                <div className="fw-semibold">{c.name_razon_social}</div>
                <div className="small text-body-secondary">{c.rfc}</div>
              </div>
            )}
            placeholder="Busque por nombre o RFC"
            emptyText="No hay clientes con ese nombre o RFC"
            isInvalid={Boolean(errores.client_id)}
          />
          {errores.client_id && <div className="invalid-feedback d-block">{errores.client_id}</div>}
        </Form.Group>
        <div className="d-flex flex-wrap gap-3">
          <Form.Group controlId="anticipo-serie">
            <Form.Label className="fw-semibold">Serie</Form.Label>
            <Form.Select
              value={serieId}
              {...campo('serie_id')}
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
          <Form.Group controlId="anticipo-forma-pago">
            <Form.Label className="fw-semibold">Forma en que lo recibió</Form.Label>
            <Form.Select
              value={v.forma_pago}
              {...campo('forma_pago')}
              onChange={(e) => set({ forma_pago: e.target.value })}
            >
              <option value="">Elija…</option>
              {(formas.data ?? [])
                .filter((f) => !NO_DE_ANTICIPO.includes(f.clave))
                .map((f) => (
                  <option key={f.clave} value={f.clave}>
                    {f.clave} {f.descripcion}
                  </option>
                ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errores.forma_pago}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="anticipo-uso">
            <Form.Label className="fw-semibold">Uso del CFDI</Form.Label>
            <Form.Select
              value={uso}
              {...campo('uso_cfdi')}
              onChange={(e) => set({ uso_cfdi: e.target.value })}
            >
              <option value="">Elija…</option>
              {(usos.data ?? []).map((u) => (
                <option key={u.clave} value={u.clave}>
                  {u.clave} {u.descripcion}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{errores.uso_cfdi}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="anticipo-impuestos">
            <Form.Label className="fw-semibold">Impuestos</Form.Label>
            <Form.Select
              value={rubroId}
              {...campo('rubro_impuesto_id')}
              onChange={(e) => set({ rubro: e.target.value })}
            >
              {(rubros.data ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">
              {errores.rubro_impuesto_id}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId="anticipo-importe">
            <Form.Label className="fw-semibold">Importe antes de impuestos</Form.Label>
            <Form.Control
              inputMode="decimal"
              value={v.importe}
              {...campo('importe')}
              onChange={(e) => set({ importe: e.target.value })}
            />
            <Form.Control.Feedback type="invalid">{errores.importe}</Form.Control.Feedback>
          </Form.Group>
        </div>
        {failure && (
          <Alert variant="danger" className="mb-0" data-testid="anticipo-error">
            {failure}
          </Alert>
        )}
        <div className="d-flex flex-wrap gap-2 justify-content-end">
          <Button variant="outline-secondary" onClick={props.onClose}>
            Cerrar
          </Button>
          <Button disabled={busy} onClick={revisar}>
            Timbrar factura del anticipo
          </Button>
        </div>
      </Card.Body>
      <TimbrarFacturaConfirm
        show={confirmar}
        titulo="Timbrar factura del anticipo"
        documento="la factura del anticipo"
        clientName={cliente?.name_razon_social ?? ''}
        total={null}
        moneda="MXN"
        datos={`por ${formatCurrency(v.importe)} antes de impuestos`}
        onConfirm={timbrar}
        onHide={() => setConfirmar(false)}
      />
    </Card>
  );
}

import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { type PendientesFiltros, usePendientes } from '../api/complementos-pago.ts';
import { diaDe } from '../model/pago-form-values.ts';
import { plazoComplemento } from '../model/plazo-complemento.ts';

function fechaCorta(fecha: string | null): string {
  if (!fecha) return '—';
  const [a, m, d] = fecha.slice(0, 10).split('-');
  return `${d}/${m}/${a}`;
}

/**
 * The PPD receivables (spec sections 3 and 4, "Pending payments"): every stamped PPD invoice that
 * still owes something, fetched only while the should-fetch flag is set, filtered by client and
 * dates, with "Registrar pago" on each row.
 */
export function PagosPendientes() {
  const { enterprise } = useSession();
  const [filtros, setFiltros] = useState<PendientesFiltros>({
    clientId: null,
    fromDate: '',
    toDate: '',
    page: 1,
  });
  const [cliente, setCliente] = useState('');
  const [shouldFetch, setShouldFetch] = useState(true);
  const query = usePendientes(enterprise?.id ?? null, filtros, shouldFetch);
  if (shouldFetch && query.isFetched && !query.isFetching) setShouldFetch(false);
  const plazo = plazoComplemento(diaDe(new Date()));
  const filas = (query.data?.data ?? []).filter(
    (r) =>
      !cliente.trim() ||
      `${r.client_name} ${r.client_rfc}`.toLowerCase().includes(cliente.trim().toLowerCase()),
  );
  const aplicar = (cambio: Partial<PendientesFiltros>) => {
    setFiltros((f) => ({ ...f, ...cambio, page: 1 }));
    setShouldFetch(true);
  };

  return (
    <>
      <h1 className="h3 fw-bold mb-1">Pagos pendientes (facturas PPD)</h1>
      <p className="text-body-secondary mb-3">
        Facturas de pago en parcialidades o diferido que aún tienen saldo. Registre cada pago que
        reciba para emitir su complemento.
      </p>
      <Alert variant="info" className="py-2 small" data-testid="plazo-complementos">
        Los pagos que reciba este mes deben tener su complemento: {plazo.texto.toLowerCase()}.
      </Alert>
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <Row className="g-3 align-items-end">
            <Col md={5}>
              <Form.Label htmlFor="pendientes-cliente" className="fw-semibold">
                Cliente
              </Form.Label>
              <Form.Control
                id="pendientes-cliente"
                placeholder="Nombre o RFC"
                value={cliente}
                onChange={(e) => setCliente(e.target.value)}
              />
            </Col>
            <Col sm={6} md={3}>
              <Form.Label htmlFor="pendientes-desde" className="fw-semibold">
                Desde
              </Form.Label>
              <Form.Control
                id="pendientes-desde"
                type="date"
                value={filtros.fromDate}
                onChange={(e) => aplicar({ fromDate: e.target.value })}
              />
            </Col>
            <Col sm={6} md={3}>
              <Form.Label htmlFor="pendientes-hasta" className="fw-semibold">
                Hasta
              </Form.Label>
              <Form.Control
                id="pendientes-hasta"
                type="date"
                value={filtros.toDate}
                onChange={(e) => aplicar({ toDate: e.target.value })}
              />
            </Col>
            <Col md={1}>
              <Button variant="outline-secondary" onClick={() => setShouldFetch(true)}>
                {query.isFetching ? <Spinner size="sm" /> : 'Actualizar'}
              </Button>
            </Col>
          </Row>
        </Card.Body>
      </Card>
      {query.isError && (
        <Alert variant="danger">No fue posible consultar los pagos pendientes.</Alert>
      )}
      {query.data && filas.length === 0 && (
        <Alert variant="success">No hay facturas PPD con saldo pendiente.</Alert>
      )}
      {filas.length > 0 && (
        <Table responsive hover className="bg-body shadow-sm" data-testid="pendientes-tabla">
          <thead>
            <tr>
              <th>Cliente</th>
              <th>Serie-folio</th>
              <th>Fecha</th>
              <th className="text-end">Total</th>
              <th className="text-end">Pagado</th>
              <th className="text-end">Saldo</th>
              <th className="text-end">Días</th>
              <th>Último pago</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {filas.map((r) => (
              <tr key={r.id} data-testid={`pendiente-${r.id}`}>
                <td>
                  <div className="fw-semibold">{r.client_name}</div>
                  <div className="small text-body-secondary">{r.client_rfc}</div>
                </td>
                <td>
                  {r.serie}-{r.folio}
                </td>
                <td>{fechaCorta(r.fecha)}</td>
                <td className="text-end">
                  {formatCurrency(r.total)}
                  {r.moneda !== 'MXN' && ` ${r.moneda}`}
                </td>
                <td className="text-end">{formatCurrency(r.pagado)}</td>
                <td className="text-end fw-bold">{formatCurrency(r.PPD_pending_amount)}</td>
                <td className="text-end">{r.dias_desde_emision}</td>
                <td>
                  {fechaCorta(r.fecha_ultimo_pago)}
                  <div>
                    <Badge bg="warning" text="dark" className="fw-normal">
                      {plazo.texto}
                    </Badge>
                  </div>
                </td>
                <td>
                  <Link
                    to={`/facturacion/facturas/detalle/${r.id}?pago=nuevo`}
                    className="btn btn-sm btn-primary text-nowrap"
                  >
                    Registrar pago
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

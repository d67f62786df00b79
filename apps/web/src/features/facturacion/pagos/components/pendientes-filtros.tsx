import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { ClientResponse } from '@repo/contracts/clients';
import { searchClients } from '#src/shared/comprobantes/api/datos-maestros.ts';
import { BusquedaSelect } from '#src/shared/comprobantes/busqueda-select.tsx';
import type { PendientesFiltros } from '../api/complementos-pago.ts';

export interface ClienteFiltro {
  id: number;
  label: string;
}

/**
 * The filters of the pending-payments view: a client chosen from the enterprise's clients (sent to
 * the API as client_id) and the invoice dates; each change asks the API again.
 */
export function PendientesFiltrosCard(props: {
  filtros: PendientesFiltros;
  cliente: ClienteFiltro | null;
  cargando: boolean;
  onCliente: (cliente: ClienteFiltro | null) => void;
  onFechas: (cambio: { fromDate?: string; toDate?: string }) => void;
  onActualizar: () => void;
}) {
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body>
        <Row className="g-3 align-items-end">
          <Col lg={4}>
            <Form.Label htmlFor="pendientes-cliente" className="fw-semibold">
              Cliente
            </Form.Label>
            <div className="d-flex gap-2">
              <div className="flex-grow-1" style={{ minWidth: 0 }}>
                <BusquedaSelect<ClientResponse>
                  id="pendientes-cliente"
                  queryKey="clients"
                  valueLabel={props.cliente?.label ?? null}
                  onChange={(c) =>
                    props.onCliente(
                      c ? { id: c.id, label: `${c.name_razon_social} (${c.rfc})` } : null,
                    )
                  }
                  search={searchClients}
                  rowKey={(c) => c.id}
                  renderRow={(c) => (
                    <div>
                      <div className="fw-semibold">{c.name_razon_social}</div>
                      <div className="small text-body-secondary">{c.rfc}</div>
                    </div>
                  )}
                  placeholder="Todos los clientes"
                  emptyText="Ningún cliente coincide con la búsqueda."
                />
              </div>
              {props.cliente && (
                <Button variant="outline-secondary" onClick={() => props.onCliente(null)}>
                  Todos
                </Button>
              )}
            </div>
          </Col>
          <Col xs={6} sm={4} lg={3}>
            <Form.Label htmlFor="pendientes-desde" className="fw-semibold">
              Desde
            </Form.Label>
            <Form.Control
              id="pendientes-desde"
              type="date"
              value={props.filtros.fromDate}
              onChange={(e) => props.onFechas({ fromDate: e.target.value })}
            />
          </Col>
          <Col xs={6} sm={4} lg={3}>
            <Form.Label htmlFor="pendientes-hasta" className="fw-semibold">
              Hasta
            </Form.Label>
            <Form.Control
              id="pendientes-hasta"
              type="date"
              value={props.filtros.toDate}
              onChange={(e) => props.onFechas({ toDate: e.target.value })}
            />
          </Col>
          <Col sm={4} lg={2} className="d-grid">
            <Button variant="outline-secondary" onClick={props.onActualizar}>
              {props.cargando ? <Spinner size="sm" /> : 'Actualizar'}
            </Button>
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}

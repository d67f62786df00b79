import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { serieFolio } from '#src/shared/comprobantes/format-cfdi.ts';
import { type NotasFiltros, useNotasCredito } from '../api/notas-credito.ts';
import { notaPaths } from '../nota-paths.ts';
import { NOTA_STATUS, RELACION, notaStatus } from '../nota-status.ts';

/** /facturacion/notas-credito: the credit notes, by status and dates (the API's filters). */
export function NotasCreditoLista() {
  const [f, setF] = useState<NotasFiltros>({ page: 1, status: '', desde: '', hasta: '' });
  const q = useNotasCredito(f);
  const set = (patch: Partial<NotasFiltros>) => setF((old) => ({ ...old, page: 1, ...patch }));
  const total = q.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / 30));
  return (
    <>
      <h1 className="h3 fw-bold mb-1">Notas de crédito</h1>
      <p className="text-body-secondary">
        Para emitir una, abra la factura timbrada y pulse «Emitir nota de crédito».
      </p>
      <Card className="shadow-sm mb-3">
        <Card.Body className="d-flex flex-wrap gap-3">
          <Form.Group controlId="notas-status">
            <Form.Label className="small fw-semibold">Estatus</Form.Label>
            <Form.Select value={f.status} onChange={(e) => set({ status: e.target.value })}>
              <option value="">Todos</option>
              {Object.entries(NOTA_STATUS).map(([clave, s]) => (
                <option key={clave} value={clave}>
                  {s.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="notas-desde">
            <Form.Label className="small fw-semibold">Desde</Form.Label>
            <Form.Control
              type="date"
              value={f.desde}
              onChange={(e) => set({ desde: e.target.value })}
            />
          </Form.Group>
          <Form.Group controlId="notas-hasta">
            <Form.Label className="small fw-semibold">Hasta</Form.Label>
            <Form.Control
              type="date"
              value={f.hasta}
              onChange={(e) => set({ hasta: e.target.value })}
            />
          </Form.Group>
        </Card.Body>
      </Card>
      {q.isError && <Alert variant="danger">No fue posible cargar las notas de crédito.</Alert>}
      {q.isPending && (
        <div className="text-center py-5" role="status" aria-label="Cargando">
          <Spinner />
        </div>
      )}
      {q.data && q.data.data.length === 0 && (
        <Alert variant="light" className="border">
          No hay notas de crédito con estos filtros.
        </Alert>
      )}
      {q.data && q.data.data.length > 0 && (
        <Table responsive hover className="bg-white" data-testid="notas-lista">
          <thead>
            <tr>
              <th>Folio</th>
              <th className="d-none d-md-table-cell">Fecha</th>
              <th>Cliente</th>
              <th className="d-none d-lg-table-cell">Tipo</th>
              <th className="d-none d-md-table-cell">Facturas</th>
              <th className="text-end">Total</th>
              <th>Estatus</th>
            </tr>
          </thead>
          <tbody>
            {q.data.data.map((n) => (
              <tr key={n.id}>
                <td className="text-nowrap">
                  <Link to={notaPaths.detalle(n.id)}>{serieFolio(n.serie, n.folio)}</Link>
                </td>
                <td className="d-none d-md-table-cell text-nowrap">{n.fecha.slice(0, 10)}</td>
                <td>{n.client_name}</td>
                <td className="d-none d-lg-table-cell">{RELACION[n.tipo_relacion]}</td>
                <td className="d-none d-md-table-cell">
                  {n.facturas.map((x) => x.serie_folio).join(', ')}
                </td>
                <td className="text-end text-nowrap">{formatCurrency(n.total)}</td>
                <td>
                  <Badge bg={notaStatus(n.status).bg}>{notaStatus(n.status).label}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {paginas > 1 && (
        <Pagination size="sm" className="justify-content-end">
          <Pagination.Prev
            disabled={f.page === 1}
            onClick={() => setF({ ...f, page: f.page - 1 })}
          />
          <Pagination.Item active>
            {f.page} / {paginas}
          </Pagination.Item>
          <Pagination.Next
            disabled={f.page >= paginas}
            onClick={() => setF({ ...f, page: f.page + 1 })}
          />
        </Pagination>
      )}
    </>
  );
}

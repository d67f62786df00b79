import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { CREDIT_SPENDING_KIND_LABELS, type CreditSpending } from '@repo/contracts/credits';
import { ListFooter } from '#src/shared/ui/list/list-footer.tsx';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { useListQuery } from '#src/shared/ui/list/use-list-query.ts';
import { type SpendingFilters, useCreditSpendings } from '../api/credit-spendings.ts';
import { formatDateTime } from './format-date.ts';

const NUMBER = new Intl.NumberFormat('es-MX');
const DEFAULTS = {
  columns: ['date'] as const,
  orderBy: 'date' as const,
  orderDirection: 'desc' as const,
};
const DOCUMENT_TYPES: Record<string, string> = {
  I: 'Factura de ingreso',
  G: 'Factura global',
  E: 'Nota de crédito',
  P: 'Complemento de pago',
};

/** The filter's key of a document: a global invoice (a CFDI of type I) is told apart. */
const documentType = (d: NonNullable<CreditSpending['document']>) => (d.global ? 'G' : d.tipo);

function documentLink(d: NonNullable<CreditSpending['document']>): string | null {
  if (d.global) return `/facturacion/facturas-globales/detalle/${d.id}`;
  return d.tipo === 'I' ? `/facturacion/facturas/detalle/${d.id}` : null;
}

function serieFolio(d: NonNullable<CreditSpending['document']>): string {
  return [d.serie, d.folio].filter((x) => x !== null && x !== '').join('-');
}

/** The document's serie-folio, linked to its detail when it has one. */
function DocumentLink({ d }: { d: NonNullable<CreditSpending['document']> }) {
  const link = documentLink(d);
  const text = serieFolio(d) || 'Ver';
  return link ? <Link to={link}>{text}</Link> : <>{serieFolio(d) || '—'}</>;
}

/** /historial-de-gastos-de-creditos: every credit spent or given back, with the balance after it. */
export function CreditSpendingsList() {
  const list = useListQuery(DEFAULTS);
  const [filters, setFilters] = useState<SpendingFilters>({
    from: '',
    to: '',
    type: '',
    documentType: '',
  });
  const set = (patch: Partial<SpendingFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    if (list.query.page !== 1) list.setPage(1);
  };
  const page = useCreditSpendings(list.query, filters);
  return (
    <>
      <h1 className="h3 fw-bold mb-3">Historial de gastos de créditos</h1>
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <Row className="g-3" as="form" aria-label="Filtros" onSubmit={(e) => e.preventDefault()}>
            <Col sm={6} lg={3}>
              <Form.Label htmlFor="from">Desde</Form.Label>
              <Form.Control
                id="from"
                type="date"
                value={filters.from}
                onChange={(e) => set({ from: e.target.value })}
              />
            </Col>
            <Col sm={6} lg={3}>
              <Form.Label htmlFor="to">Hasta</Form.Label>
              <Form.Control
                id="to"
                type="date"
                value={filters.to}
                onChange={(e) => set({ to: e.target.value })}
              />
            </Col>
            <Col sm={6} lg={3}>
              <Form.Label htmlFor="type">Movimiento</Form.Label>
              <Form.Select
                id="type"
                value={filters.type}
                onChange={(e) => set({ type: e.target.value as SpendingFilters['type'] })}
              >
                <option value="">Todos</option>
                <option value="spend">Gastos</option>
                <option value="refund">Devoluciones</option>
              </Form.Select>
            </Col>
            <Col sm={6} lg={3}>
              <Form.Label htmlFor="document-type">Tipo de comprobante</Form.Label>
              <Form.Select
                id="document-type"
                value={filters.documentType}
                onChange={(e) =>
                  set({ documentType: e.target.value as SpendingFilters['documentType'] })
                }
              >
                <option value="">Todos</option>
                {Object.entries(DOCUMENT_TYPES).map(([k, v]) => (
                  <option key={k} value={k}>
                    {v}
                  </option>
                ))}
              </Form.Select>
            </Col>
          </Row>
        </Card.Body>
      </Card>
      <Card className="shadow-sm">
        <Card.Body>
          {page.isPending ? (
            <ListLoading />
          ) : page.isError ? (
            <p className="text-danger mb-0">
              No fue posible cargar el historial. Recargue la página.
            </p>
          ) : page.data.data.length === 0 ? (
            <p className="mb-0">No hay movimientos de créditos con estos filtros.</p>
          ) : (
            <>
              <ul className="list-unstyled d-md-none mb-0" data-testid="credit-spendings-phone">
                {page.data.data.map((s) => (
                  <li key={s.id} className="border-bottom py-2">
                    <div className="d-flex justify-content-between gap-2">
                      <span>
                        {CREDIT_SPENDING_KIND_LABELS[s.type]}
                        {s.document && (
                          <>
                            {' · '}
                            {DOCUMENT_TYPES[documentType(s.document)] ?? s.document.tipo}{' '}
                            <DocumentLink d={s.document} />
                          </>
                        )}
                      </span>
                      <span className={s.credits < 0 ? 'text-danger' : 'text-success'}>
                        {s.credits > 0 ? '+' : ''}
                        {NUMBER.format(s.credits)}
                      </span>
                    </div>
                    <div className="small text-body-secondary">
                      {formatDateTime(s.date)} · saldo después {NUMBER.format(s.balance_after)}
                    </div>
                    {s.document?.uuid && (
                      <div className="small font-monospace text-break">{s.document.uuid}</div>
                    )}
                  </li>
                ))}
              </ul>
              <Table
                responsive
                hover
                className="align-middle mb-0 d-none d-md-table"
                data-testid="credit-spendings"
              >
                <thead>
                  <tr>
                    <th scope="col">Fecha</th>
                    <th scope="col">Movimiento</th>
                    <th scope="col">Comprobante</th>
                    <th scope="col">Serie-folio</th>
                    <th scope="col">UUID</th>
                    <th scope="col" className="text-end">
                      Créditos
                    </th>
                    <th scope="col" className="text-end">
                      Saldo después
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.data.map((s) => {
                    const d = s.document;
                    return (
                      <tr key={s.id}>
                        <td className="text-nowrap">{formatDateTime(s.date)}</td>
                        <td>{CREDIT_SPENDING_KIND_LABELS[s.type]}</td>
                        <td>{d ? (DOCUMENT_TYPES[documentType(d)] ?? d.tipo) : '—'}</td>
                        <td className="text-nowrap">{d ? <DocumentLink d={d} /> : '—'}</td>
                        <td className="font-monospace small">{d?.uuid ?? '—'}</td>
                        <td
                          className={`text-end ${s.credits < 0 ? 'text-danger' : 'text-success'}`}
                        >
                          {s.credits > 0 ? '+' : ''}
                          {NUMBER.format(s.credits)}
                        </td>
                        <td className="text-end">{NUMBER.format(s.balance_after)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
              <ListFooter
                page={page.data.current_page}
                perPage={list.query.perPage}
                total={page.data.total}
                lastPage={page.data.last_page}
                rowsOnPage={page.data.data.length}
                onPage={list.setPage}
                onPerPage={list.setPerPage}
              />
            </>
          )}
        </Card.Body>
      </Card>
    </>
  );
}

import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { ListFooter } from '#src/shared/ui/list/list-footer.tsx';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { useListQuery } from '#src/shared/ui/list/use-list-query.ts';
import { usePuede } from '#src/shared/session/permisos.ts';
import { useCreditPayments } from '../api/credit-payments.ts';
import { CreditPaymentStatusBadge } from './credit-payment-status.tsx';
import { formatDateTime } from './format-date.ts';

const NUMBER = new Intl.NumberFormat('es-MX');
const DEFAULTS = {
  columns: ['date'] as const,
  orderBy: 'date' as const,
  orderDirection: 'desc' as const,
};

/** /mis-compras-de-creditos: every purchase (and free credits), newest first, 30/50/100 a page. */
export function CreditPaymentsList() {
  const list = useListQuery(DEFAULTS);
  const page = useCreditPayments(list.query);
  const canBuy = usePuede('comprar');
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 fw-bold mb-0">Mis compras de créditos</h1>
        {canBuy && (
          <Link className="btn btn-primary" to="/comprar-creditos">
            Comprar créditos
          </Link>
        )}
      </div>
      <Card className="shadow-sm">
        <Card.Body>
          {page.isPending ? (
            <ListLoading />
          ) : page.isError ? (
            <p className="text-danger mb-0">
              No fue posible cargar sus compras. Recargue la página.
            </p>
          ) : page.data.data.length === 0 ? (
            <p className="mb-0">Aún no tiene compras de créditos.</p>
          ) : (
            <>
              {/* Phones: one block per purchase; the table from md up. */}
              <ul className="list-unstyled d-md-none mb-0" data-testid="credit-payments-phone">
                {page.data.data.map((p) => (
                  <li key={p.id} className="border-bottom py-2">
                    <div className="d-flex justify-content-between gap-2">
                      <strong>{p.subscription_plan_name}</strong>
                      <CreditPaymentStatusBadge status={p.status} />
                    </div>
                    <div className="small text-body-secondary">
                      {formatDateTime(p.payment_date)} · {NUMBER.format(p.credits_granted)} créditos
                      · {formatCurrency(p.subscription_plan_price)}
                    </div>
                    <Link to={`/mis-compras-de-creditos/detalle/${p.id}`} className="small">
                      Ver detalle
                    </Link>
                  </li>
                ))}
              </ul>
              <Table
                responsive
                hover
                className="align-middle mb-0 d-none d-md-table"
                data-testid="credit-payments"
              >
                <thead>
                  <tr>
                    <th scope="col">Fecha</th>
                    <th scope="col">Paquete</th>
                    <th scope="col" className="text-end">
                      Créditos
                    </th>
                    <th scope="col" className="text-end">
                      Precio
                    </th>
                    <th scope="col">Estatus</th>
                    <th scope="col">
                      <span className="visually-hidden">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.data.map((p) => (
                    <tr key={p.id}>
                      <td className="text-nowrap">{formatDateTime(p.payment_date)}</td>
                      <td>{p.subscription_plan_name}</td>
                      <td className="text-end">{NUMBER.format(p.credits_granted)}</td>
                      <td className="text-end">{formatCurrency(p.subscription_plan_price)}</td>
                      <td>
                        <CreditPaymentStatusBadge status={p.status} />
                      </td>
                      <td className="text-end">
                        <Link to={`/mis-compras-de-creditos/detalle/${p.id}`}>Ver detalle</Link>
                      </td>
                    </tr>
                  ))}
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

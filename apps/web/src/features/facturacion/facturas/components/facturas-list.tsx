import { lazy, Suspense, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { FacturaListItem } from '@repo/contracts/facturas';
import { confirmDelete, notify } from '#src/shared/feedback/feedback-store.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { ListFooter } from '#src/shared/ui/list/list-footer.tsx';
import { DownloadButton } from '#src/shared/ui/list/download-button.tsx';
import { NoResults, WelcomeState } from '#src/shared/ui/list/welcome-state.tsx';
import { useDeletePreFactura } from '../api/delete-pre-factura.ts';
import { exportFacturas } from '../api/export-facturas.ts';
import { useFacturas } from '../api/get-facturas.ts';
import { facturaPaths } from '../factura-paths.ts';
import {
  type FacturasQuery,
  facturasQueryAfterDelete,
  facturasQueryString,
  facturasView,
  parseFacturasQuery,
} from '../facturas-query.ts';
import { serieFolio } from '#src/shared/comprobantes/format-cfdi.ts';
import { FacturasFiltersForm } from './facturas-filters-form.tsx';
import { FacturasTable } from './facturas-table.tsx';

// The ZIP dialog (and its progress) loads when first opened: the list's own JS stays small.
const DescargarZipModal = lazy(() =>
  import('./descargar-zip-modal.tsx').then((m) => ({ default: m.DescargarZipModal })),
);

/** /facturacion/facturas: filters, rows, page size and page bar; the welcome page when empty. */
export function FacturasList() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = parseFacturasQuery(params);
  const go = (next: FacturasQuery, replace = false) =>
    void navigate(`${facturaPaths.list}${facturasQueryString(next)}`, { replace });
  const facturas = useFacturas(query);
  const deletion = useDeletePreFactura();
  const page = facturas.data;
  /** null until the ZIP dialog is first opened; it then stays mounted to keep its progress. */
  const [zipAbierto, setZipAbierto] = useState<boolean | null>(null);

  const lastPage = page?.last_page ?? 0;
  const pastTheEnd = lastPage >= 1 && query.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) go({ ...query, page: lastPage }, true);
  });

  const onDelete = (factura: FacturaListItem) => {
    const rowsOnPage = page?.data.length ?? 0;
    confirmDelete({
      title: 'Eliminar pre factura',
      message: `¿Desea eliminar la pre factura ${serieFolio(factura.serie, factura.folio)} de ${factura.client_name}? Esta acción no se puede deshacer.`,
      onAccept: async () => {
        try {
          await deletion.mutateAsync(factura.id);
        } catch (error) {
          const message = inlineErrorOf(error);
          if (message) notify('error', message);
          throw error;
        }
        notify('success', 'La pre factura fue eliminada.');
      },
      redirectTo: `${facturaPaths.list}${facturasQueryString(facturasQueryAfterDelete(query, { rowsOnPage }))}`,
    });
  };

  const view = page ? facturasView(query, page) : null;
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          <h1 className="h3 fw-bold mb-1">Facturas</h1>
          <p className="text-body-secondary mb-0">
            Sus facturas de ingreso timbradas, canceladas y pre facturas.
          </p>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {view === 'rows' && (
            <DownloadButton
              variant="outline-secondary"
              download={() => exportFacturas(query.filters)}
            >
              Exportar a Excel
            </DownloadButton>
          )}
          {/* Also before the first income invoice: the ZIP holds global invoices and payments too. */}
          {view !== null && (
            <Button variant="outline-secondary" onClick={() => setZipAbierto(true)}>
              Descargar XML y PDF (ZIP)
            </Button>
          )}
          {view !== 'welcome' && (
            <Link to={facturaPaths.nuevo} className="btn btn-primary">
              Nueva factura
            </Link>
          )}
        </div>
      </div>
      {zipAbierto !== null && (
        <Suspense fallback={null}>
          <DescargarZipModal
            filters={query.filters}
            show={zipAbierto}
            onHide={() => setZipAbierto(false)}
          />
        </Suspense>
      )}
      {facturas.isError && !page && (
        <Alert variant="danger" className="d-flex justify-content-between align-items-center">
          No fue posible cargar sus facturas.
          <Button variant="outline-danger" size="sm" onClick={() => void facturas.refetch()}>
            Reintentar
          </Button>
        </Alert>
      )}
      {!page && facturas.isPending && (
        <div className="d-flex justify-content-center py-5" role="status" aria-label="Cargando">
          <Spinner animation="border" variant="primary" />
        </div>
      )}
      {view === 'welcome' && (
        <WelcomeState
          title="Aún no tiene facturas"
          actions={
            <Link to={facturaPaths.nuevo} className="btn btn-primary btn-lg">
              Crear mi primera factura
            </Link>
          }
        >
          Emita su primera factura de ingreso CFDI 4.0: elija el cliente y los productos o
          servicios, y guárdela como pre factura o tímbrela de inmediato. Cada timbrado usa un
          crédito.
        </WelcomeState>
      )}
      {page && view !== 'welcome' && (
        <Card className="shadow-sm">
          <Card.Body className="border-bottom">
            <FacturasFiltersForm
              value={query.filters}
              onApply={(filters) => go({ ...query, filters, page: 1 })}
            />
          </Card.Body>
          {view === 'no-results' ? (
            <NoResults>Ninguna factura coincide con los filtros.</NoResults>
          ) : (
            <FacturasTable facturas={page.data} onDelete={onDelete} />
          )}
          <Card.Footer className="bg-body">
            <ListFooter
              page={query.page}
              perPage={query.perPage}
              total={page.total}
              lastPage={page.last_page}
              rowsOnPage={page.data.length}
              onPage={(p) => go({ ...query, page: p })}
              onPerPage={(perPage) => go({ ...query, perPage, page: 1 })}
            />
          </Card.Footer>
        </Card>
      )}
    </>
  );
}

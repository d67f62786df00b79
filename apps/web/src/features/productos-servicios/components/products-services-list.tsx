import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import {
  PRODUCT_ORDER_COLUMNS,
  type ProductServiceResponse,
} from '@repo/contracts/products-services';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { DeleteButton } from '#src/shared/ui/list/delete-button.tsx';
import { ListFooter } from '#src/shared/ui/list/list-footer.tsx';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { clampedPage, listView } from '#src/shared/ui/list/list-query.ts';
import { SearchBox } from '#src/shared/ui/list/search-box.tsx';
import { SortableHeader } from '#src/shared/ui/list/sortable-header.tsx';
import { useListQuery } from '#src/shared/ui/list/use-list-query.ts';
import { NoResults, WelcomeState } from '#src/shared/ui/list/welcome-state.tsx';
import { useDeleteProductService } from '../api/delete-product-service.ts';
import { type ProductOrderColumn, useProductsServices } from '../api/get-products-services.ts';
import { ExportProductsServicesButton } from './export-products-services-button.tsx';

export const PRODUCTS_SERVICES_PATH = '/productos-servicios';
export const productServiceEditPath = (id: number) => `/productos-servicios/editar/${id}`;

const COLUMNS: { column: ProductOrderColumn; label: string; className?: string }[] = [
  { column: 'description', label: 'Descripción' },
  { column: 'internal_code', label: 'Código interno' },
  { column: 'product_service_key', label: 'Clave SAT' },
  { column: 'unit_name', label: 'Unidad' },
  { column: 'unity_price', label: 'Precio unitario', className: 'text-end' },
];

/** Productos y servicios: the list with search, sorting, pages, import and export. */
export function ProductsServicesList() {
  const list = useListQuery<ProductOrderColumn>({
    columns: PRODUCT_ORDER_COLUMNS,
    orderBy: 'description',
  });
  const { query } = list;
  const products = useProductsServices(query);
  const deleteProduct = useDeleteProductService();
  const page = products.data;

  // A page past the end (items deleted elsewhere, an old link) shows the last page instead.
  const clamp = page ? clampedPage(query, page.last_page) : null;
  useEffect(() => {
    if (clamp) list.replace(clamp);
  });

  const header = (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
      <div>
        <h1 className="h3 fw-bold mb-1">Productos y servicios</h1>
        <p className="text-body-secondary mb-0">
          Lo que vende, con sus claves del SAT, su precio y sus impuestos.
        </p>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Link className="btn btn-outline-secondary" to="/productos-servicios/importar">
          Importar
        </Link>
        <ExportProductsServicesButton />
        <Link className="btn btn-primary" to="/productos-servicios/nuevo">
          Nuevo producto o servicio
        </Link>
      </div>
    </div>
  );

  if (products.isError && !page) {
    return (
      <>
        {header}
        <Alert variant="danger">
          {errorMessageOf(products.error, 'No fue posible cargar sus productos y servicios.')}{' '}
          <Button
            variant="link"
            className="p-0 align-baseline"
            onClick={() => void products.refetch()}
          >
            Reintentar
          </Button>
        </Alert>
      </>
    );
  }
  if (!page) return <ListLoading />;

  const view = listView(query, page);
  if (view === 'welcome') {
    return (
      <>
        <h1 className="h3 fw-bold mb-4">Productos y servicios</h1>
        <WelcomeState
          title="Bienvenido a Productos y servicios"
          actions={
            <>
              <Link className="btn btn-primary" to="/productos-servicios/nuevo">
                Registrar mi primer producto o servicio
              </Link>
              <Link className="btn btn-outline-secondary" to="/productos-servicios/importar">
                Importar desde Excel
              </Link>
            </>
          }
        >
          <p className="mb-2">
            Registre aquí lo que vende, con su clave de producto o servicio y su clave de unidad del
            SAT, su precio unitario y el grupo de impuestos que le aplica.
          </p>
          <p className="mb-0">Así llenará cada factura en segundos.</p>
        </WelcomeState>
      </>
    );
  }

  const rowsOnPage = page.data.length;
  const remove = (product: ProductServiceResponse) => (
    <DeleteButton
      size="sm"
      message={`¿Desea eliminar «${product.description}»? Esta acción no se puede deshacer.`}
      onDelete={() => deleteProduct(product.id)}
      redirectTo={() => list.urlAfterDelete({ rowsOnPage, total: page.total })}
    />
  );

  return (
    <>
      {header}
      <Card className="border-0 shadow-sm">
        <Card.Body>
          <div className="mb-3" style={{ maxWidth: 480 }}>
            <SearchBox
              value={query.search}
              onSearch={list.setSearch}
              label="Buscar productos y servicios"
              placeholder="Buscar por descripción, código o clave"
            />
          </div>
          {view === 'no-results' ? (
            <NoResults>
              No se encontraron productos o servicios que coincidan con «{query.search}».{' '}
              <Button
                variant="link"
                className="p-0 align-baseline"
                onClick={() => list.setSearch('')}
              >
                Ver todos
              </Button>
            </NoResults>
          ) : (
            <>
              <Table responsive hover className="align-middle mb-0">
                <thead>
                  <tr>
                    {COLUMNS.map((c) => (
                      <SortableHeader
                        key={c.column}
                        column={c.column}
                        orderBy={query.orderBy}
                        orderDirection={query.orderDirection}
                        onSort={list.toggleSort}
                        {...(c.className ? { className: c.className } : {})}
                      >
                        {c.label}
                      </SortableHeader>
                    ))}
                    <th scope="col">Grupo de impuestos</th>
                    <th scope="col" className="text-end">
                      Acciones
                    </th>
                  </tr>
                </thead>
                <tbody style={products.isFetching ? { opacity: 0.6 } : undefined}>
                  {page.data.map((product) => (
                    <tr key={product.id}>
                      <td className="fw-semibold">
                        <Link to={productServiceEditPath(product.id)} className="text-reset">
                          {product.description}
                        </Link>
                      </td>
                      <td className="small">{product.internal_code ?? ''}</td>
                      <td className="small" title={product.product_service_name}>
                        <span className="font-monospace">{product.product_service_key}</span>
                        <div className="text-body-secondary">{product.product_service_name}</div>
                      </td>
                      <td className="small">
                        <span className="font-monospace">{product.unit_key}</span>{' '}
                        <span className="text-body-secondary">{product.unit_name}</span>
                      </td>
                      <td className="text-end text-nowrap">
                        {formatCurrency(product.unity_price)}
                      </td>
                      <td className="small">{product.taxes_group_name}</td>
                      <td className="text-end text-nowrap">
                        <Link
                          className="btn btn-sm btn-outline-primary me-2"
                          to={productServiceEditPath(product.id)}
                        >
                          Editar
                        </Link>
                        {remove(product)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <ListFooter
                page={page.current_page}
                perPage={query.perPage}
                total={page.total}
                lastPage={page.last_page}
                rowsOnPage={rowsOnPage}
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

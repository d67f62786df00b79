import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PRODUCT_ORDER_COLUMNS } from '@repo/contracts/products-services';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { listView } from '#src/shared/ui/list/list-query.ts';
import {
  type ListColumn,
  ListHeader,
  ListLoadError,
  ListPageFooter,
  ListTableHead,
  NoSearchResults,
  RowActions,
  useClampedPage,
} from '#src/shared/ui/list/list-screen.tsx';
import { SearchBox } from '#src/shared/ui/list/search-box.tsx';
import { useListQuery } from '#src/shared/ui/list/use-list-query.ts';
import { WelcomeState } from '#src/shared/ui/list/welcome-state.tsx';
import { useDeleteProductService } from '../api/delete-product-service.ts';
import { exportProductsServices } from '../api/export-products-services.ts';
import { type ProductOrderColumn, useProductsServices } from '../api/get-products-services.ts';

export const PRODUCTS_SERVICES_PATH = '/productos-servicios';
export const productServiceEditPath = (id: number) => `/productos-servicios/editar/${id}`;

const COLUMNS: ListColumn<ProductOrderColumn>[] = [
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

  useClampedPage(list, page?.last_page);

  const header = (
    <ListHeader
      title="Productos y servicios"
      description="Lo que vende, con sus claves del SAT, su precio y sus impuestos."
      importTo="/productos-servicios/importar"
      onExport={exportProductsServices}
      newTo="/productos-servicios/nuevo"
      newLabel="Nuevo producto o servicio"
    />
  );

  if (products.isError && !page) {
    return (
      <>
        {header}
        <ListLoadError
          error={products.error}
          fallback="No fue posible cargar sus productos y servicios."
          onRetry={() => void products.refetch()}
        />
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
            <NoSearchResults onShowAll={() => list.setSearch('')}>
              No se encontraron productos o servicios que coincidan con «{query.search}».
            </NoSearchResults>
          ) : (
            <>
              <Table responsive hover className="align-middle mb-0">
                <ListTableHead
                  columns={COLUMNS}
                  query={query}
                  onSort={list.toggleSort}
                  extra={<th scope="col">Grupo de impuestos</th>}
                />
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
                      <RowActions
                        editTo={productServiceEditPath(product.id)}
                        deleteMessage={`¿Desea eliminar «${product.description}»? Esta acción no se puede deshacer.`}
                        onDelete={() => deleteProduct(product.id)}
                        redirectTo={() =>
                          list.urlAfterDelete({ rowsOnPage: page.data.length, total: page.total })
                        }
                      />
                    </tr>
                  ))}
                </tbody>
              </Table>
              <ListPageFooter page={page} list={list} />
            </>
          )}
        </Card.Body>
      </Card>
    </>
  );
}

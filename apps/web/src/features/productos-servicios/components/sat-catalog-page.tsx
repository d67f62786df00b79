import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { Pagination } from '#src/shared/ui/list/pagination.tsx';
import { SearchBox } from '#src/shared/ui/list/search-box.tsx';
import { NoResults } from '#src/shared/ui/list/welcome-state.tsx';
import { useSatCatalogPage } from '../api/search-sat-catalog.ts';
import { PRODUCTS_SERVICES_PATH } from './products-services-list.tsx';

const NUMBER = new Intl.NumberFormat('es-MX');

const PAGES = {
  'productos-servicios': {
    title: 'Catálogo de productos y servicios del SAT',
    detail: 'Palabras similares',
    placeholder: 'Buscar por clave o palabras, p. ej. computadora portátil',
  },
  unidades: {
    title: 'Catálogo de unidades de medida del SAT',
    detail: 'Descripción',
    placeholder: 'Buscar por clave o nombre, p. ej. pieza',
  },
} as const;

/** The official catalogue pages that help fill the products and services template. */
export function SatCatalogPage(props: { catalog: 'productos-servicios' | 'unidades' }) {
  const texts = PAGES[props.catalog];
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const result = useSatCatalogPage(props.catalog, search, page);
  const go = (next: { search: string; page: number }) => {
    const q = new URLSearchParams();
    if (next.search) q.set('search', next.search);
    if (next.page > 1) q.set('page', String(next.page));
    setParams(q, { replace: next.search !== search });
  };
  return (
    <>
      <nav aria-label="Ruta" className="small mb-2">
        <Link to={PRODUCTS_SERVICES_PATH}>Productos y servicios</Link> /{' '}
        <Link to="/productos-servicios/importar">Importar</Link> / {texts.title}
      </nav>
      <h1 className="h3 fw-bold mb-1">{texts.title}</h1>
      <p className="text-body-secondary mb-4">
        Escriba en la plantilla la clave de la primera columna.
      </p>
      <Card className="border-0 shadow-sm">
        <Card.Body>
          <div className="mb-3" style={{ maxWidth: 520 }}>
            <SearchBox
              value={search}
              onSearch={(text) => go({ search: text.trim(), page: 1 })}
              label="Buscar en el catálogo"
              placeholder={texts.placeholder}
            />
          </div>
          {!result.data ? (
            <ListLoading />
          ) : result.data.total === 0 ? (
            <NoResults>No se encontró «{search}» en el catálogo del SAT.</NoResults>
          ) : (
            <>
              <Table responsive hover className="mb-0">
                <thead>
                  <tr>
                    <th scope="col">Clave</th>
                    <th scope="col">Nombre</th>
                    <th scope="col">{texts.detail}</th>
                  </tr>
                </thead>
                <tbody style={result.isFetching ? { opacity: 0.6 } : undefined}>
                  {result.data.data.map((row) => (
                    <tr key={row.clave}>
                      <td className="font-monospace fw-semibold">{row.clave}</td>
                      <td>{row.descripcion}</td>
                      <td className="small text-body-secondary">{row.detalle}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <div className="d-flex flex-wrap justify-content-between align-items-center gap-3 mt-3">
                <span className="small text-body-secondary">
                  {NUMBER.format(result.data.total)} claves
                </span>
                <Pagination
                  page={result.data.current_page}
                  lastPage={result.data.last_page}
                  onPage={(p) => go({ search, page: p })}
                />
              </div>
            </>
          )}
        </Card.Body>
      </Card>
    </>
  );
}

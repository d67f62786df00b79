import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { CLIENT_ORDER_COLUMNS, type ClientResponse } from '@repo/contracts/clients';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { DeleteButton } from '#src/shared/ui/list/delete-button.tsx';
import { ListFooter } from '#src/shared/ui/list/list-footer.tsx';
import { clampedPage, listView } from '#src/shared/ui/list/list-query.ts';
import { SearchBox } from '#src/shared/ui/list/search-box.tsx';
import { SortableHeader } from '#src/shared/ui/list/sortable-header.tsx';
import { useListQuery } from '#src/shared/ui/list/use-list-query.ts';
import { NoResults, WelcomeState } from '#src/shared/ui/list/welcome-state.tsx';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { useAllRegimenesFiscales, useAllUsosCfdi } from '../api/client-catalogs.ts';
import { useDeleteClient } from '../api/delete-client.ts';
import { type ClientOrderColumn, useClients } from '../api/get-clients.ts';
import { ExportClientsButton } from './export-clients-button.tsx';

export const CLIENTS_PATH = '/clientes';
export const clientEditPath = (id: number) => `/clientes/editar/${id}`;

const COLUMNS: { column: ClientOrderColumn; label: string }[] = [
  { column: 'name_razon_social', label: 'Nombre o razón social' },
  { column: 'rfc', label: 'RFC' },
  { column: 'email', label: 'Correo electrónico' },
  { column: 'regimenFiscal', label: 'Régimen fiscal' },
  { column: 'usoCfdi', label: 'Uso CFDI' },
];

/** Mis clientes: the list with search, sorting, pages, import and export (spec sections 2 and 4). */
export function ClientsList() {
  const list = useListQuery<ClientOrderColumn>({
    columns: CLIENT_ORDER_COLUMNS,
    orderBy: 'name_razon_social',
  });
  const { query } = list;
  const clients = useClients(query);
  const deleteClient = useDeleteClient();
  const regimenes = useAllRegimenesFiscales();
  const usos = useAllUsosCfdi();
  const page = clients.data;

  // A page past the end (items deleted elsewhere, an old link) shows the last page instead.
  const clamp = page ? clampedPage(query, page.last_page) : null;
  useEffect(() => {
    if (clamp) list.replace(clamp);
  });

  const describe = (rows: { clave: string; descripcion: string }[] | undefined, clave: string) =>
    rows?.find((r) => r.clave === clave)?.descripcion ?? '';

  const header = (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
      <div>
        <h1 className="h3 fw-bold mb-1">Mis clientes</h1>
        <p className="text-body-secondary mb-0">
          Los clientes a quienes factura, con los datos fiscales que pide el CFDI 4.0.
        </p>
      </div>
      <div className="d-flex flex-wrap gap-2">
        <Link className="btn btn-outline-secondary" to="/clientes/importar">
          Importar
        </Link>
        <ExportClientsButton />
        <Link className="btn btn-primary" to="/clientes/nuevo">
          Nuevo cliente
        </Link>
      </div>
    </div>
  );

  if (clients.isError && !page) {
    return (
      <>
        {header}
        <Alert variant="danger">
          {errorMessageOf(clients.error, 'No fue posible cargar sus clientes.')}{' '}
          <Button
            variant="link"
            className="p-0 align-baseline"
            onClick={() => void clients.refetch()}
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
        <h1 className="h3 fw-bold mb-4">Mis clientes</h1>
        <WelcomeState
          title="Bienvenido a Mis clientes"
          actions={
            <>
              <Link className="btn btn-primary" to="/clientes/nuevo">
                Registrar mi primer cliente
              </Link>
              <Link className="btn btn-outline-secondary" to="/clientes/importar">
                Importar clientes desde Excel
              </Link>
            </>
          }
        >
          <p className="mb-2">
            Aquí guardará los datos fiscales de las personas y empresas a quienes factura: RFC,
            régimen fiscal, uso del CFDI y código postal del domicilio fiscal.
          </p>
          <p className="mb-0">
            Regístrelos uno por uno o importe muchos a la vez con nuestra plantilla de Excel.
          </p>
        </WelcomeState>
      </>
    );
  }

  const rowsOnPage = page.data.length;
  const remove = (client: ClientResponse) => (
    <DeleteButton
      size="sm"
      message={`¿Desea eliminar el cliente ${client.name_razon_social} (${client.rfc})? Esta acción no se puede deshacer.`}
      onDelete={() => deleteClient(client.id)}
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
              label="Buscar clientes"
              placeholder="Buscar por nombre, RFC o correo electrónico"
            />
          </div>
          {view === 'no-results' ? (
            <NoResults>
              No se encontraron clientes que coincidan con «{query.search}».{' '}
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
                      >
                        {c.label}
                      </SortableHeader>
                    ))}
                    <th scope="col" className="text-end">
                      Acciones
                    </th>
                  </tr>
                </thead>
                <tbody style={clients.isFetching ? { opacity: 0.6 } : undefined}>
                  {page.data.map((client) => (
                    <tr key={client.id}>
                      <td className="fw-semibold">
                        <Link to={clientEditPath(client.id)} className="text-reset">
                          {client.name_razon_social}
                        </Link>
                      </td>
                      <td className="font-monospace text-nowrap">{client.rfc}</td>
                      <td className="small text-break">{client.emails.join(', ')}</td>
                      <td className="small" title={describe(regimenes.data, client.regimenFiscal)}>
                        {client.regimenFiscal}
                        <span className="text-body-secondary">
                          {' '}
                          {describe(regimenes.data, client.regimenFiscal)}
                        </span>
                      </td>
                      <td className="small" title={describe(usos.data, client.usoCfdi)}>
                        {client.usoCfdi}
                        <span className="text-body-secondary">
                          {' '}
                          {describe(usos.data, client.usoCfdi)}
                        </span>
                      </td>
                      <td className="text-end text-nowrap">
                        <Link
                          className="btn btn-sm btn-outline-primary me-2"
                          to={clientEditPath(client.id)}
                        >
                          Editar
                        </Link>
                        {remove(client)}
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

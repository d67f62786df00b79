import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { CLIENT_ORDER_COLUMNS } from '@repo/contracts/clients';
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
import { useAllRegimenesFiscales, useAllUsosCfdi } from '../api/client-catalogs.ts';
import { useDeleteClient } from '../api/delete-client.ts';
import { exportClients } from '../api/export-clients.ts';
import { type ClientOrderColumn, useClients } from '../api/get-clients.ts';

export const CLIENTS_PATH = '/clientes';
export const clientEditPath = (id: number) => `/clientes/editar/${id}`;

const COLUMNS: ListColumn<ClientOrderColumn>[] = [
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

  useClampedPage(list, page?.last_page);

  const describe = (rows: { clave: string; descripcion: string }[] | undefined, clave: string) =>
    rows?.find((r) => r.clave === clave)?.descripcion ?? '';

  const header = (
    <ListHeader
      title="Mis clientes"
      description="Los clientes a quienes factura, con los datos fiscales que pide el CFDI 4.0."
      importTo="/clientes/importar"
      onExport={exportClients}
      newTo="/clientes/nuevo"
      newLabel="Nuevo cliente"
    />
  );

  if (clients.isError && !page) {
    return (
      <>
        {header}
        <ListLoadError
          error={clients.error}
          fallback="No fue posible cargar sus clientes."
          onRetry={() => void clients.refetch()}
        />
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
            <NoSearchResults onShowAll={() => list.setSearch('')}>
              No se encontraron clientes que coincidan con «{query.search}».
            </NoSearchResults>
          ) : (
            <>
              <Table responsive hover className="align-middle mb-0">
                <ListTableHead columns={COLUMNS} query={query} onSort={list.toggleSort} />
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
                      <RowActions
                        editTo={clientEditPath(client.id)}
                        deleteMessage={`¿Desea eliminar el cliente ${client.name_razon_social} (${client.rfc})? Esta acción no se puede deshacer.`}
                        onDelete={() => deleteClient(client.id)}
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

import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { useAllRegimenesFiscales, useAllUsosCfdi, useFormasPago } from '../api/client-catalogs.ts';
import { CLIENTS_PATH } from './clients-list.tsx';

export type ClientsImportCatalog = 'usos-cfdi' | 'formas-pago' | 'regimenes-fiscales';

const TITLES: Record<ClientsImportCatalog, string> = {
  'usos-cfdi': 'Catálogo de usos del CFDI',
  'formas-pago': 'Catálogo de formas de pago',
  'regimenes-fiscales': 'Catálogo de regímenes fiscales',
};

const yesNo = (value: boolean) => (value ? 'Sí' : 'No');

/** A SAT catalogue as a table: its key, its description and any further columns. */
function CatalogTable<T extends { clave: string; descripcion: string }>(props: {
  rows: T[] | undefined;
  headings?: string[];
  cells?: (row: T) => ReactNode;
}) {
  if (!props.rows) return <ListLoading />;
  return (
    <Table responsive hover className="mb-0">
      <thead>
        <tr>
          <th scope="col">Clave</th>
          <th scope="col">Descripción</th>
          {props.headings?.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.clave}>
            <td className="font-monospace fw-semibold">{row.clave}</td>
            <td>{row.descripcion}</td>
            {props.cells?.(row)}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function UsosCfdi() {
  const usos = useAllUsosCfdi();
  return (
    <CatalogTable
      rows={usos.data}
      headings={['Persona física', 'Persona moral', 'Regímenes fiscales del receptor']}
      cells={(u) => (
        <>
          <td>{yesNo(u.aplica_fisica)}</td>
          <td>{yesNo(u.aplica_moral)}</td>
          <td className="small">{u.regimenes_fiscales_receptores.join(', ')}</td>
        </>
      )}
    />
  );
}

function RegimenesFiscales() {
  const regimenes = useAllRegimenesFiscales();
  return (
    <CatalogTable
      rows={regimenes.data}
      headings={['Persona física', 'Persona moral']}
      cells={(r) => (
        <>
          <td>{yesNo(r.aplica_fisica)}</td>
          <td>{yesNo(r.aplica_moral)}</td>
        </>
      )}
    />
  );
}

function FormasPago() {
  const formas = useFormasPago();
  return <CatalogTable rows={formas.data} />;
}

/** The SAT catalogues whose keys fill the clients import template. */
export function ClientsImportCatalogPage(props: { catalog: ClientsImportCatalog }) {
  return (
    <>
      <nav aria-label="Ruta" className="small mb-2">
        <Link to={CLIENTS_PATH}>Mis clientes</Link> / <Link to="/clientes/importar">Importar</Link>{' '}
        / {TITLES[props.catalog]}
      </nav>
      <h1 className="h3 fw-bold mb-1">{TITLES[props.catalog]}</h1>
      <p className="text-body-secondary mb-4">
        Escriba en la plantilla la clave de la primera columna.
      </p>
      <Card className="border-0 shadow-sm">
        <Card.Body>
          {props.catalog === 'usos-cfdi' && <UsosCfdi />}
          {props.catalog === 'regimenes-fiscales' && <RegimenesFiscales />}
          {props.catalog === 'formas-pago' && <FormasPago />}
        </Card.Body>
      </Card>
    </>
  );
}

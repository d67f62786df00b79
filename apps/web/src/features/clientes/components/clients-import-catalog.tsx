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

function UsosCfdi() {
  const usos = useAllUsosCfdi();
  if (!usos.data) return <ListLoading />;
  return (
    <Table responsive hover className="mb-0">
      <thead>
        <tr>
          <th scope="col">Clave</th>
          <th scope="col">Descripción</th>
          <th scope="col">Persona física</th>
          <th scope="col">Persona moral</th>
          <th scope="col">Regímenes fiscales del receptor</th>
        </tr>
      </thead>
      <tbody>
        {usos.data.map((u) => (
          <tr key={u.clave}>
            <td className="font-monospace fw-semibold">{u.clave}</td>
            <td>{u.descripcion}</td>
            <td>{yesNo(u.aplica_fisica)}</td>
            <td>{yesNo(u.aplica_moral)}</td>
            <td className="small">{u.regimenes_fiscales_receptores.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function RegimenesFiscales() {
  const regimenes = useAllRegimenesFiscales();
  if (!regimenes.data) return <ListLoading />;
  return (
    <Table responsive hover className="mb-0">
      <thead>
        <tr>
          <th scope="col">Clave</th>
          <th scope="col">Descripción</th>
          <th scope="col">Persona física</th>
          <th scope="col">Persona moral</th>
        </tr>
      </thead>
      <tbody>
        {regimenes.data.map((r) => (
          <tr key={r.clave}>
            <td className="font-monospace fw-semibold">{r.clave}</td>
            <td>{r.descripcion}</td>
            <td>{yesNo(r.aplica_fisica)}</td>
            <td>{yesNo(r.aplica_moral)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function FormasPago() {
  const formas = useFormasPago();
  if (!formas.data) return <ListLoading />;
  return (
    <Table responsive hover className="mb-0">
      <thead>
        <tr>
          <th scope="col">Clave</th>
          <th scope="col">Descripción</th>
        </tr>
      </thead>
      <tbody>
        {formas.data.map((f) => (
          <tr key={f.clave}>
            <td className="font-monospace fw-semibold">{f.clave}</td>
            <td>{f.descripcion}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
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

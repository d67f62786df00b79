import Dropdown from 'react-bootstrap/Dropdown';
import ListGroup from 'react-bootstrap/ListGroup';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { FacturaListItem } from '@repo/contracts/facturas';
import { actionsFor, ppdPendingOf } from '../factura-status.ts';
import {
  formatFechaCfdi,
  formatImporteXml,
  serieFolio,
} from '#src/shared/comprobantes/format-cfdi.ts';
import { facturaPaths } from '../factura-paths.ts';
import { FacturaStatusBadge } from './factura-status-badge.tsx';

function withMoneda(amount: string, moneda: string): string {
  return moneda === 'MXN' ? formatImporteXml(amount) : `${formatImporteXml(amount)} ${moneda}`;
}

/** The Acciones menu of one invoice of the list. */
function FacturaActions(props: {
  factura: FacturaListItem;
  onDelete: (factura: FacturaListItem) => void;
}) {
  const { factura } = props;
  const actions = actionsFor(factura);
  const label = serieFolio(factura.serie, factura.folio);
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="outline-secondary"
        size="sm"
        aria-label={`Acciones de la factura ${label}`}
      >
        Acciones
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as={Link} to={facturaPaths.detalle(factura.id)}>
          Ver detalle
        </Dropdown.Item>
        {actions.includes('editar') && (
          <Dropdown.Item as={Link} to={facturaPaths.editar(factura.id)}>
            Editar
          </Dropdown.Item>
        )}
        {actions.includes('clonar') && (
          <Dropdown.Item as={Link} to={facturaPaths.clonar(factura.id)}>
            Clonar
          </Dropdown.Item>
        )}
        {actions.includes('eliminar') && (
          <Dropdown.Item
            as="button"
            className="text-danger"
            onClick={() => props.onDelete(factura)}
          >
            Eliminar
          </Dropdown.Item>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}

/**
 * On a phone (below md) each invoice is a card of its own: folio, client, date, total, status and
 * the pending PPD amount stacked in the screen's width, instead of a table wider than the screen.
 */
function FacturasCards(props: {
  facturas: readonly FacturaListItem[];
  onDelete: (factura: FacturaListItem) => void;
}) {
  return (
    <ListGroup
      variant="flush"
      className="d-md-none"
      aria-label="Facturas"
      data-testid="facturas-cards"
    >
      {props.facturas.map((factura) => {
        const pending = ppdPendingOf(factura);
        return (
          <ListGroup.Item key={factura.id} data-testid="factura-card">
            <div className="d-flex justify-content-between align-items-start gap-2">
              <div style={{ minWidth: 0 }}>
                <Link to={facturaPaths.detalle(factura.id)} className="fw-semibold">
                  {serieFolio(factura.serie, factura.folio)}
                </Link>
                <div className="text-break">{factura.client_name}</div>
                <div className="small text-body-secondary">
                  {factura.client_rfc} · {formatFechaCfdi(factura.fecha).slice(0, 10)}
                </div>
              </div>
              <div className="text-end">
                <div className="fw-semibold text-nowrap">
                  {withMoneda(factura.total, factura.moneda)}
                </div>
                <FacturaStatusBadge factura={factura} />
              </div>
            </div>
            <div className="d-flex justify-content-between align-items-center mt-2">
              <span className="small text-body-secondary">
                {pending === null ? '' : `Pendiente PPD: ${withMoneda(pending, factura.moneda)}`}
              </span>
              <FacturaActions factura={factura} onDelete={props.onDelete} />
            </div>
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}

/** The rows of the invoice list with their actions (a table from md up, cards on a phone). */
export function FacturasTable(props: {
  facturas: readonly FacturaListItem[];
  onDelete: (factura: FacturaListItem) => void;
}) {
  return (
    <>
      <FacturasCards facturas={props.facturas} onDelete={props.onDelete} />
      <div className="d-none d-md-block">
        <Table responsive hover className="mb-0 align-middle" aria-label="Facturas">
          <thead className="table-light small">
            <tr>
              <th>Serie-folio</th>
              <th>Cliente</th>
              <th>RFC</th>
              <th>Fecha</th>
              <th className="text-end">Total</th>
              <th>Estatus</th>
              <th className="text-end">Pendiente PPD</th>
              <th>
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {props.facturas.map((factura) => {
              const pending = ppdPendingOf(factura);
              const label = serieFolio(factura.serie, factura.folio);
              return (
                <tr key={factura.id} data-testid="factura-row">
                  <td className="text-nowrap fw-semibold">
                    <Link to={facturaPaths.detalle(factura.id)}>{label}</Link>
                  </td>
                  <td>{factura.client_name}</td>
                  <td className="text-nowrap">{factura.client_rfc}</td>
                  <td className="text-nowrap">{formatFechaCfdi(factura.fecha).slice(0, 10)}</td>
                  <td className="text-end text-nowrap">
                    {withMoneda(factura.total, factura.moneda)}
                  </td>
                  <td>
                    <FacturaStatusBadge factura={factura} />
                  </td>
                  <td className="text-end text-nowrap">
                    {pending === null ? (
                      <span className="text-body-secondary">—</span>
                    ) : (
                      withMoneda(pending, factura.moneda)
                    )}
                  </td>
                  <td className="text-end">
                    <FacturaActions factura={factura} onDelete={props.onDelete} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
    </>
  );
}

import { hoyDelEmisor } from '#src/shared/format/hoy-del-emisor.ts';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NOMBRES_MESES } from '@repo/cfdi/calc';
import { rutaDeMesGlobal, type FacturaGlobalMes } from '@repo/contracts/facturas-globales';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { useGlobalYear, useGlobalYears } from '../api/facturas-globales.ts';

const BADGE: Record<FacturaGlobalMes['status'], { bg: string; text?: 'dark' }> = {
  unissued: { bg: 'light', text: 'dark' },
  saved: { bg: 'warning', text: 'dark' },
  timbrada: { bg: 'success' },
  cancelled: { bg: 'secondary' },
  pendiente_pac: { bg: 'warning', text: 'dark' },
};

const ACCION: Record<FacturaGlobalMes['status'], string> = {
  unissued: 'Emitir',
  saved: 'Continuar',
  timbrada: 'Ver detalle',
  cancelled: 'Ver detalle',
  pendiente_pac: 'Ver detalle',
};

function accionDe(m: FacturaGlobalMes): string {
  if (m.status === 'saved' && !m.editable) return 'Ver detalle';
  return ACCION[m.status];
}

const nuevaDe = (m: Pick<FacturaGlobalMes, 'month' | 'year'>) =>
  `/facturacion/facturas-globales/nuevo/${m.month}/${m.year}`;

/** A month's row and, with globals by day, week or fortnight, one row per global under it. */
function MesFilas(props: { m: FacturaGlobalMes; onOpen: (to: string) => void }) {
  const { m } = props;
  const porPeriodo = m.por_periodo.length > 0;
  const to = porPeriodo ? nuevaDe(m) : rutaDeMesGlobal(m);
  const abrir = (ruta: string) => (e: { stopPropagation(): void }) => {
    e.stopPropagation();
    props.onOpen(ruta);
  };
  return (
    <>
      <tr
        data-testid={`global-mes-${m.month}`}
        role="link"
        style={{ cursor: 'pointer' }}
        onClick={() => props.onOpen(to)}
      >
        <td className="fw-semibold">{NOMBRES_MESES[m.month - 1]}</td>
        <td>
          {porPeriodo ? (
            <Badge bg="info" text="dark">
              {m.por_periodo.length} por periodo
            </Badge>
          ) : (
            <Badge {...BADGE[m.status]}>{m.view_status}</Badge>
          )}
          {!porPeriodo && m.canceladas > 0 && m.status !== 'cancelled' && (
            <small className="text-body-secondary ms-2">
              ({m.canceladas} cancelada{m.canceladas > 1 ? 's' : ''})
            </small>
          )}
        </td>
        <td className="d-none d-md-table-cell">
          {!porPeriodo && m.serie ? `${m.serie}${m.folio !== null ? ` ${m.folio}` : ''}` : '—'}
        </td>
        <td className="text-end d-none d-sm-table-cell">{m.ventas.toLocaleString('en-US')}</td>
        <td className="text-end d-none d-lg-table-cell">{formatCurrency(m.subtotal)}</td>
        <td className="text-end d-none d-lg-table-cell">{formatCurrency(m.impuestos)}</td>
        <td className="text-end fw-semibold">{formatCurrency(m.total)}</td>
        <td className="text-end d-none d-md-table-cell">
          {!porPeriodo && (
            <Link
              to={to}
              className={`btn btn-sm ${m.status === 'unissued' ? 'btn-primary' : 'btn-outline-primary'}`}
              onClick={(e) => e.stopPropagation()}
            >
              {accionDe(m)}
            </Link>
          )}
          {(porPeriodo || m.status === 'cancelled') && (
            <Link
              to={nuevaDe(m)}
              className="btn btn-sm btn-primary ms-2"
              onClick={(e) => e.stopPropagation()}
            >
              Emitir otra
            </Link>
          )}
        </td>
      </tr>
      {m.por_periodo.map((p) => (
        <tr
          key={p.id}
          data-testid={`global-periodo-${p.id}`}
          role="link"
          style={{ cursor: 'pointer' }}
          onClick={abrir(rutaDeMesGlobal({ ...p, month: m.month, year: m.year }))}
        >
          <td className="ps-4 small">{p.periodo}</td>
          <td>
            <Badge {...BADGE[p.status]}>{p.view_status}</Badge>
          </td>
          <td className="d-none d-md-table-cell">
            {p.serie ? `${p.serie}${p.folio !== null ? ` ${p.folio}` : ''}` : '—'}
          </td>
          <td className="text-end d-none d-sm-table-cell">{p.ventas.toLocaleString('en-US')}</td>
          <td className="d-none d-lg-table-cell" />
          <td className="d-none d-lg-table-cell" />
          <td className="text-end small">{formatCurrency(p.total)}</td>
          <td className="d-none d-md-table-cell" />
        </tr>
      ))}
    </>
  );
}

/** /facturacion/facturas-globales: the twelve months of a year with their global invoice. */
export function GlobalesYearList() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const years = useGlobalYears();
  // This year in Tiempo del Centro, as the CFDIs are dated (not the browser's New Year's Eve).
  const current = years.data?.[0] ?? Number(hoyDelEmisor(null).slice(0, 4));
  const requested = Number(params.get('year'));
  const year = Number.isInteger(requested) && requested >= 2019 ? requested : current;
  const list = useGlobalYear(year);
  const months = list.data?.months ?? [];
  const options = [...new Set([...(years.data ?? []), year])].sort((a, b) => b - a);

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-4">
        <div>
          <h1 className="h3 fw-bold mb-1">Facturas globales</h1>
          <p className="text-body-secondary mb-0">
            La factura global de sus ventas al público en general: por día, semana, quincena, mes o
            bimestre.
          </p>
        </div>
        <Form.Group controlId="global-year" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 fw-semibold">Año</Form.Label>
          <Form.Select
            value={year}
            style={{ width: '8rem' }}
            onChange={(e) => setParams({ year: e.target.value })}
          >
            {options.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      {list.isError && (
        <Alert variant="danger" className="d-flex justify-content-between align-items-center">
          No fue posible cargar sus facturas globales.
          <Button variant="outline-danger" size="sm" onClick={() => void list.refetch()}>
            Reintentar
          </Button>
        </Alert>
      )}
      {list.isPending && (
        <div className="text-center py-5">
          <Spinner />
        </div>
      )}
      {list.data && (
        <Card className="shadow-sm">
          <Table responsive hover className="mb-0 align-middle" data-testid="globales-year">
            <thead>
              <tr>
                <th>Mes</th>
                <th>Estatus</th>
                <th className="d-none d-md-table-cell">Serie y folio</th>
                <th className="text-end d-none d-sm-table-cell">Ventas</th>
                <th className="text-end d-none d-lg-table-cell">Subtotal</th>
                <th className="text-end d-none d-lg-table-cell">Impuestos</th>
                <th className="text-end">Total</th>
                <th className="d-none d-md-table-cell" />
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <MesFilas key={m.month} m={m} onOpen={(to) => void navigate(to)} />
              ))}
            </tbody>
          </Table>
        </Card>
      )}
    </>
  );
}

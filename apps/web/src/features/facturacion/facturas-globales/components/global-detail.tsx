import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Pagination from 'react-bootstrap/Pagination';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '#src/shared/http/api-error.ts';
import { NoExiste } from '#src/shared/ui/no-existe.tsx';
import type { FacturaGlobalResponse, PartidaGlobal } from '@repo/contracts/facturas-globales';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { ComprobantePaneles } from '#src/shared/comprobantes/comprobante-paneles.tsx';
import { Dato, DetalleEncabezado, FolioFiscalDato } from '#src/shared/comprobantes/detalle.tsx';
import { claveConDescripcion, useCatalogo } from '#src/shared/comprobantes/api/get-catalogo.ts';
import { formatFechaCfdi } from '#src/shared/comprobantes/format-cfdi.ts';
import {
  type DocumentoNombrado,
  IntentoTimbradoAviso,
} from '#src/shared/comprobantes/intento-timbrado-aviso.tsx';
import { useFacturaGlobal, useGlobalYear } from '../api/facturas-globales.ts';
import { GLOBAL_NO_EXISTE } from '../global-no-existe.ts';
import { SustitucionAviso } from '#src/shared/comprobantes/sustitucion-aviso.tsx';
import { usePuede } from '#src/shared/session/permisos.ts';
import { CancelarGlobalModal } from './cancelar-global-modal.tsx';
import { VentaNominativaModal } from './venta-nominativa-modal.tsx';

/** c_Periodicidad as the detail shows it. */
const PERIODICIDAD_NOMBRE: Record<string, string> = {
  '01': '01 - Diario',
  '02': '02 - Semanal',
  '03': '03 - Quincenal',
  '04': '04 - Mensual',
  '05': '05 - Bimestral',
};

const POR_PAGINA = 50;
const BADGE: Record<FacturaGlobalResponse['status'], string> = {
  unissued: 'light',
  saved: 'warning',
  timbrada: 'success',
  cancelled: 'secondary',
  pendiente_pac: 'warning',
};

const GLOBAL: DocumentoNombrado = { nombre: 'La factura global', femenino: true };

/**
 * A cancelled global leaves its period free (the cancel dialog says so): "Emitir otra" opens the
 * new global of the same month, unless another global of the month is already saved or stamped.
 */
function EmitirOtraGlobal(props: { g: FacturaGlobalResponse }) {
  const { g } = props;
  const year = useGlobalYear(g.year);
  const mes = year.data?.months.find((m) => m.month === g.month);
  if (!mes || (mes.status !== 'cancelled' && mes.status !== 'unissued')) return null;
  return (
    <Link
      to={`/facturacion/facturas-globales/nuevo/${g.month}/${g.year}`}
      className="btn btn-primary"
    >
      Emitir otra factura global
    </Link>
  );
}

/** /facturacion/facturas-globales/detalle/:facturaGlobalId. */
export function GlobalDetail(props: { id: number }) {
  const q = useFacturaGlobal(props.id);
  const formas = useCatalogo('formas-pagos');
  const [cancelar, setCancelar] = useState(false);
  const [pagina, setPagina] = useState(1);
  const [nominativa, setNominativa] = useState<PartidaGlobal | null>(null);
  const [params, setParams] = useSearchParams();
  const venta = params.get('venta');
  // Issue 27: only a role that issues is offered to substitute.
  const puedeEmitir = usePuede('emitir');
  const back = (
    <Link to={`/facturacion/facturas-globales?year=${q.data?.year ?? ''}`} className="small">
      ← Facturas globales
    </Link>
  );
  const valido = Number.isInteger(props.id) && props.id > 0;
  if (!valido || (q.error instanceof ApiError && q.error.status === 404))
    return (
      <NoExiste
        mensaje={GLOBAL_NO_EXISTE}
        to="/facturacion/facturas-globales"
        volver="Ir a facturas globales"
      />
    );
  if (q.isError)
    return (
      <>
        {back}
        <Alert variant="danger" className="mt-3 d-flex justify-content-between align-items-center">
          No fue posible cargar la factura global.
          <Button variant="outline-danger" size="sm" onClick={() => void q.refetch()}>
            Reintentar
          </Button>
        </Alert>
      </>
    );
  if (!q.data)
    return (
      <div className="text-center py-5">
        <Spinner />
      </div>
    );
  const g = q.data;
  // ?venta=<folio>, from a receipt's row: the SAT's procedure for that sale opens at once.
  const desdeRecibo =
    venta !== null && g.status === 'timbrada'
      ? (g.partidas.find((p) => p.folioVenta === venta) ?? null)
      : null;
  const sellada = g.status === 'timbrada' || g.status === 'cancelled';
  const paginas = Math.max(1, Math.ceil(g.partidas.length / POR_PAGINA));
  const actual = Math.min(pagina, paginas);
  const visibles = g.partidas.slice((actual - 1) * POR_PAGINA, actual * POR_PAGINA);
  return (
    <>
      <DetalleEncabezado
        back={back}
        titulo={
          <>
            Factura global {g.serie.serie}
            {g.serie.folio !== null ? `-${g.serie.folio}` : ''} · {g.periodo}
          </>
        }
        estado={{ bg: BADGE[g.status], label: g.view_status, testId: 'global-status' }}
        comprobanteId={g.id}
        sellada={sellada}
        cancelar={
          g.status === 'timbrada' && g.estatus_cancelacion !== 'En proceso'
            ? { label: 'Cancelar factura global', onClick: () => setCancelar(true) }
            : null
        }
      >
        {g.status === 'cancelled' && <EmitirOtraGlobal g={g} />}
        {g.editable && (
          <Link to={`/facturacion/facturas-globales/editar/${g.id}`} className="btn btn-primary">
            Editar y timbrar
          </Link>
        )}
        {puedeEmitir && g.status === 'timbrada' && g.estatus_cancelacion !== 'En proceso' && (
          <Link
            to={`/facturacion/facturas-globales/sustituir/${g.id}`}
            className="btn btn-outline-primary"
          >
            Sustituir
          </Link>
        )}
      </DetalleEncabezado>
      {sellada && (
        <SustitucionAviso
          comprobanteId={g.id}
          documento="la factura global"
          rutaDe={(id) => `/facturacion/facturas-globales/detalle/${String(id)}`}
        />
      )}
      <IntentoTimbradoAviso
        factura={{ status: g.status, serie: g.serie.serie, folio: g.serie.folio }}
        documento={GLOBAL}
      />
      {g.status === 'saved' && !g.editable && (
        <Alert variant="secondary">
          Esta factura global se guardó sin timbrar y es de hace más de 2 años: ya no se puede
          modificar ni timbrar.
        </Alert>
      )}
      <Card className="shadow-sm mb-4">
        <Card.Body>
          <Row>
            <Col sm={6} lg={3}>
              <Dato label="Total" testId="global-detalle-total">
                {formatCurrency(g.totales.total)}
              </Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Ventas">{g.totales.ventas.toLocaleString('en-US')}</Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Subtotal">{formatCurrency(g.totales.subtotal)}</Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Impuestos trasladados">{formatCurrency(g.totales.impuestos)}</Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Periodicidad">
                {PERIODICIDAD_NOMBRE[g.periodicidad]} · Meses {g.meses} · {g.year}
              </Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Forma de pago">{claveConDescripcion(formas.data, g.formaPago)}</Dato>
            </Col>
            <Col sm={6} lg={3}>
              <Dato label="Receptor">XAXX010101000 · PUBLICO EN GENERAL</Dato>
            </Col>
            {g.fecha && (
              <Col sm={6} lg={3}>
                <Dato label="Fecha de emisión" testId="global-fecha">
                  {formatFechaCfdi(g.fecha)}
                </Dato>
              </Col>
            )}
            <FolioFiscalDato uuid={g.uuid} testId="global-uuid" />
            {g.estatus_cancelacion && (
              <Col lg={6}>
                <Dato label="Estatus de cancelación ante el SAT">{g.estatus_cancelacion}</Dato>
              </Col>
            )}
          </Row>
        </Card.Body>
      </Card>
      <Card className="shadow-sm mb-4">
        <Card.Body>
          <h2 className="h6 fw-bold mb-3">Ventas ({g.partidas.length.toLocaleString('en-US')})</h2>
          <Table responsive size="sm" className="mb-2">
            <thead>
              <tr>
                <th>Folio de venta</th>
                <th className="text-end d-none d-md-table-cell">Subtotal</th>
                <th className="text-end d-none d-md-table-cell">Descuento</th>
                <th className="text-end">Impuestos</th>
                <th className="text-end">Total</th>
                {g.status === 'timbrada' && <th />}
              </tr>
            </thead>
            <tbody>
              {visibles.map((p) => (
                <tr key={p.folioVenta}>
                  <td className="text-nowrap">{p.folioVenta}</td>
                  <td className="text-end d-none d-md-table-cell">{formatCurrency(p.subtotal)}</td>
                  <td className="text-end d-none d-md-table-cell">{formatCurrency(p.descuento)}</td>
                  <td className="text-end text-nowrap">{formatCurrency(p.impuestos)}</td>
                  <td className="text-end text-nowrap fw-semibold">
                    {formatCurrency(p.totalVenta)}
                  </td>
                  {g.status === 'timbrada' && (
                    <td className="text-end">
                      <Button
                        size="sm"
                        variant="link"
                        className="p-0 text-nowrap"
                        data-testid={`venta-nominativa-${p.folioVenta}`}
                        onClick={() => setNominativa(p)}
                      >
                        Facturar esta venta a un cliente
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
          <VentaNominativaModal
            g={g}
            venta={nominativa ?? desdeRecibo}
            onHide={() => {
              setNominativa(null);
              if (venta !== null) setParams({}, { replace: true });
            }}
          />
          {paginas > 1 && (
            <Pagination size="sm" className="mb-0 justify-content-end">
              <Pagination.Prev disabled={actual === 1} onClick={() => setPagina(actual - 1)} />
              <Pagination.Item active>
                {actual} / {paginas}
              </Pagination.Item>
              <Pagination.Next
                disabled={actual === paginas}
                onClick={() => setPagina(actual + 1)}
              />
            </Pagination>
          )}
        </Card.Body>
      </Card>
      {sellada && (
        <ComprobantePaneles
          comprobanteId={g.id}
          comprobanteType="factura_global"
          clientId={null}
          className="g-4 mb-5"
        />
      )}
      {g.status === 'timbrada' && (
        <CancelarGlobalModal g={g} show={cancelar} onHide={() => setCancelar(false)} />
      )}
    </>
  );
}

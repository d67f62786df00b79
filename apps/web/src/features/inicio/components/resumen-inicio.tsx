import { Suspense, lazy } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Placeholder from 'react-bootstrap/Placeholder';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import type { DocumentoReciente } from '@repo/contracts/inicio';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { useResumenInicio } from '../api/get-resumen.ts';
import { nombreMes, variacion } from './meses.ts';

// The chart library loads only here, after the figures: never in the login page's bundle.
const GraficaMeses = lazy(() => import('./grafica-meses.tsx'));

const NUMBER = new Intl.NumberFormat('es-MX');

function Cifra(props: {
  titulo: string;
  valor: string;
  detalle: string;
  testId: string;
  to?: string;
}) {
  return (
    <Card className="shadow-sm h-100" data-testid={props.testId}>
      <Card.Body>
        <div className="small text-body-secondary">{props.titulo}</div>
        <div className="fs-4 fw-bold text-break">{props.valor}</div>
        <div className="small text-body-secondary">
          {props.to ? <Link to={props.to}>{props.detalle}</Link> : props.detalle}
        </div>
      </Card.Body>
    </Card>
  );
}

function estadoDe(d: DocumentoReciente): { texto: string; bg: string } {
  if (d.status === 'pre_factura') return { texto: 'Pre factura', bg: 'secondary' };
  if (d.status === 'cancelada') return { texto: 'Cancelada', bg: 'danger' };
  if (d.estatus_cancelacion === 'En proceso')
    return { texto: 'Cancelación en proceso', bg: 'warning' };
  return { texto: 'Timbrada', bg: 'success' };
}

/** The home screen's figures: the month against the previous one, twelve months, what is owed. */
export function ResumenInicio() {
  const resumen = useResumenInicio();
  if (resumen.isPending) {
    return (
      <Placeholder as="div" animation="glow" aria-label="Cargando resumen">
        <Placeholder xs={12} style={{ height: 96 }} />
      </Placeholder>
    );
  }
  if (resumen.isError) {
    return <Alert variant="warning">No fue posible cargar el resumen de sus facturas.</Alert>;
  }
  const { meses, por_cobrar, cancelaciones_en_proceso, recientes, anticipos_sin_aplicar } =
    resumen.data;
  const actual = meses[11];
  const anterior = meses[10];
  const cambio = actual && anterior ? variacion(actual.total, anterior.total) : null;
  const facturas = (n: number) => (n === 1 ? '1 factura' : `${NUMBER.format(n)} facturas`);
  return (
    <div className="d-flex flex-column gap-4">
      <Row className="g-3">
        <Col md={4}>
          <Cifra
            testId="inicio-mes"
            titulo={`Facturado en ${actual ? nombreMes(actual.mes) : 'este mes'}`}
            valor={formatCurrency(actual?.total ?? '0')}
            detalle={`${facturas(actual?.facturas ?? 0)} · ${anterior ? nombreMes(anterior.mes) : 'mes anterior'}: ${formatCurrency(anterior?.total ?? '0')}${cambio ? ` (${cambio})` : ''}`}
          />
        </Col>
        <Col md={4}>
          <Cifra
            testId="inicio-por-cobrar"
            titulo="Por cobrar (PPD)"
            valor={formatCurrency(por_cobrar.total)}
            detalle={`${facturas(por_cobrar.facturas)} PPD con saldo pendiente`}
            to="/facturacion/pagos-pendientes"
          />
        </Col>
        <Col md={4}>
          <Cifra
            testId="inicio-cancelaciones"
            titulo="Cancelaciones en proceso"
            valor={NUMBER.format(cancelaciones_en_proceso)}
            detalle={
              cancelaciones_en_proceso === 0
                ? 'Ninguna espera respuesta'
                : 'Esperan la respuesta del receptor o del SAT'
            }
          />
        </Col>
      </Row>
      {anticipos_sin_aplicar.anticipos > 0 && (
        // Issue 25: an advance received and never applied stays in sight until its credit note.
        <Alert variant="warning" className="mb-0" data-testid="inicio-anticipos">
          {anticipos_sin_aplicar.anticipos === 1
            ? 'Tiene 1 anticipo sin aplicar'
            : `Tiene ${NUMBER.format(anticipos_sin_aplicar.anticipos)} anticipos sin aplicar`}{' '}
          por {formatCurrency(anticipos_sin_aplicar.total)}.{' '}
          <Link to="/facturacion/anticipos">Ver anticipos</Link>
        </Alert>
      )}
      <Card className="shadow-sm">
        <Card.Body>
          <Card.Title as="h2" className="h6 fw-bold">
            Facturado en los últimos doce meses (MXN)
          </Card.Title>
          {meses.some((m) => Number(m.total) !== 0) ? (
            <Suspense fallback={<div style={{ height: 240 }} aria-label="Cargando gráfica" />}>
              <GraficaMeses meses={meses} />
            </Suspense>
          ) : (
            // Nothing invoiced yet: no axis of made-up amounts, just what will be here.
            <div
              className="d-flex flex-column align-items-center justify-content-center text-center text-body-secondary border rounded bg-body-tertiary px-3"
              style={{ minHeight: 160 }}
              data-testid="grafica-vacia"
            >
              <p className="mb-1 fw-semibold">Aún no ha facturado en los últimos doce meses.</p>
              <p className="mb-0 small">
                Cuando timbre su primera factura verá aquí lo facturado cada mes.
              </p>
            </div>
          )}
        </Card.Body>
      </Card>
      <Card className="shadow-sm">
        <Card.Body>
          <Card.Title as="h2" className="h6 fw-bold">
            Últimos documentos
          </Card.Title>
          {recientes.length === 0 ? (
            <p className="text-body-secondary mb-0">Aún no tiene facturas.</p>
          ) : (
            <ListGroup variant="flush" data-testid="inicio-recientes">
              {recientes.map((d) => {
                const estado = estadoDe(d);
                return (
                  <ListGroup.Item key={d.id} className="px-0 d-flex justify-content-between gap-2">
                    <div style={{ minWidth: 0 }}>
                      <Link
                        to={`/facturacion/facturas/detalle/${String(d.id)}`}
                        className="fw-semibold"
                      >
                        {d.folio === null ? 'Pre factura' : `${d.serie}-${String(d.folio)}`}
                      </Link>
                      <div className="small text-body-secondary text-truncate">{d.client_name}</div>
                    </div>
                    <div className="text-end">
                      <div className="fw-semibold text-nowrap">
                        {formatCurrency(d.total)}
                        {d.moneda === 'MXN' ? '' : ` ${d.moneda}`}
                      </div>
                      <Badge bg={estado.bg} text={estado.bg === 'warning' ? 'dark' : 'white'}>
                        {estado.texto}
                      </Badge>
                    </div>
                  </ListGroup.Item>
                );
              })}
            </ListGroup>
          )}
        </Card.Body>
      </Card>
    </div>
  );
}

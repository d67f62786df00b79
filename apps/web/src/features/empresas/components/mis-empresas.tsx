import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import Placeholder from 'react-bootstrap/Placeholder';
import Table from 'react-bootstrap/Table';
import type { EmpresaResumen } from '@repo/contracts/empresas';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { useResumenEmpresas } from '../api/empresas-api.ts';
import { Cifra, EmpresaNombre, EntrarEmpresa, Sello } from './empresa-cifras.tsx';
import { MESES } from '#src/shared/format/meses.ts';

const COMPLEMENTOS = 'Complementos por emitir';
const CANCELACIONES = 'Cancelaciones en proceso';

function Cifras(props: { e: EmpresaResumen; mes: string }) {
  const { e } = props;
  return {
    facturas: (
      <Cifra
        empresa={e}
        valor={e.facturas_mes}
        to="/facturacion/facturas"
        label={`Facturas de ${props.mes}`}
      />
    ),
    complementos: (
      <Cifra
        empresa={e}
        valor={e.complementos_por_emitir}
        to="/facturacion/pagos-pendientes"
        label={COMPLEMENTOS}
        alerta
      />
    ),
    cancelaciones: (
      <Cifra
        empresa={e}
        valor={e.cancelaciones_en_proceso}
        to="/facturacion/facturas"
        label={CANCELACIONES}
        alerta
      />
    ),
  };
}

function Tabla(props: { empresas: EmpresaResumen[]; activa: number | null; mes: string }) {
  return (
    <Card className="shadow-sm d-none d-md-block">
      <Table responsive hover className="mb-0 align-middle" data-testid="mis-empresas-tabla">
        <thead>
          <tr>
            <th>Empresa</th>
            <th className="text-end">Créditos</th>
            <th className="text-end">Facturas de {props.mes}</th>
            <th
              className="text-end"
              title="El SAT los espera a más tardar el día 5 del mes siguiente al pago"
            >
              {COMPLEMENTOS}
            </th>
            <th className="text-end">{CANCELACIONES}</th>
            <th>Sellos</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {props.empresas.map((e) => {
            const c = Cifras({ e, mes: props.mes });
            return (
              <tr key={e.id} data-testid={`empresa-${String(e.id)}`}>
                <td>
                  <EmpresaNombre empresa={e} activa={e.id === props.activa} />
                </td>
                {e.configurada ? (
                  <>
                    <td className="text-end">{e.creditos}</td>
                    <td className="text-end">{c.facturas}</td>
                    <td className="text-end">{c.complementos}</td>
                    <td className="text-end">{c.cancelaciones}</td>
                    <td>
                      <Sello empresa={e} />
                    </td>
                  </>
                ) : (
                  <td colSpan={5} className="text-body-secondary">
                    Configuración inicial pendiente
                  </td>
                )}
                <td className="text-end">
                  <EntrarEmpresa empresa={e} activa={e.id === props.activa} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Card>
  );
}

function Tarjetas(props: { empresas: EmpresaResumen[]; activa: number | null; mes: string }) {
  return (
    <ListGroup className="d-md-none shadow-sm" aria-label="Mis empresas">
      {props.empresas.map((e) => {
        const c = Cifras({ e, mes: props.mes });
        return (
          <ListGroup.Item key={e.id} data-testid={`empresa-card-${String(e.id)}`}>
            <div className="d-flex justify-content-between gap-2 mb-2">
              <div className="min-w-0">
                <EmpresaNombre empresa={e} activa={e.id === props.activa} />
              </div>
              <div>
                <EntrarEmpresa empresa={e} activa={e.id === props.activa} />
              </div>
            </div>
            {e.configurada ? (
              <dl className="row small mb-0 gy-1">
                <dt className="col-8 fw-normal text-body-secondary">Créditos</dt>
                <dd className="col-4 text-end mb-0">{e.creditos}</dd>
                <dt className="col-8 fw-normal text-body-secondary">Facturas de {props.mes}</dt>
                <dd className="col-4 text-end mb-0">{c.facturas}</dd>
                <dt className="col-8 fw-normal text-body-secondary">{COMPLEMENTOS}</dt>
                <dd className="col-4 text-end mb-0">{c.complementos}</dd>
                <dt className="col-8 fw-normal text-body-secondary">{CANCELACIONES}</dt>
                <dd className="col-4 text-end mb-0">{c.cancelaciones}</dd>
                <dt className="col-4 fw-normal text-body-secondary">Sellos</dt>
                <dd className="col-8 text-end mb-0">
                  <Sello empresa={e} />
                </dd>
              </dl>
            ) : (
              <p className="small text-body-secondary mb-0">Configuración inicial pendiente</p>
            )}
          </ListGroup.Item>
        );
      })}
    </ListGroup>
  );
}

/**
 * The accountant's overview (issue 27): each of the user's enterprises with what needs attention;
 * each figure opens its screen in that enterprise, switching to it.
 */
export function MisEmpresas() {
  const { enterprise } = useSession();
  const resumen = useResumenEmpresas();
  if (resumen.isPending) {
    return (
      <Placeholder as="div" animation="glow" aria-label="Cargando">
        <Placeholder xs={12} style={{ height: '8rem' }} />
      </Placeholder>
    );
  }
  if (resumen.isError) {
    return (
      <Alert variant="warning">
        {errorMessageOf(resumen.error, 'No fue posible leer el resumen de sus empresas.')}
      </Alert>
    );
  }
  const mes = MESES[Number(resumen.data.mes.slice(5, 7)) - 1] ?? '';
  const props = { empresas: resumen.data.empresas, activa: enterprise?.id ?? null, mes };
  return (
    <>
      <Tabla {...props} />
      <Tarjetas {...props} />
      <p className="small text-body-secondary mt-3">
        Complementos por emitir: facturas PPD con un pago recibido antes de este mes cuyo
        complemento no está timbrado; el SAT los espera a más tardar el día 5 del mes siguiente al
        pago. Sellos en rojo: vencidos o por vencer en los próximos 30 días.
      </p>
    </>
  );
}

import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import {
  ACCION_ETIQUETA,
  ACCIONES_AUDITORIA,
  type RegistroAuditoria,
} from '@repo/contracts/auditoria';
import { formatInstante } from '#src/shared/format/instante.ts';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { DownloadButton } from '#src/shared/ui/list/download-button.tsx';
import { ListFooter } from '#src/shared/ui/list/list-footer.tsx';
import { ListLoading } from '#src/shared/ui/list/list-loading.tsx';
import { useListQuery } from '#src/shared/ui/list/use-list-query.ts';
import { type BitacoraFiltros, exportarBitacora, useBitacora } from '../api/bitacora-api.ts';

const DEFAULTS = {
  columns: ['fecha'] as const,
  orderBy: 'fecha' as const,
  orderDirection: 'desc' as const,
};
const SIN_FILTROS: BitacoraFiltros = { desde: '', hasta: '', user_id: '', accion: '' };

/** The kinds of `objeto` ('serie:12') as the screen names them. */
const OBJETO: Record<string, string> = {
  serie: 'Serie',
  usuario: 'Usuario',
  invitacion: 'Invitación',
  webhook: 'Webhook',
  compra: 'Compra',
  enlace: 'Enlace',
  api_key: 'Llave de API',
};

/** What the record touched: the document's serie-folio, or the object's kind and id. */
function objetoDe(r: RegistroAuditoria): string {
  if (r.comprobante_id !== null)
    return r.comprobante ? `Comprobante ${r.comprobante}` : 'Comprobante';
  const [tipo = '', id = ''] = r.objeto.split(':');
  const nombre = OBJETO[tipo];
  return nombre ? `${nombre} ${id}`.trim() : r.objeto;
}

function Filtros(props: {
  filtros: BitacoraFiltros;
  usuarios: { user_id: number; nombre: string }[];
  onChange: (patch: Partial<BitacoraFiltros>) => void;
}) {
  const { filtros: f, onChange } = props;
  return (
    <Row className="g-3" as="form" aria-label="Filtros" onSubmit={(e) => e.preventDefault()}>
      <Col sm={6} lg={3}>
        <Form.Label htmlFor="bitacora-desde">Desde</Form.Label>
        <Form.Control
          id="bitacora-desde"
          type="date"
          value={f.desde}
          onChange={(e) => onChange({ desde: e.target.value })}
        />
      </Col>
      <Col sm={6} lg={3}>
        <Form.Label htmlFor="bitacora-hasta">Hasta</Form.Label>
        <Form.Control
          id="bitacora-hasta"
          type="date"
          value={f.hasta}
          onChange={(e) => onChange({ hasta: e.target.value })}
        />
      </Col>
      <Col sm={6} lg={3}>
        <Form.Label htmlFor="bitacora-usuario">Usuario</Form.Label>
        <Form.Select
          id="bitacora-usuario"
          value={f.user_id}
          onChange={(e) => onChange({ user_id: e.target.value })}
        >
          <option value="">Todos</option>
          {props.usuarios.map((u) => (
            <option key={u.user_id} value={String(u.user_id)}>
              {u.nombre}
            </option>
          ))}
          <option value="producto">El producto (sin usuario)</option>
        </Form.Select>
      </Col>
      <Col sm={6} lg={3}>
        <Form.Label htmlFor="bitacora-accion">Acción</Form.Label>
        <Form.Select
          id="bitacora-accion"
          value={f.accion}
          onChange={(e) => onChange({ accion: e.target.value as BitacoraFiltros['accion'] })}
        >
          <option value="">Todas</option>
          {ACCIONES_AUDITORIA.map((a) => (
            <option key={a} value={a}>
              {ACCION_ETIQUETA[a]}
            </option>
          ))}
        </Form.Select>
      </Col>
    </Row>
  );
}

function Registros(props: { rows: RegistroAuditoria[] }) {
  return (
    <>
      <ul className="list-unstyled d-md-none mb-0" data-testid="bitacora-phone">
        {props.rows.map((r) => (
          <li key={r.id} className="border-bottom py-2">
            <div className="fw-semibold">{r.accion_etiqueta}</div>
            <div className="small">
              {r.usuario} <span className="text-body-secondary">· {formatInstante(r.fecha)}</span>
            </div>
            {(objetoDe(r) || r.resumen) && (
              <div className="small text-body-secondary text-break">
                {[objetoDe(r), r.resumen].filter(Boolean).join(' · ')}
              </div>
            )}
            {r.ip && <div className="small text-body-secondary">IP {r.ip}</div>}
          </li>
        ))}
      </ul>
      <Table
        responsive
        hover
        className="align-middle mb-0 d-none d-md-table"
        data-testid="bitacora"
      >
        <thead>
          <tr>
            <th scope="col">Fecha</th>
            <th scope="col">Usuario</th>
            <th scope="col">Acción</th>
            <th scope="col">Sobre</th>
            <th scope="col">Detalle</th>
            <th scope="col">Desde</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.id}>
              <td className="text-nowrap">{formatInstante(r.fecha)}</td>
              <td>{r.usuario}</td>
              <td>{r.accion_etiqueta}</td>
              <td className="text-nowrap">{objetoDe(r) || '—'}</td>
              <td className="small text-break">{r.resumen || '—'}</td>
              <td className="small text-body-secondary" title={r.user_agent}>
                {r.ip || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/**
 * /configuraciones/bitacora (issue 27): who did what in the enterprise, newest first, with filters,
 * pages and a CSV export. Owners and administrators only (capability 'bitacora'); nothing here
 * changes a record.
 */
export function Bitacora(props: { enterpriseId: number }) {
  const list = useListQuery(DEFAULTS);
  const [filtros, setFiltros] = useState<BitacoraFiltros>(SIN_FILTROS);
  const cambiar = (patch: Partial<BitacoraFiltros>) => {
    setFiltros((f) => ({ ...f, ...patch }));
    if (list.query.page !== 1) list.setPage(1);
  };
  const page = useBitacora(props.enterpriseId, list.query, filtros);
  return (
    <>
      <Card className="shadow-sm mb-3">
        <Card.Body>
          <Filtros filtros={filtros} usuarios={page.data?.usuarios ?? []} onChange={cambiar} />
          <div className="d-flex justify-content-end mt-3">
            <DownloadButton
              variant="outline-primary"
              download={() => exportarBitacora(props.enterpriseId, filtros)}
            >
              Exportar a CSV
            </DownloadButton>
          </div>
        </Card.Body>
      </Card>
      <Card className="shadow-sm">
        <Card.Body>
          {page.isPending ? (
            <ListLoading />
          ) : page.isError ? (
            <p className="text-danger mb-0">
              {errorMessageOf(page.error, 'No fue posible cargar la bitácora. Recargue la página.')}
            </p>
          ) : page.data.data.length === 0 ? (
            <p className="mb-0">No hay movimientos con estos filtros.</p>
          ) : (
            <>
              <Registros rows={page.data.data} />
              <ListFooter
                page={page.data.current_page}
                perPage={list.query.perPage}
                total={page.data.total}
                lastPage={page.data.last_page}
                rowsOnPage={page.data.data.length}
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

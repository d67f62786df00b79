import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ESTADO_RECIBO_TEXTO, EstadoRecibo, type ReciboResponse } from '@repo/contracts/recibos';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { formatInstante } from '#src/shared/format/instante.ts';
import { Pagination } from '#src/shared/ui/list/pagination.tsx';
import { codigoLegible, type RecibosApi } from '../api/recibos-api.ts';
import { usePuede } from '#src/shared/session/permisos.ts';
import { ReciboDetalle } from './recibo-detalle.tsx';
import { ReciboForm } from './recibo-form.tsx';
import { RecibosImport } from './recibos-import.tsx';

const COLOR: Record<EstadoRecibo, string> = {
  abierto: 'primary',
  facturado: 'success',
  cancelado: 'secondary',
};

export function EstadoReciboBadge(props: { estado: EstadoRecibo }) {
  return <Badge bg={COLOR[props.estado]}>{ESTADO_RECIBO_TEXTO[props.estado]}</Badge>;
}

/**
 * A receipt in a stamped global: its customer can no longer invoice it on the portal; the SAT's
 * procedure (motive 04) is on the global's sale, which the link opens.
 */
function EnGlobal(props: {
  recibo: ReciboResponse;
  global: NonNullable<ReciboResponse['global']>;
}) {
  const { recibo, global } = props;
  return (
    <span className="small">
      <span className="text-body-secondary text-nowrap">En la global {global.serie_folio}</span>
      <br />
      <Link
        to={`/facturacion/facturas-globales/detalle/${global.id}?venta=${recibo.folio}`}
        data-testid={`recibo-venta-nominativa-${recibo.folio}`}
      >
        Facturar a su cliente
      </Link>
    </span>
  );
}

/** The receipts a point of sale recorded, newest first, with their state and invoice. */
export function RecibosLista(props: { api: RecibosApi; enterpriseId: number }) {
  const { api } = props;
  const puedeEmitir = usePuede('emitir');
  const [nuevo, setNuevo] = useState(false);
  const [importar, setImportar] = useState(false);
  const [page, setPage] = useState(1);
  const [estado, setEstado] = useState<EstadoRecibo | null>(null);
  const [abierto, setAbierto] = useState<number | null>(null);
  const lista = useQuery({
    queryKey: [...api.key, 'lista', page, estado],
    queryFn: () => api.listar(page, estado),
  });

  return (
    <section aria-labelledby="recibos-titulo">
      <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-2">
        <h2 id="recibos-titulo" className="h5 fw-bold mb-0 me-auto">
          Recibos
        </h2>
        {puedeEmitir && (
          <>
            <Button size="sm" onClick={() => setNuevo(true)}>
              Nuevo recibo
            </Button>
            <Button size="sm" variant="outline-primary" onClick={() => setImportar(true)}>
              Importar recibos
            </Button>
          </>
        )}
        <Form.Select
          size="sm"
          style={{ width: 'auto' }}
          aria-label="Estado"
          value={estado ?? ''}
          onChange={(e) => {
            setPage(1);
            setEstado(e.currentTarget.value ? (e.currentTarget.value as EstadoRecibo) : null);
          }}
        >
          <option value="">Todos los estados</option>
          {EstadoRecibo.options.map((e) => (
            <option key={e} value={e}>
              {ESTADO_RECIBO_TEXTO[e]}
            </option>
          ))}
        </Form.Select>
      </div>
      {lista.isPending ? (
        <Spinner size="sm" />
      ) : lista.isError ? (
        <Alert variant="danger">No fue posible cargar los recibos.</Alert>
      ) : lista.data.total === 0 ? (
        <p className="text-body-secondary">
          Aún no hay recibos. Regístrelos aquí con «Nuevo recibo», impórtelos de una hoja de
          cálculo, o deje que su punto de venta o tienda en línea los registre con la API (POST
          /api/recibos/{'{empresa}'}); cada uno trae el código y el QR para que su cliente lo
          facture.
        </p>
      ) : (
        <>
          <div className="table-responsive">
            <Table size="sm" className="align-middle" data-testid="recibos-tabla">
              <thead>
                <tr>
                  <th>Folio</th>
                  <th>Fecha</th>
                  <th className="text-end">Total</th>
                  <th>Estado</th>
                  <th className="d-none d-md-table-cell">Código</th>
                  <th>Factura</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {lista.data.data.map((r) => (
                  <tr key={r.id}>
                    <td>{r.folio}</td>
                    <td className="small">{formatInstante(r.fecha)}</td>
                    <td className="text-end text-nowrap">{formatCurrency(r.total)}</td>
                    <td>
                      <EstadoReciboBadge estado={r.estado} />
                    </td>
                    <td className="d-none d-md-table-cell font-monospace small">
                      {codigoLegible(r.codigo)}
                    </td>
                    <td>
                      {r.factura ? (
                        <Link to={`/facturacion/facturas/detalle/${r.factura.id}`}>
                          {r.factura.serie_folio}
                        </Link>
                      ) : r.global ? (
                        <EnGlobal recibo={r} global={r.global} />
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="text-end">
                      <Button size="sm" variant="outline-primary" onClick={() => setAbierto(r.id)}>
                        Ver
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <Pagination
            page={page}
            lastPage={lista.data.last_page}
            onPage={setPage}
            label="Páginas de recibos"
          />
        </>
      )}
      <ReciboDetalle api={api} id={abierto} onClose={() => setAbierto(null)} />
      {puedeEmitir && (
        <>
          <ReciboForm
            api={api}
            enterpriseId={props.enterpriseId}
            show={nuevo}
            onHide={() => setNuevo(false)}
            onCreated={(id) => {
              setPage(1);
              setAbierto(id);
            }}
          />
          <RecibosImport api={api} show={importar} onHide={() => setImportar(false)} />
        </>
      )}
    </section>
  );
}

import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import type { ComplementoPagoResponse } from '@repo/contracts/complementos-pago';
import { useSession } from '#src/shared/session/session-store.ts';
import { type PendientesFiltros, usePendientes } from '../api/complementos-pago.ts';
import {
  type Seleccion,
  alternarSeleccion,
  refrescarSeleccion,
} from '../model/seleccion-pendientes.ts';
import { PagoTimbrado, PagoVariasFacturas } from './pago-varias-facturas.tsx';
import { type ClienteFiltro, PendientesFiltrosCard } from './pendientes-filtros.tsx';
import { PendientesLista } from './pendientes-lista.tsx';

/**
 * The PPD receivables (spec sections 3 and 4, "Pending payments"): every stamped PPD invoice that
 * still owes something, fetched only while the should-fetch flag is set, filtered by client and
 * dates on the server, with "Registrar pago" on each row, and one payment for several invoices of
 * one client from the selected rows.
 */
export function PagosPendientes() {
  const { enterprise } = useSession();
  const [filtros, setFiltros] = useState<PendientesFiltros>({
    clientId: null,
    fromDate: '',
    toDate: '',
    page: 1,
  });
  const [cliente, setCliente] = useState<ClienteFiltro | null>(null);
  const [shouldFetch, setShouldFetch] = useState(true);
  const [seleccion, setSeleccion] = useState<Seleccion>([]);
  const [aviso, setAviso] = useState<string | null>(null);
  const [timbrado, setTimbrado] = useState<ComplementoPagoResponse | null>(null);
  const query = usePendientes(enterprise?.id ?? null, filtros, shouldFetch);
  const [vistas, setVistas] = useState(query.data);
  if (shouldFetch && query.isFetched && !query.isFetching) setShouldFetch(false);
  // Each new answer refreshes the selected rows' balances (and drops the ones paid in full).
  if (query.data !== vistas) {
    setVistas(query.data);
    if (query.data) setSeleccion((s) => refrescarSeleccion(s, query.data?.data ?? []));
  }
  const filas = query.data?.data ?? [];
  const aplicar = (cambio: Partial<PendientesFiltros>) => {
    setFiltros((f) => ({ ...f, ...cambio, page: 1 }));
    setShouldFetch(true);
  };
  const alternar = (fila: (typeof filas)[number]) => {
    const r = alternarSeleccion(seleccion, fila);
    setSeleccion(r.seleccion);
    setAviso(r.error);
  };

  return (
    <>
      <h1 className="h3 fw-bold mb-1">Pagos pendientes (facturas PPD)</h1>
      <p className="text-body-secondary mb-3">
        Facturas de pago en parcialidades o diferido que aún tienen saldo. Registre cada pago que
        reciba para emitir su complemento; para un pago que cubre varias facturas de un mismo
        cliente, selecciónelas y registre un solo pago.
      </p>
      <Alert variant="info" className="py-2 small" data-testid="plazo-complementos">
        El SAT espera el complemento de cada pago a más tardar el día 5 del mes siguiente al pago:
        regístrelo en cuanto lo reciba. Una factura con un pago sin complemento (en espera del PAC o
        rechazado) lo indica con su plazo.
      </Alert>
      <PendientesFiltrosCard
        filtros={filtros}
        cliente={cliente}
        cargando={query.isFetching}
        onCliente={(c) => {
          setCliente(c);
          aplicar({ clientId: c?.id ?? null });
        }}
        onFechas={aplicar}
        onActualizar={() => setShouldFetch(true)}
      />
      {query.isError && (
        <Alert variant="danger">No fue posible consultar los pagos pendientes.</Alert>
      )}
      {timbrado && <PagoTimbrado pago={timbrado} onClose={() => setTimbrado(null)} />}
      {aviso && (
        <Alert
          variant="warning"
          dismissible
          onClose={() => setAviso(null)}
          data-testid="pendientes-aviso"
        >
          {aviso}
        </Alert>
      )}
      <PagoVariasFacturas
        seleccion={seleccion}
        onQuitar={() => {
          setSeleccion([]);
          setAviso(null);
        }}
        onStamped={(r) => {
          setTimbrado(r);
          setSeleccion([]);
          setShouldFetch(true);
        }}
      />
      {query.data && filas.length === 0 && (
        <Alert variant="success">No hay facturas PPD con saldo pendiente.</Alert>
      )}
      {filas.length > 0 && (
        <PendientesLista
          filas={filas}
          seleccionadas={new Set(seleccion.map((s) => s.id))}
          onAlternar={alternar}
        />
      )}
    </>
  );
}

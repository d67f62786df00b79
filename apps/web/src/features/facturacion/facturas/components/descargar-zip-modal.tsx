import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import {
  MAX_DOCUMENTOS_ZIP,
  errorDePeriodo,
  type ExportacionZip,
} from '@repo/contracts/exportacion-zip';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import {
  crearExportacionZip,
  descargarExportacionZip,
  getExportacionZip,
} from '../api/exportacion-zip.ts';
import { periodoInicial, tamanoLegible, textoProgreso } from '../exportacion-zip-periodo.ts';
import type { FacturasFilters } from '../facturas-query.ts';

/** How often the dialog asks for the progress while the ZIP is prepared. */
const CONSULTA_MS = 1000;
const SIN_AVANCE =
  'No fue posible consultar el avance de la descarga. Cierre esta ventana y vuelva a abrirla para continuar.';

type Paso =
  | { tipo: 'periodo' }
  | { tipo: 'preparando'; exportacion: ExportacionZip }
  | { tipo: 'lista'; exportacion: ExportacionZip }
  | { tipo: 'error'; mensaje: string };

function fecha(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}

/** Follows an export until it is ready or failed, one question every CONSULTA_MS. */
function useSeguimiento(paso: Paso, setPaso: (p: Paso) => void) {
  const id = paso.tipo === 'preparando' ? paso.exportacion.id : null;
  useEffect(() => {
    if (id === null) return;
    let vivo = true;
    const timer = setTimeout(() => {
      getExportacionZip(id)
        .then((e) => {
          if (!vivo) return;
          if (e.estado === 'lista') setPaso({ tipo: 'lista', exportacion: e });
          else if (e.estado === 'error') setPaso({ tipo: 'error', mensaje: e.error ?? SIN_AVANCE });
          else setPaso({ tipo: 'preparando', exportacion: e });
        })
        .catch((error: unknown) => {
          if (vivo) setPaso({ tipo: 'error', mensaje: inlineErrorOf(error) ?? SIN_AVANCE });
        });
    }, CONSULTA_MS);
    return () => {
      vivo = false;
      clearTimeout(timer);
    };
  }, [paso, id, setPaso]);
}

/**
 * "Descargar XML y PDF (ZIP)": the period (the list's dates, or this month), then the progress of
 * the export while the server prepares it, then the download, which starts by itself.
 */
export function DescargarZipModal(props: {
  filters: FacturasFilters;
  show: boolean;
  onHide: () => void;
}) {
  const [periodo, setPeriodo] = useState(() => periodoInicial(props.filters, new Date()));
  const [paso, setPaso] = useState<Paso>({ tipo: 'periodo' });
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const descargada = useRef<number | null>(null);
  useSeguimiento(paso, setPaso);

  // Each opening on the period step starts from the list's current dates.
  const alAbrir = () => {
    if (paso.tipo === 'periodo') setPeriodo(periodoInicial(props.filters, new Date()));
  };

  const listaId = paso.tipo === 'lista' ? paso.exportacion.id : null;
  useEffect(() => {
    if (paso.tipo !== 'lista' || descargada.current === paso.exportacion.id) return;
    descargada.current = paso.exportacion.id;
    void descargarExportacionZip(paso.exportacion).catch(() => undefined); // already toasted
  }, [paso, listaId]);

  const preparar = async () => {
    const invalido = errorDePeriodo(periodo.from_date, periodo.to_date);
    setError(invalido);
    if (invalido) return;
    setEnviando(true);
    try {
      const exportacion = await crearExportacionZip(periodo);
      setPaso(
        exportacion.estado === 'lista'
          ? { tipo: 'lista', exportacion }
          : { tipo: 'preparando', exportacion },
      );
    } catch (failure) {
      setError(inlineErrorOf(failure));
    } finally {
      setEnviando(false);
    }
  };

  const cerrar = () => {
    if (paso.tipo !== 'preparando') setPaso({ tipo: 'periodo' });
    setError(null);
    props.onHide();
  };

  return (
    <Modal show={props.show} onShow={alAbrir} onHide={cerrar} centered>
      <Modal.Header closeButton>
        <Modal.Title>Descargar XML y PDF (ZIP)</Modal.Title>
      </Modal.Header>
      {paso.tipo === 'periodo' && (
        <PasoPeriodo
          periodo={periodo}
          onChange={setPeriodo}
          error={error}
          enviando={enviando}
          onSubmit={() => void preparar()}
          onCancel={cerrar}
        />
      )}
      {paso.tipo !== 'periodo' && (
        <Modal.Body>
          <Avance paso={paso} />
        </Modal.Body>
      )}
      {paso.tipo !== 'periodo' && (
        <PieAvance paso={paso} onPeriodo={() => setPaso({ tipo: 'periodo' })} onClose={cerrar} />
      )}
    </Modal>
  );
}

function Avance(props: { paso: Exclude<Paso, { tipo: 'periodo' }> }) {
  const { paso } = props;
  if (paso.tipo === 'error') {
    return (
      <Alert variant="danger" className="mb-0" role="alert">
        {paso.mensaje}
      </Alert>
    );
  }
  const e = paso.exportacion;
  const del = `del ${fecha(e.from_date)} al ${fecha(e.to_date)}`;
  if (paso.tipo === 'lista') {
    return (
      <Alert variant="success" className="mb-0" role="status">
        Su descarga {del} está lista: {e.file_name} ({e.total.toLocaleString('en-US')}{' '}
        {e.total === 1 ? 'documento' : 'documentos'}, {tamanoLegible(e.bytes ?? 0)}). Si no comenzó
        sola, use «Descargar de nuevo».
      </Alert>
    );
  }
  return (
    <div role="status">
      <p className="mb-2">Se está preparando la descarga {del}.</p>
      <ProgressBar
        now={e.hechos}
        max={Math.max(e.total, 1)}
        animated
        aria-label="Avance de la descarga"
      />
      <p className="mt-2 mb-1 fw-semibold">{textoProgreso(e)}</p>
      <p className="text-body-secondary small mb-0">
        Puede cerrar esta ventana: la descarga se sigue preparando y verá su avance al volver a
        abrirla.
      </p>
    </div>
  );
}

type Periodo = { from_date: string; to_date: string };

/** The period step: what the ZIP holds, Desde and Hasta, and the reason it was refused. */
function PasoPeriodo(props: {
  periodo: Periodo;
  onChange: (p: Periodo) => void;
  error: string | null;
  enviando: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { periodo, onChange } = props;
  return (
    <Form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <Modal.Body>
        <p className="text-body-secondary small">
          El ZIP incluye el XML timbrado y el PDF de cada factura de ingreso, complemento de pago y
          factura global timbrada o cancelada con fecha dentro del periodo, en una carpeta por tipo,
          y un Resumen.xlsx con la lista (las canceladas, marcadas). Las pre facturas no se incluyen
          porque aún no tienen XML, y los demás filtros de la lista no se aplican. Hasta{' '}
          {MAX_DOCUMENTOS_ZIP.toLocaleString('en-US')} documentos por descarga.
        </p>
        <div className="d-flex flex-wrap gap-3">
          <Form.Group controlId="zip-desde" className="flex-grow-1">
            <Form.Label className="fw-semibold">Desde</Form.Label>
            <Form.Control
              type="date"
              value={periodo.from_date}
              onChange={(e) => onChange({ ...periodo, from_date: e.target.value })}
            />
          </Form.Group>
          <Form.Group controlId="zip-hasta" className="flex-grow-1">
            <Form.Label className="fw-semibold">Hasta</Form.Label>
            <Form.Control
              type="date"
              value={periodo.to_date}
              onChange={(e) => onChange({ ...periodo, to_date: e.target.value })}
            />
          </Form.Group>
        </div>
        {props.error && (
          <Alert variant="danger" className="mt-3 mb-0" role="alert">
            {props.error}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onCancel}>
          Cancelar
        </Button>
        <Button type="submit" variant="primary" disabled={props.enviando}>
          {props.enviando && <Spinner size="sm" className="me-2" />}
          Preparar descarga
        </Button>
      </Modal.Footer>
    </Form>
  );
}

/** The buttons under the progress: download again, choose another period, close. */
function PieAvance(props: {
  paso: Exclude<Paso, { tipo: 'periodo' }>;
  onPeriodo: () => void;
  onClose: () => void;
}) {
  const { paso } = props;
  return (
    <Modal.Footer>
      {paso.tipo === 'lista' && (
        <Button
          variant="outline-primary"
          onClick={() => void descargarExportacionZip(paso.exportacion).catch(() => undefined)}
        >
          Descargar de nuevo
        </Button>
      )}
      {paso.tipo === 'error' && (
        <Button variant="outline-primary" onClick={props.onPeriodo}>
          Elegir otro periodo
        </Button>
      )}
      <Button variant="primary" onClick={props.onClose}>
        {paso.tipo === 'preparando' ? 'Cerrar y seguir preparando' : 'Cerrar'}
      </Button>
    </Modal.Footer>
  );
}

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import {
  useDatosFiscales,
  useRubrosImpuestos,
} from '#src/shared/comprobantes/api/datos-maestros.ts';
import { useCatalogo } from '#src/shared/comprobantes/api/get-catalogo.ts';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { diasAntes, hoyDelEmisor } from '#src/shared/format/hoy-del-emisor.ts';
import { ApiError, errorMessageOf } from '#src/shared/http/api-error.ts';
import type { RecibosApi } from '../api/recibos-api.ts';
import {
  erroresDeRecibo,
  gruposParaRecibo,
  nuevaLinea,
  solicitudRecibo,
  type LineaRecibo,
} from '../model/recibo-form-values.ts';
import { ReciboLinea } from './recibo-linea.tsx';

const FALTA_PRODUCTO = 'Elija un producto o servicio de su catálogo.';
const FALTA_GRUPO = 'Elija el grupo de impuestos de la partida.';

/**
 * "Nuevo recibo": a sale typed at the counter (lines from the catalog, payment form, day). Recorded,
 * it gets its folio and self-invoicing code as one from the API, and its QR opens.
 */
export function ReciboForm(props: {
  api: RecibosApi;
  enterpriseId: number;
  show: boolean;
  onHide: () => void;
  onCreated: (id: number) => void;
}) {
  const queryClient = useQueryClient();
  const rubros = useRubrosImpuestos();
  const formas = useCatalogo('formas-pagos');
  const emisor = useDatosFiscales(props.enterpriseId);
  const hoy = hoyDelEmisor(emisor.data?.zona_horaria);
  const [fecha, setFecha] = useState('');
  const [formaPago, setFormaPago] = useState('01');
  const [lineas, setLineas] = useState<LineaRecibo[]>(() => [nuevaLinea()]);
  const [porLinea, setPorLinea] = useState<Map<number, string[]>>(new Map());
  const [general, setGeneral] = useState<string[]>([]);
  const [enviando, setEnviando] = useState(false);
  const grupos = gruposParaRecibo(rubros.data ?? []);

  const cerrar = () => {
    setLineas([nuevaLinea()]);
    setFecha('');
    setPorLinea(new Map());
    setGeneral([]);
    props.onHide();
  };

  const enviar = async (e: React.FormEvent) => {
    e.preventDefault();
    const locales = new Map<number, string[]>();
    lineas.forEach((l, i) => {
      const m = [...(l.producto ? [] : [FALTA_PRODUCTO]), ...(l.grupoId ? [] : [FALTA_GRUPO])];
      if (m.length) locales.set(i, m);
    });
    setPorLinea(locales);
    setGeneral([]);
    if (locales.size > 0) return;
    setEnviando(true);
    try {
      const body = solicitudRecibo({ fecha: fecha || hoy, formaPago, lineas }, rubros.data ?? []);
      const r = await props.api.crear(body);
      await queryClient.invalidateQueries({ queryKey: props.api.key });
      notify('success', `Recibo ${r.folio} registrado. Entregue a su cliente el código o el QR.`);
      cerrar();
      props.onCreated(r.id);
    } catch (error) {
      const campos = error instanceof ApiError ? error.fieldErrors : {};
      const { porLinea: delApi, generales } = erroresDeRecibo(campos);
      setPorLinea(delApi);
      const mensaje = errorMessageOf(error, 'No fue posible registrar el recibo.');
      setGeneral(generales.length > 0 || delApi.size > 0 ? generales : [mensaje]);
    } finally {
      setEnviando(false);
    }
  };

  const cargando = rubros.isPending || formas.isPending;
  return (
    <Modal show={props.show} onHide={cerrar} size="lg" fullscreen="sm-down">
      <Form onSubmit={(e) => void enviar(e)} noValidate>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            Nuevo recibo
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {cargando ? (
            <Spinner size="sm" />
          ) : (
            <>
              {general.map((m) => (
                <Alert key={m} variant="danger" className="py-2">
                  {m}
                </Alert>
              ))}
              <Row className="g-2 mb-3">
                <Col xs={12} sm={6}>
                  <Form.Group controlId="recibo-fecha">
                    <Form.Label className="small mb-0">Fecha de la venta</Form.Label>
                    <Form.Control
                      type="date"
                      value={fecha || hoy}
                      max={hoy}
                      min={diasAntes(hoy, 365)}
                      onChange={(e) => setFecha(e.target.value)}
                    />
                  </Form.Group>
                </Col>
                <Col xs={12} sm={6}>
                  <Form.Group controlId="recibo-forma-pago">
                    <Form.Label className="small mb-0">Forma de pago</Form.Label>
                    <Form.Select value={formaPago} onChange={(e) => setFormaPago(e.target.value)}>
                      {(formas.data ?? [])
                        .filter((f) => f.clave !== '99')
                        .map((f) => (
                          <option key={f.clave} value={f.clave}>
                            {f.clave} - {f.descripcion}
                          </option>
                        ))}
                    </Form.Select>
                  </Form.Group>
                </Col>
              </Row>
              {lineas.map((l, i) => (
                <ReciboLinea
                  key={l.key}
                  indice={i}
                  linea={l}
                  grupos={grupos}
                  errores={porLinea.get(i) ?? []}
                  puedeQuitar={lineas.length > 1}
                  onChange={(nueva) => setLineas(lineas.map((x) => (x.key === l.key ? nueva : x)))}
                  onQuitar={() => setLineas(lineas.filter((x) => x.key !== l.key))}
                />
              ))}
              <Button
                variant="outline-primary"
                size="sm"
                onClick={() => setLineas([...lineas, nuevaLinea()])}
              >
                Agregar partida
              </Button>
              <p className="small text-body-secondary mt-3 mb-0">
                Los precios son antes de impuestos; el total del recibo se calcula con los impuestos
                de cada grupo, igual que la factura que su cliente emitirá con él.
              </p>
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={cerrar}>
            Cancelar
          </Button>
          <Button type="submit" disabled={cargando || enviando}>
            {enviando && <Spinner size="sm" className="me-2" />}
            Registrar recibo
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

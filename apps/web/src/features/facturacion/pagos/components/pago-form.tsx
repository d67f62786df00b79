import { ahoraDelEmisor, hoyDelEmisor } from '#src/shared/format/hoy-del-emisor.ts';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import type { ComplementoPagoResponse } from '@repo/contracts/complementos-pago';
import type { SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import type { SerieResponse } from '@repo/contracts/series';
import { FolioPreview } from '#src/shared/comprobantes/folio-preview.tsx';
import { sellosPermitenTimbrar, useEmision } from '#src/shared/comprobantes/use-emision.ts';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { ClaveOptions } from '#src/shared/ui/catalog/clave-options.tsx';
import { useFormasPago } from '#src/shared/comprobantes/api/datos-maestros.ts';
import { PagoDocumentos } from './pago-documentos.tsx';
import { PagoMonto } from './pago-monto.tsx';
import { PagoOpcionales } from './pago-opcionales.tsx';
import { PagoTipoCambio } from './pago-tipo-cambio.tsx';
import { PagoTiposCambio, sinErroresDeTipo } from './pago-tipos-cambio.tsx';
import { ConfirmarPago } from './confirmar-pago.tsx';
import { timbrarPago } from './timbrar-pago.ts';
import {
  type PagoFormValues,
  conImportesPropuestos,
  monedasConTipo,
  pagoVacio,
  toPagoRequest,
  validarPago,
} from '../model/pago-form-values.ts';
import { fueraDePlazo, plazoComplemento } from '../model/plazo-complemento.ts';

export interface FacturaAPagar {
  factura_id: number;
  serieFolio: string;
  fecha: string;
  saldo: string;
  client_id: number | null;
  /** The invoice's currency, when it is not the form's `moneda` (several currencies, in MXN). */
  moneda?: string | undefined;
}

function formPathOf(key: string): string | null {
  if (key === 'payment_amount') return 'monto';
  if (key === 'payment_date') return 'fecha';
  if (key === 'factura_id' || key === 'documentos') return '_';
  return key;
}

/**
 * The payment complement form (spec sections 3 and 5): serie with its folio preview, payment date
 * (sent with the current time), forma de pago, amount as currency, and the optional fields the
 * forma de pago shows. Stamps through the shared lifecycle (useEmision).
 */
export function PagoForm(props: {
  facturas: readonly FacturaAPagar[];
  moneda: string;
  series: readonly SerieResponse[];
  sellos: SellosFiscalesResponse | null;
  /** The issuer's time zone (DatosFiscalesResponse.zona_horaria): where "today" is. */
  zona: string | null;
  onStamped: (r: ComplementoPagoResponse) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const { enterprise } = useSession();
  const formasPago = useFormasPago();
  const hoy = hoyDelEmisor(props.zona);
  const [values, setValues] = useState<PagoFormValues>(() =>
    pagoVacio({
      serieId: props.series[0]?.id ?? null,
      hoy,
      moneda: props.moneda,
      facturas: props.facturas,
    }),
  );
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [confirmar, setConfirmar] = useState(false);
  const { busy, failure, setFailure, run, conClave, aplicarCreditos } = useEmision({
    formPathOf,
    setFieldError: (path, message) => setErrores((e) => ({ ...e, [path]: message })),
    avisoCampos: 'Revise los datos marcados del pago.',
  });
  useEffect(() => {
    if (values.serie_id === null && props.series[0])
      setValues((v) => ({ ...v, serie_id: props.series[0]?.id ?? null }));
  }, [props.series, values.serie_id]);

  const set = <K extends keyof PagoFormValues>(campo: K, valor: PagoFormValues[K]) => {
    setValues((v) => ({ ...v, [campo]: valor }));
    setErrores((e) => {
      const { [campo as string]: _quitado, ...resto } = e;
      void _quitado;
      return resto;
    });
  };
  /** Invoice ids whose amount the user typed: the others follow currency and exchange rate. */
  const [tecleados, setTecleados] = useState<ReadonlySet<number>>(() => new Set());
  const teclear = (facturaId: number) =>
    setTecleados((t) => (t.has(facturaId) ? t : new Set(t).add(facturaId)));
  const setConversion = (campo: 'moneda_p' | 'tipo_cambio', valor: string) => {
    set(campo, valor);
    setValues((v) => conImportesPropuestos(v, props.facturas, props.moneda, tecleados));
  };
  const otrasMonedas = monedasConTipo(props.facturas, props.moneda);
  const setTipoDe = (moneda: string, valor: string) => {
    setErrores((e) => sinErroresDeTipo(e, moneda));
    setValues((v) =>
      conImportesPropuestos(
        { ...v, tipos_cambio: { ...v.tipos_cambio, [moneda]: valor } },
        props.facturas,
        props.moneda,
        tecleados,
      ),
    );
  };
  const serie = props.series.find((s) => s.id === values.serie_id) ?? null;
  const varias = props.facturas.length > 1;
  const principal = props.facturas[0];
  const plazo = plazoComplemento(values.fecha || hoy);

  const enviar = () => {
    setFailure(null);
    const ctx = {
      saldos: props.facturas.map((f) => ({
        factura_id: f.factura_id,
        saldo: f.saldo,
        fecha: f.fecha,
        serieFolio: f.serieFolio,
        moneda: f.moneda,
      })),
      monedaFactura: props.moneda,
      hoy,
    };
    const found = validarPago(values, ctx);
    setErrores(found);
    if (Object.keys(found).length > 0) {
      notify('error', 'Revise los datos marcados del pago.');
      return;
    }
    if (!principal || !sellosPermitenTimbrar(props.sellos, setFailure)) return;
    setConfirmar(true);
  };
  const timbrar = () => {
    setConfirmar(false);
    if (!principal) return;
    void run(async () => {
      const body = toPagoRequest(values, {
        facturaId: principal.factura_id,
        enterpriseId: enterprise?.id ?? null,
        clientId: principal.client_id,
        ahora: ahoraDelEmisor(props.zona),
      });
      const r = await timbrarPago({
        queryClient,
        enterpriseId: enterprise?.id ?? null,
        body,
        facturaIds: props.facturas.map((f) => f.factura_id),
        conClave,
        aplicarCreditos,
      });
      props.onStamped(r);
    });
  };

  const error = (campo: string) => errores[campo];
  return (
    <Form noValidate onSubmit={(e) => e.preventDefault()} data-testid="pago-form">
      {failure && (
        <Alert
          variant="danger"
          dismissible
          onClose={() => setFailure(null)}
          data-testid="pago-error"
        >
          {failure}
        </Alert>
      )}
      {errores._ && <Alert variant="danger">{errores._}</Alert>}
      <Row className="g-3">
        <Col sm={6} lg={4}>
          <Form.Label htmlFor="pago-serie" className="fw-semibold">
            Serie
          </Form.Label>
          <Form.Select
            id="pago-serie"
            value={values.serie_id ?? ''}
            isInvalid={!!error('serie_id')}
            onChange={(e) => set('serie_id', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Elija una serie</option>
            {props.series.map((s) => (
              <option key={s.id} value={s.id}>
                {s.serie}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{error('serie_id')}</Form.Control.Feedback>
          <FolioPreview
            serie={serie}
            hayDeEsteTipo={props.series.length > 0}
            sinSeries="Registre una serie de recepción de pagos en Configuraciones › Series y folios."
          />
        </Col>
        <Col sm={6} lg={4}>
          <Form.Label htmlFor="pago-fecha" className="fw-semibold">
            Fecha de pago
          </Form.Label>
          <Form.Control
            id="pago-fecha"
            type="date"
            max={hoy}
            value={values.fecha}
            isInvalid={!!error('fecha')}
            onChange={(e) => set('fecha', e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{error('fecha')}</Form.Control.Feedback>
          <Form.Text muted>Se registra con la hora actual.</Form.Text>
        </Col>
        <Col sm={6} lg={4}>
          <Form.Label htmlFor="pago-forma" className="fw-semibold">
            Forma de pago
          </Form.Label>
          <Form.Select
            id="pago-forma"
            value={values.forma_pago}
            isInvalid={!!error('forma_pago')}
            onChange={(e) => set('forma_pago', e.target.value)}
          >
            <option value="">Elija la forma de pago</option>
            <ClaveOptions rows={(formasPago.data ?? []).filter((f) => f.clave !== '99')} />
          </Form.Select>
          <Form.Control.Feedback type="invalid">{error('forma_pago')}</Form.Control.Feedback>
        </Col>
        {props.moneda !== 'MXN' && (
          <>
            <Col sm={6} lg={4}>
              <Form.Label htmlFor="pago-moneda" className="fw-semibold">
                Moneda del pago
              </Form.Label>
              <Form.Select
                id="pago-moneda"
                value={values.moneda_p}
                onChange={(e) => setConversion('moneda_p', e.target.value)}
              >
                <option value={props.moneda}>{props.moneda}</option>
                <option value="MXN">MXN - Peso mexicano</option>
              </Form.Select>
            </Col>
            <PagoTipoCambio
              moneda={props.moneda}
              fecha={values.fecha}
              value={values.tipo_cambio}
              error={error('tipo_cambio')}
              onChange={(valor) => setConversion('tipo_cambio', valor)}
            />
          </>
        )}
        <PagoTiposCambio
          monedas={otrasMonedas}
          fecha={values.fecha}
          values={values.tipos_cambio}
          error={error}
          onChange={setTipoDe}
        />
        {varias ? (
          <PagoDocumentos
            facturas={props.facturas}
            documentos={values.documentos}
            monedaPago={values.moneda_p}
            tipoCambio={values.tipo_cambio}
            tiposCambio={values.tipos_cambio}
            error={error}
            monedaFactura={props.moneda}
            onTecleado={teclear}
            onChange={(documentos) => set('documentos', documentos)}
          />
        ) : (
          <PagoMonto
            value={values.monto}
            error={error('monto')}
            monedaPago={values.moneda_p}
            monedaFactura={props.moneda}
            tipoCambio={values.tipo_cambio}
            saldo={principal?.saldo ?? null}
            onChange={(valor) => {
              if (principal) teclear(principal.factura_id);
              set('monto', valor);
            }}
            onBlur={() => {
              const n = Number(values.monto.replace(/[$,\s]/g, ''));
              if (values.monto.trim() && Number.isFinite(n) && n > 0)
                set('monto', formatCurrency(n));
            }}
          />
        )}
        <PagoOpcionales values={values} error={error} set={set} />
      </Row>
      <Alert
        variant={fueraDePlazo(values.fecha || hoy, hoy) ? 'danger' : 'info'}
        className="mt-3 mb-0 py-2 small"
        data-testid="pago-plazo"
      >
        {fueraDePlazo(values.fecha || hoy, hoy)
          ? `El plazo del SAT para este complemento venció (${plazo.texto.replace('Emitir a más tardar', 'debía emitirse a más tardar')}). Emítalo cuanto antes.`
          : `${plazo.texto}: el SAT espera el complemento a más tardar el día 5 del mes siguiente al pago.`}
      </Alert>
      <div className="d-flex flex-wrap gap-2 justify-content-end mt-3">
        <Button variant="outline-secondary" disabled={busy} onClick={props.onCancel}>
          Cerrar
        </Button>
        <Button variant="primary" disabled={busy} onClick={enviar}>
          Timbrar complemento de pago
        </Button>
      </div>
      <ConfirmarPago
        show={confirmar}
        facturas={props.facturas}
        values={values}
        monedaFactura={props.moneda}
        onHide={() => setConfirmar(false)}
        onConfirm={timbrar}
      />
    </Form>
  );
}

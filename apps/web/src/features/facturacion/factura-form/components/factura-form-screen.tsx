import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { ApiError } from '#src/shared/http/api-error.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { NoExiste } from '#src/shared/ui/no-existe.tsx';
import {
  useClient,
  useDatosFiscales,
  useImpuestos,
  useRubrosImpuestos,
  useSellosFiscales,
} from '#src/shared/comprobantes/api/datos-maestros.ts';
import { useSeriesDe } from '#src/shared/comprobantes/api/datos-maestros.ts';
import { useFactura } from '../api/facturas-ingreso.ts';
import { facturaVacia, valuesFromFactura } from '../model/factura-form-values.ts';
import { catalogoDeImpuestos } from '../model/impuestos-de-partida.ts';
import { type AltaRapida, AltaRapidaProvider } from './alta-rapida.tsx';
import { FacturaForm, type FacturaFormMode } from './factura-form.tsx';

export const FACTURA_NO_EXISTE = 'La factura no existe o no es de su empresa.';

const TITULOS: Record<FacturaFormMode, string> = {
  nuevo: 'Nueva factura',
  editar: 'Editar pre factura',
  clonar: 'Clonar factura',
  sustituir: 'Sustituir factura',
};

const SUBTITULOS: Record<FacturaFormMode, string> = {
  nuevo:
    'Capture los datos de la factura de ingreso. Los importes se calculan como quedarán en el CFDI.',
  editar:
    'Corrija la pre factura y guárdela, o tímbrela con estos datos o con los datos guardados.',
  clonar: 'Una factura nueva con los datos de la factura elegida. Revísela antes de timbrarla.',
  sustituir:
    'Una copia de la factura para corregir sus datos. Al timbrarla, se relaciona con la original (tipo de relación 04) y la original se cancela con el motivo 01 y el folio fiscal de la nueva.',
};

function Cargando() {
  return (
    <div className="d-flex justify-content-center py-5" role="status" aria-label="Cargando">
      <Spinner animation="border" variant="primary" />
    </div>
  );
}

/**
 * The invoice form screen: loads the master data (and the invoice to edit or clone) first.
 * `altaRapida`: the client and product forms it may open in a dialog (composed by the app).
 */
export function FacturaFormScreen(props: {
  mode: FacturaFormMode;
  facturaId: number | null;
  altaRapida?: AltaRapida;
  /**
   * A new invoice for the full value of an advance (step 2 of the SAT's procedure, Guía de llenado
   * 4.0, Apéndice 6): its client and the advance related with 07 come filled in.
   */
  anticipo?: { clientId: number; uuid: string } | null;
}) {
  const { enterprise } = useSession();
  const enterpriseId = enterprise?.id ?? null;
  const rubros = useRubrosImpuestos();
  const trasladados = useImpuestos('trasladados');
  const retenidos = useImpuestos('retenidos');
  const series = useSeriesDe('facturas-ingreso', enterpriseId);
  const emisor = useDatosFiscales(enterpriseId);
  const sellos = useSellosFiscales(enterpriseId);
  const factura = useFactura(props.mode === 'nuevo' ? null : props.facturaId);
  const clientId = factura.data?.draft?.client_id ?? props.anticipo?.clientId ?? null;
  const client = useClient(clientId);

  const catalogo = useMemo(
    () =>
      catalogoDeImpuestos({
        trasladados: trasladados.data ?? [],
        retenidos: retenidos.data ?? [],
        rubros: rubros.data ?? [],
      }),
    [trasladados.data, retenidos.data, rubros.data],
  );

  const header = (
    <div className="mb-4">
      <Link to="/facturacion/facturas" className="small">
        ← Facturas
      </Link>
      <h1 className="h3 fw-bold mb-1 mt-1">{TITULOS[props.mode]}</h1>
      <p className="text-body-secondary mb-0">{SUBTITULOS[props.mode]}</p>
    </div>
  );

  if (factura.error instanceof ApiError && factura.error.status === 404) {
    return (
      <>
        {header}
        <NoExiste
          mensaje={FACTURA_NO_EXISTE}
          to="/facturacion/facturas"
          volver="Ir a mis facturas"
        />
      </>
    );
  }
  const base = [rubros, trasladados, retenidos, series];
  const failed = base.find((q) => q.isError) ?? (factura.isError ? factura : null);
  if (failed) {
    return (
      <>
        {header}
        <Alert variant="danger">
          No fue posible cargar los datos de la factura. Recargue la página para intentarlo de
          nuevo.
        </Alert>
      </>
    );
  }
  const loading =
    base.some((q) => q.isPending) ||
    // The issuer's zone sets the invoice's default date.
    emisor.isPending ||
    (props.mode !== 'nuevo' && factura.isPending) ||
    (clientId !== null && client.isPending);
  if (loading || !rubros.data || !series.data) {
    return (
      <>
        {header}
        <Cargando />
      </>
    );
  }

  const zona = emisor.data?.zona_horaria ?? null;
  let initialValues = facturaVacia(new Date(), zona);
  if (props.mode === 'nuevo' && props.anticipo)
    initialValues = {
      ...initialValues,
      client_id: props.anticipo.clientId,
      uso_cfdi: client.data?.usoCfdi ?? '',
      cfdi_relacionados: [{ tipo_relacion: '07', uuids: props.anticipo.uuid }],
    };
  let fechaMovida: { guardada: string; nueva: string } | null = null;
  if (props.mode !== 'nuevo' && factura.data) {
    const f = factura.data;
    if (props.mode === 'editar' && f.status !== 'pre_factura') {
      return (
        <>
          {header}
          <Alert variant="warning">
            Esta factura ya fue timbrada: solo las pre facturas se pueden editar.{' '}
            <Link to={`/facturacion/facturas/detalle/${String(f.id)}`}>Ver la factura</Link>
          </Alert>
        </>
      );
    }
    if (
      props.mode === 'sustituir' &&
      (f.status !== 'timbrada' || f.estatus_cancelacion === 'En proceso')
    ) {
      return (
        <>
          {header}
          <Alert variant="warning">
            Solo se puede sustituir una factura timbrada y vigente.{' '}
            <Link to={`/facturacion/facturas/detalle/${String(f.id)}`}>Ver la factura</Link>
          </Alert>
        </>
      );
    }
    const copia = props.mode === 'clonar' || props.mode === 'sustituir';
    const values = valuesFromFactura(f, rubros.data, { clonar: copia, zona });
    if (!values) {
      return (
        <>
          {header}
          <Alert variant="warning">
            Esta factura no conserva los datos de captura, por lo que no se puede{' '}
            {props.mode === 'editar' ? 'editar' : props.mode}.
          </Alert>
        </>
      );
    }
    initialValues = values;
    // An edited pre-invoice keeps its date unless the SAT would no longer stamp it: then say why.
    const guardada = f.draft?.fecha?.slice(0, 10) ?? '';
    if (props.mode === 'editar' && guardada !== '' && guardada !== values.fecha) {
      fechaMovida = { guardada, nueva: values.fecha };
    }
  } else if (series.data.length > 0) {
    initialValues = { ...initialValues, serie_id: series.data[0]?.id ?? null };
  }

  const dma = (fecha: string) => fecha.split('-').reverse().join('/');
  return (
    <>
      {header}
      {fechaMovida && (
        <Alert variant="info" data-testid="fecha-movida">
          La fecha guardada de esta pre factura ({dma(fechaMovida.guardada)}) ya no se puede
          timbrar: el SAT solo acepta comprobantes de hasta 72 horas atrás. La fecha se cambió a{' '}
          {dma(fechaMovida.nueva)}; guarde la pre factura para conservarla.
        </Alert>
      )}
      {props.mode === 'sustituir' && factura.data && (
        <Alert variant="info" data-testid="sustituye-a">
          Sustituye a la factura {factura.data.serie}-{String(factura.data.folio ?? '')} (folio
          fiscal {factura.data.uuid ?? ''}). Corrija lo necesario y timbre: la factura original se
          cancela con el motivo 01 solo después de timbrarse esta.
        </Alert>
      )}
      <AltaRapidaProvider value={props.altaRapida ?? null}>
        <FacturaForm
          key={`${props.mode}-${String(props.facturaId)}`}
          mode={props.mode}
          facturaId={props.mode === 'editar' ? props.facturaId : null}
          sustituye={props.mode === 'sustituir' ? props.facturaId : null}
          initialValues={initialValues}
          initialClient={client.data ?? null}
          rubros={rubros.data}
          catalogo={catalogo}
          series={series.data}
          emisor={emisor.data ?? null}
          sellos={sellos.data ?? null}
        />
      </AltaRapidaProvider>
    </>
  );
}

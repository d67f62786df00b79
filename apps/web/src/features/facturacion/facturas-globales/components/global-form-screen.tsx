import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { nombreDePeriodo } from '@repo/cfdi/calc';
import { hoyDelEmisor } from '#src/shared/format/hoy-del-emisor.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { NoExiste } from '#src/shared/ui/no-existe.tsx';
import { useSession } from '#src/shared/session/session-store.ts';
import {
  useDatosFiscales,
  useFormasPago,
  useRubrosImpuestos,
  useSellosFiscales,
} from '#src/shared/comprobantes/api/datos-maestros.ts';
import { useFacturaGlobal, useSeriesGlobales } from '../api/facturas-globales.ts';
import { estadoDeRespuesta, type GlobalFormState } from '../model/global-form-model.ts';
import { GlobalForm } from './global-form.tsx';
import { GLOBAL_NO_EXISTE } from '../global-no-existe.ts';

/**
 * /facturacion/facturas-globales/nuevo/:month/:year and /editar/:facturaGlobalId: loads the tax
 * groups, the series and (to edit) the saved global, then shows the form.
 */
export function GlobalFormScreen(
  props: { mode: 'nuevo'; month: number; year: number } | { mode: 'editar'; id: number },
) {
  const { enterprise } = useSession();
  const enterpriseId = enterprise?.id ?? null;
  const rubros = useRubrosImpuestos();
  const series = useSeriesGlobales(enterpriseId);
  const formas = useFormasPago();
  const emisor = useDatosFiscales(enterpriseId);
  const sellos = useSellosFiscales(enterpriseId);
  const global = useFacturaGlobal(props.mode === 'editar' ? props.id : null);

  const periodo =
    props.mode === 'nuevo'
      ? nombreDePeriodo({
          Periodicidad: '04',
          Meses: String(props.month).padStart(2, '0'),
          Año: String(props.year),
        })
      : global.data?.periodo;
  const header = (
    <div className="mb-4">
      <Link to="/facturacion/facturas-globales" className="small">
        ← Facturas globales
      </Link>
      <h1 className="h3 fw-bold mb-1 mt-1">
        {props.mode === 'nuevo' ? 'Nueva factura global' : 'Editar factura global'}
        {periodo ? ` · ${periodo}` : ''}
      </h1>
      <p className="text-body-secondary mb-0">
        Las ventas al público en general del periodo: guárdela para seguir después o tímbrela.
      </p>
    </div>
  );

  if (
    props.mode === 'nuevo' &&
    (!(props.month >= 1 && props.month <= 12) || !(props.year >= 2019))
  ) {
    return (
      <>
        {header}
        <Alert variant="warning">El mes o el año de la dirección no son válidos.</Alert>
      </>
    );
  }
  if (
    props.mode === 'editar' &&
    (!(Number.isInteger(props.id) && props.id > 0) ||
      (global.error instanceof ApiError && global.error.status === 404))
  ) {
    return (
      <>
        {header}
        <NoExiste
          mensaje={GLOBAL_NO_EXISTE}
          to="/facturacion/facturas-globales"
          volver="Ir a facturas globales"
        />
      </>
    );
  }
  const base = [rubros, series, formas, emisor];
  if (base.some((q) => q.isError) || global.isError) {
    return (
      <>
        {header}
        <Alert variant="danger">
          No fue posible cargar los datos de la factura global. Recargue la página para intentarlo
          de nuevo.
        </Alert>
      </>
    );
  }
  if (
    !rubros.data ||
    !series.data ||
    !formas.data ||
    !emisor.data ||
    (props.mode === 'editar' && !global.data)
  ) {
    return (
      <>
        {header}
        <div className="text-center py-5">
          <Spinner />
        </div>
      </>
    );
  }
  // Today where the issuer is: the API checks the emission date in that zone.
  const hoy = hoyDelEmisor(emisor.data.zona_horaria);
  let inicial: GlobalFormState;
  if (props.mode === 'editar') {
    const g = global.data!;
    if (!g.editable) {
      return (
        <>
          {header}
          <Alert variant="warning">
            Esta factura global ya no se puede editar.{' '}
            <Link to={`/facturacion/facturas-globales/detalle/${g.id}`}>Ver el detalle</Link>
          </Alert>
        </>
      );
    }
    inicial = estadoDeRespuesta(g);
    if (!inicial.creationDate || inicial.creationDate < hoy) inicial.creationDate = hoy;
  } else {
    inicial = {
      formaPago: '01',
      creationDate: hoy,
      month: props.month,
      year: props.year,
      periodicidad: '04',
      dia: '',
      serieId: series.data[0]?.id ?? null,
      ventas: [],
    };
  }
  return (
    <>
      {header}
      {sellos.data?.is_expired && <Alert variant="danger">Sus sellos ya han expirado.</Alert>}
      <GlobalForm
        key={props.mode === 'editar' ? `editar-${props.id}` : `nuevo-${props.month}-${props.year}`}
        id={props.mode === 'editar' ? props.id : null}
        inicial={inicial}
        rubros={rubros.data}
        series={series.data}
        formasPago={formas.data}
        regimenEmisor={emisor.data?.regimen_fiscal ?? ''}
        hoy={hoy}
      />
    </>
  );
}

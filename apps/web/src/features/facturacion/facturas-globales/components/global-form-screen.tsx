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
import type { FacturaGlobalResponse } from '@repo/contracts/facturas-globales';
import { useFacturaGlobal, useSeriesGlobales } from '../api/facturas-globales.ts';
import { estadoDeRespuesta, type GlobalFormState } from '../model/global-form-model.ts';
import { GlobalForm } from './global-form.tsx';
import { GLOBAL_NO_EXISTE } from '../global-no-existe.ts';

type Modo =
  | { mode: 'nuevo'; month: number; year: number }
  | { mode: 'editar'; id: number }
  | { mode: 'sustituir'; id: number };

const TITULO: Record<Modo['mode'], string> = {
  nuevo: 'Nueva factura global',
  editar: 'Editar factura global',
  sustituir: 'Sustituir factura global',
};

/** The stamped global a substitute replaces, named with its folio fiscal (relation 04). */
function SustituyeA(props: { g: FacturaGlobalResponse }) {
  const { g } = props;
  const nombre = `${g.serie.serie}${g.serie.folio !== null ? `-${String(g.serie.folio)}` : ''}`;
  return (
    <Alert variant="info" data-testid="sustituye-a">
      Sustituye a la factura global{' '}
      <Link to={`/facturacion/facturas-globales/detalle/${String(g.id)}`}>{nombre}</Link> (folio
      fiscal {g.uuid?.toUpperCase()}). Al timbrar esta, la original se cancela ante el SAT con el
      motivo 01 y el folio fiscal de la nueva.
    </Alert>
  );
}

/**
 * /facturacion/facturas-globales/nuevo/:month/:year, /editar/:facturaGlobalId and
 * /sustituir/:facturaGlobalId: loads the tax groups, the series and (to edit or substitute) the
 * global, then shows the form.
 */
export function GlobalFormScreen(props: Modo) {
  const { enterprise } = useSession();
  const enterpriseId = enterprise?.id ?? null;
  const rubros = useRubrosImpuestos();
  const series = useSeriesGlobales(enterpriseId);
  const formas = useFormasPago();
  const emisor = useDatosFiscales(enterpriseId);
  const sellos = useSellosFiscales(enterpriseId);
  const global = useFacturaGlobal(props.mode === 'nuevo' ? null : props.id);

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
        {TITULO[props.mode]}
        {periodo ? ` · ${periodo}` : ''}
      </h1>
      <p className="text-body-secondary mb-0">
        {props.mode === 'sustituir'
          ? 'Corrija las ventas del periodo y timbre la factura global que sustituye a la original.'
          : 'Las ventas al público en general del periodo: guárdela para seguir después o tímbrela.'}
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
    props.mode !== 'nuevo' &&
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
    (props.mode !== 'nuevo' && !global.data)
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
  } else if (props.mode === 'sustituir') {
    const g = global.data!;
    if (g.status !== 'timbrada' || g.estatus_cancelacion === 'En proceso') {
      return (
        <>
          {header}
          <Alert variant="warning">
            Solo se puede sustituir una factura global timbrada y vigente.{' '}
            <Link to={`/facturacion/facturas-globales/detalle/${String(g.id)}`}>
              Ver el detalle
            </Link>
          </Alert>
        </>
      );
    }
    // A copy to correct, issued today: the substitute is a new CFDI of the same period.
    inicial = { ...estadoDeRespuesta(g), creationDate: hoy };
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
      {props.mode === 'sustituir' && <SustituyeA g={global.data!} />}
      <GlobalForm
        key={
          props.mode === 'nuevo'
            ? `nuevo-${props.month}-${props.year}`
            : `${props.mode}-${props.id}`
        }
        id={props.mode === 'editar' ? props.id : null}
        sustituye={props.mode === 'sustituir' ? props.id : null}
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

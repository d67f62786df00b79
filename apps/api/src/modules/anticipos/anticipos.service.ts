import { Decimal } from '@repo/cfdi/decimal';
import { parseComprobanteXml } from '@repo/cfdi/xml';
import type {
  AnticipoItem,
  AnticipoRequest,
  AnticipoResponse,
  AnticiposQuery,
  AnticiposResponse,
  AplicarAnticipoRequest,
  PasoAnticipo,
} from '@repo/contracts/anticipos';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { getBalance } from '../credits/credits.service.ts';
import {
  findFacturasAcreditables,
  restantes,
} from '../comprobantes/facturas-acreditables.queries.ts';
import { emitirDocumento } from '../timbrado/emision.ts';
import type { TimbradoDeps } from '../timbrado/timbrado.service.ts';
import { emitirFacturaDeAnticipo } from './anticipo-emision.ts';
import { ANTICIPO_NO_EXISTE } from './anticipos-mensajes.ts';
import {
  aplicacionesDe,
  facturasQueRelacionan,
  findAnticipo,
  listAnticipos,
  type AnticipoFila,
} from './anticipos.queries.ts';
import { aplicacionAnticipo } from './aplicacion-anticipo.ts';
import type { TiposDelAnticipo } from './anticipos-tipos.ts';
import { nombreDe } from './aplicacion-contexto.ts';

type Deps = TimbradoDeps & Pick<AppDeps, 'catalogos'> & Partial<Pick<AppDeps, 'tiposDeCambio'>>;

/** Amounts as the screens write them (2 decimals). */
const dos = (x: string | Decimal) => new Decimal(x || '0').toFixed(2);

/** What remains to do, read from the documents: the screen's guide through the SAT's three steps. */
function pasoDe(a: AnticipoFila, restante: Decimal, facturasEnVigor: number): PasoAnticipo {
  if (a.status === 'cancelada') return 'cancelado';
  if (a.status === 'timbrada' && restante.lessThanOrEqualTo(0)) return 'aplicado';
  return facturasEnVigor > 0 ? 'aplicar' : 'factura_final';
}

/** The advances with their step 2 invoices and step 3 egresos, as the screen shows them. */
async function items(db: Db, enterpriseId: number, filas: AnticipoFila[]): Promise<AnticipoItem[]> {
  const [facturas, aplicaciones] = await Promise.all([
    facturasQueRelacionan(db, enterpriseId, filas),
    aplicacionesDe(
      db,
      enterpriseId,
      filas.map((a) => a.id),
    ),
  ]);
  const enVigor = facturas.filter((f) => f.status === 'timbrada');
  const acreditables = await findFacturasAcreditables(
    db,
    enterpriseId,
    enVigor.map((f) => f.id),
  );
  const resto =
    acreditables.length > 0 ? await restantes(db, enterpriseId, acreditables) : new Map();
  return filas.map((a) => {
    const subtotal = a.xml_timbrado ? parseComprobanteXml(a.xml_timbrado).SubTotal : a.total;
    const restanteTotal = new Decimal(a.total || '0').minus(a.aplicado_total);
    const suyas = facturas.filter((f) => f.anticipo_id === a.id);
    return {
      id: a.id,
      serie_folio: nombreDe(a),
      uuid: a.uuid,
      status: a.status,
      fecha: a.fecha,
      client_id: a.client_id,
      client_name: a.client_name,
      client_rfc: a.client_rfc,
      moneda: a.moneda,
      subtotal: dos(subtotal),
      total: dos(a.total),
      aplicado_subtotal: dos(a.aplicado_base),
      aplicado_total: dos(a.aplicado_total),
      restante_subtotal: dos(new Decimal(subtotal || '0').minus(a.aplicado_base)),
      restante_total: dos(restanteTotal),
      paso: pasoDe(a, restanteTotal, suyas.filter((f) => f.status === 'timbrada').length),
      facturas: suyas.map((f) => ({
        id: f.id,
        serie_folio: nombreDe(f),
        uuid: f.uuid,
        status: f.status,
        fecha: f.fecha,
        total: dos(f.total),
        restante: dos(resto.get(f.id) ?? '0'),
        metodo_pago: f.metodo_pago,
      })),
      aplicaciones: aplicaciones
        .filter((x) => x.anticipo_id === a.id)
        .map((x) => ({
          id: x.id,
          serie_folio: nombreDe(x),
          uuid: x.uuid,
          status: x.status,
          fecha: x.fecha,
          total: dos(x.total),
          factura_id: x.factura_id,
        })),
    };
  });
}

/** GET /facturacion/V40/anticipos/{id}. */
export async function detalleAnticipo(deps: Pick<AppDeps, 'db'>, enterpriseId: number, id: number) {
  const a = await findAnticipo(deps.db, enterpriseId, id);
  if (!a) throw new AppError('NOT_FOUND', ANTICIPO_NO_EXISTE);
  return (await items(deps.db, enterpriseId, [a]))[0]!;
}

/** GET /facturacion/V40/anticipos: newest first; `pendientes`, those with a step still to do. */
export async function listarAnticipos(
  deps: Pick<AppDeps, 'db'>,
  enterpriseId: number,
  q: AnticiposQuery,
): Promise<AnticiposResponse> {
  const filas = await listAnticipos(deps.db, enterpriseId, q.client_id ?? null);
  const todos = await items(deps.db, enterpriseId, filas);
  return {
    data:
      q.estado === 'pendientes'
        ? todos.filter((a) => a.paso === 'factura_final' || a.paso === 'aplicar')
        : todos,
  };
}

/** Step 1, POST /facturacion/V40/anticipos. */
export async function emitirAnticipo(
  deps: Deps,
  tipos: TiposDelAnticipo,
  enterpriseId: number,
  request: AnticipoRequest,
): Promise<AnticipoResponse> {
  const id = await emitirFacturaDeAnticipo(deps, tipos, enterpriseId, request);
  return {
    data: await detalleAnticipo(deps, enterpriseId, id),
    user_total_remaining_credits: await getBalance(deps.db, enterpriseId),
  };
}

/**
 * Step 3, POST /facturacion/V40/anticipos/{id}/aplicar: the egreso through the shared lifecycle
 * (one credit, the NC serie's next folio, sealed, PAC). Nothing is stamped when a rule refuses it.
 */
export async function aplicarAnticipo(
  deps: Deps,
  tipos: TiposDelAnticipo,
  enterpriseId: number,
  id: number,
  request: AplicarAnticipoRequest,
): Promise<AnticipoResponse> {
  await emitirDocumento(
    deps,
    aplicacionAnticipo(deps, tipos),
    enterpriseId,
    { ...request, anticipo_id: id },
    { idempotencyKey: request.idempotency_key ?? null },
  );
  return {
    data: await detalleAnticipo(deps, enterpriseId, id),
    user_total_remaining_credits: await getBalance(deps.db, enterpriseId),
  };
}

import { Decimal } from '@repo/cfdi/decimal';
import {
  facturaAcreditadaDeXml,
  parseComprobanteXml,
  type AnticipoAplicable,
  type FacturaDelAnticipo,
  type ReceptorDraft,
} from '@repo/cfdi/xml';
import type { AplicarAnticipoRequest } from '@repo/contracts/anticipos';
import { NOTA_CREDITO } from '@repo/contracts/tipos-comprobante/nota-credito';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import {
  findFacturasAcreditables,
  restantes,
  type FacturaAcreditable,
} from '../comprobantes/facturas-acreditables.queries.ts';
import { findSerie } from '../series/series.queries.ts';
import {
  ANTICIPO_NO_EXISTE,
  DATOS_FISCALES_ANTICIPO,
  FACTURA_FINAL_NO_EXISTE,
  SERIE_NOTAS_ANTICIPO,
  anticipoAplicado,
  anticipoCancelado,
  anticipoSinTimbrar,
  facturaCancelada,
  facturaSinTimbrar,
  noRelaciona,
  otraMonedaAnticipo,
  otroCliente,
} from './anticipos-mensajes.ts';
import { findAnticipo, type AnticipoFila } from './anticipos.queries.ts';

/** What the egreso of step 3 is built from: the advance, the invoice of the full value, the rest. */
export interface ContextoAplicacion {
  serie: { id: number; serie: string; folio: number };
  emisor: { rfc: string; nombre: string; regimenFiscal: string };
  lugarExpedicion: string;
  zona: string;
  receptor: Omit<ReceptorDraft, 'usoCfdi'>;
  anticipoId: number;
  facturaId: number;
  clienteId: number;
  moneda: string;
  tipoCambio: string | null;
  anticipo: AnticipoAplicable;
  factura: FacturaDelAnticipo;
}

export type Campos = Record<string, string[]>;
export const nombreDe = (x: { serie: string; folio: number | null }) =>
  `${x.serie}-${x.folio ?? ''}`;

/** The advance's base (before taxes) not yet applied by egresos in force. */
export function restanteDelAnticipo(a: AnticipoFila): string {
  if (!a.xml_timbrado) return '0';
  const sub = parseComprobanteXml(a.xml_timbrado).SubTotal;
  return new Decimal(sub).minus(a.aplicado_base).toString();
}

/** Stamped, in force, of the same client and currency, relating the advance with 07. */
function revisar(a: AnticipoFila, f: FacturaAcreditable): Campos {
  const na = nombreDe(a);
  const nf = nombreDe(f);
  if (a.status === 'cancelada') return { anticipo: [anticipoCancelado(na)] };
  if (a.status !== 'timbrada' || !a.uuid || !a.xml_timbrado)
    return { anticipo: [anticipoSinTimbrar(na)] };
  const errores: Campos = {};
  const agregar = (k: string, m: string) => (errores[k] ??= []).push(m);
  if (f.status === 'cancelada') agregar('factura_id', facturaCancelada(nf));
  else if (f.status !== 'timbrada' || !f.uuid || !f.xml_timbrado)
    agregar('factura_id', facturaSinTimbrar(nf));
  if (f.client_id !== a.client_id) agregar('factura_id', otroCliente(nf, na));
  if (f.moneda !== a.moneda) agregar('factura_id', otraMonedaAnticipo(nf, f.moneda, na, a.moneda));
  if (f.xml_timbrado && !errores.factura_id) {
    const rel = parseComprobanteXml(f.xml_timbrado).CfdiRelacionados ?? [];
    const uuid = a.uuid.toUpperCase();
    if (
      !rel.some(
        (r) =>
          r.TipoRelacion === '07' && r.CfdiRelacionado.some((x) => x.UUID.toUpperCase() === uuid),
      )
    )
      agregar('factura_id', noRelaciona(nf, na));
  }
  if (new Decimal(restanteDelAnticipo(a)).lessThanOrEqualTo(0))
    agregar('importe', anticipoAplicado(na));
  return errores;
}

/** The advance and the invoice as the engine takes them (`db` may be the reservation's tx). */
export async function leerDocumentos(
  db: Db,
  enterpriseId: number,
  anticipoId: number,
  facturaId: number,
  bloquear = false,
) {
  const [a, [f]] = await Promise.all([
    findAnticipo(db, enterpriseId, anticipoId, { bloquear }),
    findFacturasAcreditables(db, enterpriseId, [facturaId]),
  ]);
  if (!a) throw new AppError('NOT_FOUND', ANTICIPO_NO_EXISTE);
  if (!f || f.id === a.id) throw new AppError('NOT_FOUND', FACTURA_FINAL_NO_EXISTE);
  const errores = revisar(a, f);
  if (Object.keys(errores).length > 0) throw new AppError('VALIDATION', errores);
  const resto = (await restantes(db, enterpriseId, [f])).get(f.id)!;
  const xmlA = parseComprobanteXml(a.xml_timbrado!);
  const concepto = facturaAcreditadaDeXml(xmlA, {
    uuid: a.uuid!,
    nombre: nombreDe(a),
    restante: '0',
  }).conceptos[0]!;
  return {
    fila: a,
    xmlA,
    anticipo: {
      uuid: a.uuid!.toUpperCase(),
      nombre: nombreDe(a),
      moneda: a.moneda,
      concepto,
      restante: restanteDelAnticipo(a),
    } satisfies AnticipoAplicable,
    factura: {
      uuid: f.uuid!.toUpperCase(),
      nombre: nombreDe(f),
      moneda: f.moneda,
      restante: resto,
    } satisfies FacturaDelAnticipo,
  };
}

/** Loads and checks what the egreso relates; refused in Spanish with nothing changed. */
export async function cargarContextoAplicacion(
  deps: Pick<AppDeps, 'db' | 'catalogos'>,
  enterpriseId: number,
  anticipoId: number,
  draft: AplicarAnticipoRequest,
): Promise<ContextoAplicacion> {
  const [datos, serie] = await Promise.all([
    findDatosFiscales(deps.db, enterpriseId),
    findSerie(deps.db, enterpriseId, draft.serie_id),
  ]);
  const cp = datos?.codigo_postal ?? '';
  if (!datos?.rfc || !datos.razon_social || !datos.regimen_fiscal || !/^\d{5}$/.test(cp))
    throw new AppError('BAD_REQUEST', DATOS_FISCALES_ANTICIPO, { persistent: true });
  const docs = await leerDocumentos(deps.db, enterpriseId, anticipoId, draft.factura_id);
  if (!serie || serie.kind !== NOTA_CREDITO.serie.kind)
    throw new AppError('VALIDATION', { serie_id: [SERIE_NOTAS_ANTICIPO] });
  const r = docs.xmlA.Receptor;
  return {
    serie: { id: serie.id, serie: serie.serie, folio: serie.folio },
    emisor: { rfc: datos.rfc, nombre: datos.razon_social, regimenFiscal: datos.regimen_fiscal },
    lugarExpedicion: cp,
    zona: deps.catalogos.codigosPostales.zonaHoraria(cp) ?? 'America/Mexico_City',
    receptor: {
      rfc: r.Rfc,
      nombre: r.Nombre,
      domicilioFiscalReceptor: r.DomicilioFiscalReceptor,
      regimenFiscalReceptor: r.RegimenFiscalReceptor,
      ...(r.ResidenciaFiscal ? { residenciaFiscal: r.ResidenciaFiscal } : {}),
    },
    anticipoId,
    facturaId: draft.factura_id,
    clienteId: docs.fila.client_id,
    moneda: docs.fila.moneda,
    tipoCambio: docs.fila.moneda === 'MXN' ? null : (docs.xmlA.TipoCambio ?? docs.fila.tipo_cambio),
    anticipo: docs.anticipo,
    factura: docs.factura,
  };
}

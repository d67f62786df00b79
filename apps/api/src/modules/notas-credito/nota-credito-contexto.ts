import {
  facturaAcreditadaDeXml,
  parseComprobanteXml,
  type FacturaAcreditada,
  type ReceptorDraft,
} from '@repo/cfdi/xml';
import type { NotaCreditoRequest } from '@repo/contracts/notas-credito';
import { NOTA_CREDITO } from '@repo/contracts/tipos-comprobante/nota-credito';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import { findSerie } from '../series/series.queries.ts';
import {
  DATOS_FISCALES_INCOMPLETOS,
  FACTURA_CANCELADA,
  FACTURA_GLOBAL,
  FACTURA_NO_EXISTE,
  FACTURA_REPETIDA,
  FACTURA_SIN_TIMBRAR,
  OTRO_CLIENTE,
  SERIE_NOTAS_NO_EXISTE,
  otraMoneda,
} from './nota-credito-mensajes.ts';
import {
  findFacturasAcreditables,
  restantes,
  type FacturaAcreditable,
} from '../comprobantes/facturas-acreditables.queries.ts';
import { sonGlobales } from './notas-credito.queries.ts';

export interface ContextoNota {
  serie: { id: number; serie: string; folio: number };
  emisor: { rfc: string; nombre: string; regimenFiscal: string };
  lugarExpedicion: string;
  zona: string;
  receptor: Omit<ReceptorDraft, 'usoCfdi'>;
  cliente: { id: number; nombre: string; rfc: string };
  moneda: string;
  tipoCambio: string | null;
  formaPago: string;
  facturas: { fila: FacturaAcreditable; acreditada: FacturaAcreditada }[];
}

export type Campos = Record<string, string[]>;
export function agregar(campos: Campos, field: string, message: string) {
  const list = (campos[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

const nombreDe = (f: FacturaAcreditable) => `${f.serie}-${f.folio ?? ''}`;

/**
 * Stamped, not cancelled, one client, the note's currency. A PPD invoice may be credited too: the
 * note lowers its balance, and its next payment starts from the balance after it (migration 0032).
 */
function revisarFacturas(
  errores: Campos,
  facturas: FacturaAcreditable[],
  draft: NotaCreditoRequest,
) {
  const principal = facturas[0]!;
  for (const f of facturas) {
    if (f.status === 'cancelada') agregar(errores, 'facturas', FACTURA_CANCELADA);
    else if (f.status !== 'timbrada' || !f.uuid || !f.xml_timbrado)
      agregar(errores, 'facturas', FACTURA_SIN_TIMBRAR);
    if (f.client_id !== principal.client_id) agregar(errores, 'facturas', OTRO_CLIENTE);
    const moneda = draft.moneda ?? principal.moneda;
    if (f.moneda !== moneda) agregar(errores, 'moneda', otraMoneda(nombreDe(f), f.moneda, moneda));
  }
}

/** Loads what the note relates (fiscal data, serie, invoices and what remains of them), checks it. */
export async function cargarContexto(
  deps: Pick<AppDeps, 'db' | 'catalogos'>,
  enterpriseId: number,
  draft: NotaCreditoRequest,
): Promise<ContextoNota> {
  const errores: Campos = {};
  if (new Set(draft.facturas).size !== draft.facturas.length)
    agregar(errores, 'facturas', FACTURA_REPETIDA);
  const [datos, serie, filas] = await Promise.all([
    findDatosFiscales(deps.db, enterpriseId),
    findSerie(deps.db, enterpriseId, draft.serie_id),
    findFacturasAcreditables(deps.db, enterpriseId, draft.facturas),
  ]);
  const cp = datos?.codigo_postal ?? '';
  if (!datos?.rfc || !datos.razon_social || !datos.regimen_fiscal || !/^\d{5}$/.test(cp))
    throw new AppError('BAD_REQUEST', DATOS_FISCALES_INCOMPLETOS, { persistent: true });
  const porId = new Map(filas.map((f) => [f.id, f]));
  const faltantes = draft.facturas.filter((id) => !porId.has(id));
  if (faltantes.length > 0) {
    if (await sonGlobales(deps.db, enterpriseId, faltantes))
      throw new AppError('VALIDATION', { facturas: [FACTURA_GLOBAL] });
    throw new AppError('NOT_FOUND', FACTURA_NO_EXISTE);
  }
  const facturas = draft.facturas.map((id) => porId.get(id)!);
  if (!serie || serie.kind !== NOTA_CREDITO.serie.kind)
    agregar(errores, 'serie_id', SERIE_NOTAS_NO_EXISTE);
  revisarFacturas(errores, facturas, draft);
  if (Object.keys(errores).length > 0 || !serie) throw new AppError('VALIDATION', errores);

  const resto = await restantes(deps.db, enterpriseId, facturas);
  const xmls = facturas.map((f) => parseComprobanteXml(f.xml_timbrado!));
  const principal = facturas[0]!;
  const r = xmls[0]!.Receptor;
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
    cliente: { id: principal.client_id, nombre: principal.client_name, rfc: principal.client_rfc },
    moneda: principal.moneda,
    tipoCambio: principal.moneda === 'MXN' ? null : (xmls[0]!.TipoCambio ?? principal.tipo_cambio),
    // Guía de llenado: the egreso carries the form of payment of the invoice it credits; a PPD
    // invoice (99) takes the one of its settlement, 15 condonación unless the form says otherwise.
    formaPago:
      draft.forma_pago ??
      (xmls[0]!.FormaPago && xmls[0]!.FormaPago !== '99' ? xmls[0]!.FormaPago : '15'),
    facturas: facturas.map((f, i) => ({
      fila: f,
      acreditada: facturaAcreditadaDeXml(xmls[i]!, {
        uuid: f.uuid!,
        nombre: nombreDe(f),
        restante: resto.get(f.id)!,
      }),
    })),
  };
}

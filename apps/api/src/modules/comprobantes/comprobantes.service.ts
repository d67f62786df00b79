import {
  COMPROBANTE_NOT_FOUND_MESSAGE,
  COMPROBANTE_SIN_TIMBRAR_MESSAGE,
  type ComprobanteType,
} from '@repo/contracts/comprobantes';
import { tipoDelComprobante } from '@repo/contracts/tipos-comprobante/registro';
import { parseComprobanteXml, type Comprobante } from '@repo/cfdi/xml';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { findDatosFiscales, findLogo } from '../datos-fiscales/datos-fiscales.queries.ts';
import { findComprobante, type ComprobanteRow } from '../timbrado/timbrado.queries.ts';
import { pacDePruebas } from '../../pac/modo-pruebas.ts';
import { emisorDelPdf } from './pdf/emisor-del-pdf.ts';

export type ComprobantesDeps = Pick<
  AppDeps,
  'db' | 'config' | 'mailer' | 'catalogos' | 'now' | 'logger'
>;

/** A stamped (or cancelled) comprobante with its stamped XML, parsed. */
export interface Entregable {
  row: ComprobanteRow;
  xml: string;
  cfdi: Comprobante;
  uuid: string;
  type: ComprobanteType;
  serieFolio: string;
  cancelado: boolean;
}

/** The comprobante of this enterprise that can be delivered; 404 when absent, 409 when not stamped. */
export async function findEntregable(
  deps: Pick<ComprobantesDeps, 'db'>,
  enterpriseId: number,
  id: number,
): Promise<Entregable> {
  const row = await findComprobante(deps.db, enterpriseId, id);
  if (!row) throw new AppError('NOT_FOUND', COMPROBANTE_NOT_FOUND_MESSAGE);
  if ((row.status !== 'timbrada' && row.status !== 'cancelada') || !row.xml_timbrado || !row.uuid) {
    throw new AppError('CONFLICT', COMPROBANTE_SIN_TIMBRAR_MESSAGE, { showToClient: true });
  }
  const cfdi = parseComprobanteXml(row.xml_timbrado);
  // The registered types tell which one this is (decision 012): no type is named here.
  const type = tipoDelComprobante({
    tipoDeComprobante: cfdi.TipoDeComprobante,
    serieKind: row.serie_kind,
    informacionGlobal: cfdi.InformacionGlobal !== undefined,
  }).clave as ComprobanteType;
  return {
    row,
    xml: row.xml_timbrado,
    cfdi,
    uuid: row.uuid,
    type,
    serieFolio: [cfdi.Serie, cfdi.Folio].filter(Boolean).join('-'),
    cancelado: row.status === 'cancelada',
  };
}

/** `<RFC emisor>_<serie>-<folio>_<UUID>.<ext>`: sorts by issuer and folio and never collides. */
export function fileNameOf(e: Entregable, ext: 'pdf' | 'xml'): string {
  return [e.cfdi.Emisor.Rfc, e.serieFolio, e.uuid].filter(Boolean).join('_') + `.${ext}`;
}

/** The PDF of a comprobante; with a test PAC it says on every page that it has no fiscal validity. */
export async function renderPdf(
  deps: Pick<ComprobantesDeps, 'db' | 'catalogos' | 'config'>,
  e: Entregable,
): Promise<Buffer> {
  const [logo, datos] = await Promise.all([
    findLogo(deps.db, e.row.enterprise_id),
    findDatosFiscales(deps.db, e.row.enterprise_id),
  ]);
  // The XML carries the legal name and the postal code only: the trade name and the address
  // come from Mis datos fiscales as they are when the PDF is printed.
  const emisor = datos ? emisorDelPdf(datos, deps.catalogos) : null;
  // The PDF library (pdfkit and its fonts, about 20 MB) loads with the first PDF, not at start.
  const { buildRepresentacionImpresa } = await import('./pdf/build-representacion-impresa.ts');
  return buildRepresentacionImpresa({
    xml: e.xml,
    tipo: e.type,
    logo,
    emisor,
    cancelado: e.cancelado,
    pruebas: e.row.pruebas || pacDePruebas(deps.config),
    catalogos: deps.catalogos,
  });
}

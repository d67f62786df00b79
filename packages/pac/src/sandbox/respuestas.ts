/**
 * The sandbox's answers as a PAC words them: the refusals (code, Spanish message, incidencias and the
 * raw JSON) and the stamp's success answer.
 */
import type { validateComprobante } from '@repo/cfdi/validacion';
import { mensajePac, PacDuplicadoError, PacRechazoError } from '../errors.ts';
import type { Incidencia, Timbre } from '../pac.ts';
import { medir } from '@repo/cfdi/fases';
import type { TimbreGuardado } from './store.ts';

export function rechazo(
  codigo: string,
  detalle?: string,
  incidencias?: Incidencia[],
): PacRechazoError {
  const mensaje = `${codigo} - ${mensajePac(codigo)}`;
  const raw = JSON.stringify({
    status: 'error',
    message: mensaje,
    messageDetail: detalle ?? null,
    data: null,
    errors: incidencias ?? [{ codigo, mensaje: mensajePac(codigo), detalle }],
  });
  return new PacRechazoError(
    codigo,
    mensaje,
    raw,
    incidencias ?? [{ codigo, mensaje: mensajePac(codigo), ...(detalle ? { detalle } : {}) }],
  );
}

/** CFDI3307: a different CFDI under a key that already has a stamp (its stamp travels with it). */
export function duplicado(t: TimbreGuardado): PacDuplicadoError {
  const mensaje = `CFDI3307 - ${mensajePac('CFDI3307')}`;
  return new PacDuplicadoError(
    'CFDI3307',
    mensaje,
    JSON.stringify({ status: 'error', message: mensaje, data: { uuid: t.uuid } }),
    { uuid: t.uuid, xml: t.xml, fechaTimbrado: t.fechaTimbrado },
  );
}

/** The fiscal rules' refusal: the first error as code and message, every one as an incidencia. */
export function rechazoFiscal(errores: ReturnType<typeof validateComprobante>): PacRechazoError {
  const incidencias = errores.map((e) => ({
    codigo: e.code,
    mensaje: e.message,
    ruta: e.field,
    ...(e.satRule !== undefined ? { detalle: e.satRule } : {}),
  }));
  const primero = errores[0]!;
  const mensaje = `${primero.code} - ${primero.message}`;
  return new PacRechazoError(
    primero.code,
    mensaje,
    JSON.stringify({
      status: 'error',
      message: mensaje,
      messageDetail: primero.field,
      data: null,
      errors: incidencias,
    }),
    incidencias,
  );
}

/** The success answer for a stamp: new (200) or one issued before for the same CFDI (307). */
export function respuestaTimbre(
  t: TimbreGuardado,
  previo: boolean,
  noCertificadoSAT: string,
): Timbre {
  const raw = medir('pac.respuesta', () =>
    JSON.stringify({
      status: 'success',
      ...(previo ? { previouslyStamped: true, message: `307 - ${mensajePac('307')}` } : {}),
      data: {
        cfdi: t.xml,
        uuid: t.uuid,
        fechaTimbrado: t.fechaTimbrado,
        noCertificadoSAT,
        selloSAT: t.selloSAT,
        selloCFDI: t.selloCFD,
        cadenaOriginalSAT: t.cadenaOriginalTfd,
      },
    }),
  );
  return {
    codigo: previo ? '307' : '200',
    mensaje: previo ? mensajePac('307') : 'Comprobante timbrado satisfactoriamente.',
    incidencias: previo ? [{ codigo: '307', mensaje: mensajePac('307') }] : [],
    raw,
    xml: t.xml,
    uuid: t.uuid,
    fechaTimbrado: t.fechaTimbrado,
    noCertificadoSAT,
    selloSAT: t.selloSAT,
    selloCFD: t.selloCFD,
    rfcProvCertif: /RfcProvCertif="([^"]+)"/.exec(t.xml)?.[1] ?? '',
    cadenaOriginalTfd: t.cadenaOriginalTfd,
    previamenteTimbrado: previo,
  };
}

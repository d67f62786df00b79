import { COMPROBANTE_TYPE_LABEL, type ComprobanteType } from '@repo/contracts/comprobantes';
import { tipoComprobante } from '@repo/contracts/tipos-comprobante/registro';
import { articulo, participio } from '@repo/contracts/tipos-comprobante/tipo-comprobante';
import {
  SIN_VALIDEZ_FISCAL_LEYENDA,
  SIN_VALIDEZ_FISCAL_TITULO,
} from '@repo/contracts/modo-pruebas';
import { renderEmail, type RenderedEmail } from '../../email/templates/email-layout.ts';
import { formatFecha, formatMoney } from './pdf/formato.ts';

/** The e-mail that delivers a stamped comprobante to the client, PDF and XML attached. */
export function comprobanteEmail(input: {
  comprobanteType: ComprobanteType;
  /** The enterprise's display name (trade name, else legal name). */
  empresa: string;
  serieFolio: string;
  total: string;
  moneda: string;
  uuid: string;
  fecha: string;
  receptor: string;
  cancelado: boolean;
  /** Stamped by a test PAC: the e-mail says it has no fiscal validity and offers no SAT check. */
  pruebas: boolean;
  verificacionUrl: string;
}): RenderedEmail {
  const tipo = COMPROBANTE_TYPE_LABEL[input.comprobanteType];
  const documento = input.serieFolio
    ? `${tipo.toLowerCase()} ${input.serieFolio}`
    : tipo.toLowerCase();
  const total = `${formatMoney(input.total)} ${input.moneda}`;
  const registrado = tipoComprobante(input.comprobanteType);
  const paragraphs = [
    `${input.empresa} le envía ${articulo(registrado)} ${documento} ${participio(registrado, 'emitid')} a ${input.receptor}.`,
    [
      `${tipo}: ${input.serieFolio || 'sin serie ni folio'}`,
      `Total: ${total}`,
      `Fecha de emisión: ${formatFecha(input.fecha)}`,
      `Folio fiscal (UUID): ${input.uuid}`,
    ].join('\n'),
    input.pruebas
      ? `${SIN_VALIDEZ_FISCAL_TITULO}. ${SIN_VALIDEZ_FISCAL_LEYENDA} Adjuntamos su PDF y su XML solo como muestra: no los use para su contabilidad.`
      : 'Adjuntamos el PDF (representación impresa) y el XML del comprobante. El XML es el documento con validez fiscal: consérvelo para su contabilidad.',
  ];
  if (input.cancelado) {
    paragraphs.push(
      'Aviso: este comprobante fue cancelado ante el SAT y ya no tiene efectos fiscales.',
    );
  }
  const asunto = `${tipo} ${input.serieFolio} de ${input.empresa} — ${total}`;
  return renderEmail({
    subject: `${input.pruebas ? '[Prueba sin validez fiscal] ' : ''}${asunto}`.replace(/\s+/g, ' '),
    greeting: 'Estimado cliente:',
    paragraphs,
    ...(input.pruebas
      ? {}
      : { action: { label: 'Verificar en el portal del SAT', url: input.verificacionUrl } }),
    closing: [
      `Si tiene dudas sobre este comprobante, responda a este correo para comunicarse con ${input.empresa}.`,
    ],
  });
}

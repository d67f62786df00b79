/**
 * The SAT status service (ConsultaCFDIService.svc, SOAP): the verification expression of rules 6.4
 * sent, the CFDI's status read from the answer.
 */
import { mensajePac, PacRespuestaInvalidaError } from '../errors.ts';
import type { ConsultarEstadoInput, EsCancelable, EstadoCfdi, EstatusCancelacion } from '../pac.ts';
import { http } from './http.ts';

export const CONSULTA_SAT_PRODUCCION =
  'https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc';

/** `tt` of the verification expression (rules 6.4): no non-significant zeros, one digit each side. */
export function totalExpresion(total: string): string {
  const [entero = '0', decimales = ''] = total.trim().split('.');
  const e = entero.replace(/^0+(?=\d)/, '') || '0';
  return `${e}.${decimales.replace(/0+$/, '') || '0'}`;
}

/** The SAT status service (SOAP), with the verification expression of rules 6.4. */
export async function consultarEstadoSat(
  url: string,
  input: ConsultarEstadoInput,
  timeoutMs: number | undefined,
): Promise<EstadoCfdi> {
  const expresion =
    `?re=${input.rfcEmisor}&rr=${input.rfcReceptor}&tt=${totalExpresion(input.total)}&id=${input.uuid}` +
    (input.sello8 ? `&fe=${input.sello8}` : '');
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tem="http://tempuri.org/">` +
    `<soap:Header/><soap:Body><tem:Consulta><tem:expresionImpresa><![CDATA[${expresion}]]></tem:expresionImpresa></tem:Consulta></soap:Body></soap:Envelope>`;
  const a = await http(
    url,
    {
      method: 'POST',
      headers: {
        'content-type': 'text/xml; charset=utf-8',
        soapaction: 'http://tempuri.org/IConsultaCFDIService/Consulta',
      },
      body,
    },
    timeoutMs,
  );
  const campo = (n: string): string | undefined => {
    const m = new RegExp(
      `<(?:\\w+:)?${n}(?:\\s[^>]*)?>([^<]*)</(?:\\w+:)?${n}>|<(?:\\w+:)?${n}(?:\\s[^>]*)?/>`,
    ).exec(a.text);
    return m ? (m[1] ?? '') : undefined;
  };
  const codigoEstatus = campo('CodigoEstatus');
  const estado = campo('Estado');
  if (a.status !== 200 || codigoEstatus === undefined || estado === undefined)
    throw new PacRespuestaInvalidaError('MALFORMED', mensajePac('MALFORMED'), a.text);
  if (!['Vigente', 'Cancelado', 'No Encontrado'].includes(estado))
    throw new PacRespuestaInvalidaError('MALFORMED', mensajePac('MALFORMED'), a.text);
  return {
    codigo: codigoEstatus.startsWith('S') ? 'S' : 'N',
    mensaje: codigoEstatus,
    incidencias: [],
    raw: a.text,
    codigoEstatus,
    estado: estado as EstadoCfdi['estado'],
    esCancelable: (campo('EsCancelable') ?? '') as EsCancelable | '',
    estatusCancelacion: (campo('EstatusCancelacion') ?? '') as EstatusCancelacion,
  };
}

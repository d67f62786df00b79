/**
 * Honest test mode: what a test PAC stamps (the built-in sandbox, or a PAC's test services) is not
 * sent to the SAT and has no fiscal validity. These texts say so on screen, on the PDF, on the share
 * page and in the e-mail; API and SPA print the same words.
 */
export const MODO_PRUEBAS_MARCA = 'Modo de pruebas';
export const SIN_VALIDEZ_FISCAL_TITULO = 'DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL';
export const SIN_VALIDEZ_FISCAL_LEYENDA =
  'Este comprobante fue timbrado por un PAC de pruebas: no fue enviado al SAT, no tiene validez fiscal y no puede verificarse en el portal del SAT.';
export const MODO_PRUEBAS_APP =
  'Las facturas que timbre en esta instalación se timbran con un PAC de pruebas: no se envían al SAT y no tienen validez fiscal.';

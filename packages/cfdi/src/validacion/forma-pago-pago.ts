/**
 * The bank fields of a payment by its forma de pago (product spec section 5, the SAT's c_FormaPago
 * columns as cfdi40-rules 7.3 summarises them): which fields a payment may carry and the pattern of
 * its accounts. One table for the form, the API and the sandbox PAC.
 */

/** The payment's optional data as the payment complement form names it (spec section 3). */
export interface DatosBancariosPago {
  num_operacion?: string | null | undefined;
  rfc_emisor_cta_ordenante?: string | null | undefined;
  nom_banco_ordenante_ext?: string | null | undefined;
  cta_ordenante?: string | null | undefined;
  rfc_emisor_cta_ben?: string | null | undefined;
  cta_beneficiario?: string | null | undefined;
  tipo_cadena_pago?: string | null | undefined;
  cert_pago?: string | null | undefined;
  cad_pago?: string | null | undefined;
  sello_pago?: string | null | undefined;
}

export type CampoBancarioPago = keyof DatosBancariosPago;

export interface CamposFormaPago {
  /** RFC of the ordering bank, foreign bank name and ordering account. */
  ordenante: boolean;
  /** RFC of the beneficiary bank and beneficiary account. */
  beneficiario: boolean;
  numOperacion: boolean;
  /** Payment chain (SPEI): TipoCadPago, CertPago, CadPago, SelloPago. */
  cadenaPago: boolean;
  /** Pattern of CtaOrdenante; null: no rule. */
  patronOrdenante: RegExp | null;
  /** Pattern of CtaBeneficiario. */
  patronBeneficiario: RegExp | null;
  /** What the patterns accept, for the messages. */
  formatoOrdenante: string;
  formatoBeneficiario: string;
}

const BANCARIOS = ['02', '03', '04', '05', '06', '28', '29'];
const BENEFICIARIO = ['02', '03', '04', '05', '28', '29'];
const SOLO_OPERACION = [
  '01',
  '08',
  '12',
  '13',
  '14',
  '15',
  '17',
  '23',
  '24',
  '25',
  '26',
  '27',
  '30',
  '31',
];

const BEN_GENERAL = /^(?:[0-9]{10,11}|[0-9]{15,16}|[0-9]{18}|[A-Z0-9_]{10,50})$/;
const BEN_GENERAL_TEXTO =
  '10 u 11, 15 o 16, o 18 dígitos, o de 10 a 50 letras mayúsculas, dígitos o guion bajo';

const ORDENANTE: Record<string, [RegExp, string]> = {
  '02': [/^(?:[0-9]{11}|[0-9]{18})$/, '11 o 18 dígitos'],
  '03': [/^(?:[0-9]{10}|[0-9]{16}|[0-9]{18})$/, '10, 16 o 18 dígitos'],
  '04': [/^[0-9]{16}$/, '16 dígitos'],
  '05': [BEN_GENERAL, BEN_GENERAL_TEXTO],
  '06': [/^[0-9]{10}$/, '10 dígitos'],
  '28': [/^[0-9]{16}$/, '16 dígitos'],
  '29': [/^[0-9]{15,16}$/, '15 o 16 dígitos'],
};

const BENEFICIARIA: Record<string, [RegExp, string]> = {
  '02': [BEN_GENERAL, BEN_GENERAL_TEXTO],
  '03': [/^(?:[0-9]{10}|[0-9]{18})$/, '10 o 18 dígitos'],
  '04': [BEN_GENERAL, BEN_GENERAL_TEXTO],
  '05': [BEN_GENERAL, BEN_GENERAL_TEXTO],
  '28': [BEN_GENERAL, BEN_GENERAL_TEXTO],
  '29': [BEN_GENERAL, BEN_GENERAL_TEXTO],
};
const BEN_OTRAS: [RegExp, string] = [/^.{10,50}$/, 'de 10 a 50 caracteres'];

export const NUM_OPERACION_MAX = 100;
export const NOMBRE_BANCO_MAX = 300;
/** RFC of a foreign bank (rules 7.3): it then needs the bank's name. */
export const RFC_BANCO_EXTRANJERO = 'XEXX010101000';

/** The fields the spec shows for a forma de pago and the patterns it checks. */
export function camposFormaPago(formaPago: string): CamposFormaPago {
  const ordenante = BANCARIOS.includes(formaPago);
  const beneficiario = BENEFICIARIO.includes(formaPago);
  const [patronOrdenante, formatoOrdenante] = ORDENANTE[formaPago] ?? [null, ''];
  const [patronBeneficiario, formatoBeneficiario] = BENEFICIARIA[formaPago] ?? BEN_OTRAS;
  return {
    ordenante,
    beneficiario,
    numOperacion: ordenante || SOLO_OPERACION.includes(formaPago),
    cadenaPago: formaPago === '03',
    patronOrdenante,
    patronBeneficiario,
    formatoOrdenante,
    formatoBeneficiario,
  };
}

const RFC = /^[A-ZÑ&]{3,4}[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;
const RFC_MORAL =
  /^[A-ZÑ&]{3}[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[0-9A]$/;

export interface ErrorCampoPago {
  field: CampoBancarioPago;
  message: string;
}

function lleno(v: string | null | undefined): v is string {
  return typeof v === 'string' && v.trim() !== '';
}

/**
 * The payment's bank data checked against its forma de pago, in Spanish: a field the forma de pago
 * does not admit (the SAT refuses it), an account out of its pattern, a length over the limit,
 * a SPEI chain incomplete. Empty when everything may be stamped.
 */
export function validarDatosBancariosPago(
  formaPago: string,
  datos: DatosBancariosPago,
): ErrorCampoPago[] {
  const c = camposFormaPago(formaPago);
  const errores: ErrorCampoPago[] = [];
  const no = (field: CampoBancarioPago, nombre: string) => {
    if (lleno(datos[field]))
      errores.push({
        field,
        message: `${nombre} no se registra con la forma de pago ${formaPago}.`,
      });
  };
  if (lleno(datos.num_operacion)) {
    if (!c.numOperacion) no('num_operacion', 'El número de operación');
    else if (datos.num_operacion.length > NUM_OPERACION_MAX)
      errores.push({
        field: 'num_operacion',
        message: `El número de operación no puede tener más de ${NUM_OPERACION_MAX} caracteres.`,
      });
    else if (datos.num_operacion.includes('|'))
      errores.push({
        field: 'num_operacion',
        message: 'El número de operación no puede contener el carácter |.',
      });
  }
  if (!c.ordenante) {
    no('rfc_emisor_cta_ordenante', 'El RFC del banco ordenante');
    no('nom_banco_ordenante_ext', 'El nombre del banco extranjero');
    no('cta_ordenante', 'La cuenta ordenante');
  } else {
    const rfc = datos.rfc_emisor_cta_ordenante?.trim().toUpperCase() ?? '';
    if (rfc && !RFC.test(rfc))
      errores.push({
        field: 'rfc_emisor_cta_ordenante',
        message: 'El RFC del banco ordenante no es válido.',
      });
    const nombre = datos.nom_banco_ordenante_ext?.trim() ?? '';
    if (nombre.length > NOMBRE_BANCO_MAX)
      errores.push({
        field: 'nom_banco_ordenante_ext',
        message: `El nombre del banco no puede tener más de ${NOMBRE_BANCO_MAX} caracteres.`,
      });
    else if (rfc === RFC_BANCO_EXTRANJERO && !nombre)
      errores.push({
        field: 'nom_banco_ordenante_ext',
        message: `Con el RFC ${RFC_BANCO_EXTRANJERO} (banco extranjero) indique el nombre del banco.`,
      });
    else if (nombre && (formaPago === '05' || formaPago === '06'))
      errores.push({
        field: 'nom_banco_ordenante_ext',
        message: `El SAT no admite el nombre del banco extranjero con la forma de pago ${formaPago}; deje el campo vacío.`,
      });
    const cta = datos.cta_ordenante?.trim() ?? '';
    if (cta && c.patronOrdenante && !c.patronOrdenante.test(cta))
      errores.push({
        field: 'cta_ordenante',
        message: `La cuenta ordenante para la forma de pago ${formaPago} debe tener ${c.formatoOrdenante}.`,
      });
  }
  if (!c.beneficiario) {
    no('rfc_emisor_cta_ben', 'El RFC del banco beneficiario');
    no('cta_beneficiario', 'La cuenta beneficiaria');
  } else {
    const rfc = datos.rfc_emisor_cta_ben?.trim().toUpperCase() ?? '';
    if (rfc && !RFC_MORAL.test(rfc))
      errores.push({
        field: 'rfc_emisor_cta_ben',
        message: 'El RFC del banco beneficiario debe ser el de una persona moral (12 caracteres).',
      });
    const cta = datos.cta_beneficiario?.trim() ?? '';
    if (cta && c.patronBeneficiario && !c.patronBeneficiario.test(cta))
      errores.push({
        field: 'cta_beneficiario',
        message: `La cuenta beneficiaria para la forma de pago ${formaPago} debe tener ${c.formatoBeneficiario}.`,
      });
  }
  if (!c.cadenaPago) {
    no('tipo_cadena_pago', 'El tipo de cadena de pago');
    no('cert_pago', 'El certificado del pago');
    no('cad_pago', 'La cadena del pago');
    no('sello_pago', 'El sello del pago');
  } else {
    const spei = lleno(datos.tipo_cadena_pago);
    if (spei && datos.tipo_cadena_pago !== '01')
      errores.push({
        field: 'tipo_cadena_pago',
        message: 'El tipo de cadena de pago solo puede ser 01 (SPEI).',
      });
    const cadena: [CampoBancarioPago, string][] = [
      ['cert_pago', 'el certificado del pago'],
      ['cad_pago', 'la cadena original del pago'],
      ['sello_pago', 'el sello del pago'],
    ];
    for (const [field, nombre] of cadena) {
      if (spei && !lleno(datos[field]))
        errores.push({ field, message: `Con el tipo de cadena de pago SPEI indique ${nombre}.` });
      if (!spei && lleno(datos[field]))
        errores.push({
          field,
          message: `Indique el tipo de cadena de pago (01 SPEI) para registrar ${nombre}.`,
        });
    }
  }
  return errores;
}

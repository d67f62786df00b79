/** Initial-configuration state (spec section 3): the step counter starts at 1. */
export const FIRST_STEP = 1;

export const WIZARD_STEPS = [
  { title: 'Datos fiscales', hint: 'Los datos del emisor de sus facturas.' },
  { title: 'Sellos digitales', hint: 'Su Certificado de Sello Digital (CSD).' },
  { title: 'Series y folios', hint: 'La serie y el primer folio de sus facturas.' },
  { title: 'Grupo de impuestos', hint: 'Los impuestos de sus productos y servicios.' },
  { title: 'Primer cliente', hint: 'A quién le factura.' },
  { title: 'Primer producto o servicio', hint: 'Lo que factura, con su clave del SAT.' },
] as const;

export const LAST_STEP = WIZARD_STEPS.length;

/** Spec section 4: the step counter goes forward, back, or is reset; it never leaves 1…LAST_STEP. */
export function nextStep(step: number): number {
  return Math.min(step + 1, LAST_STEP);
}

export function previousStep(step: number): number {
  return Math.max(step - 1, FIRST_STEP);
}

export function resetStep(): number {
  return FIRST_STEP;
}

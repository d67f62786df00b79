/** A credit note's status as the screens show it: its label and its badge's colour. */
export const NOTA_STATUS: Record<string, { label: string; bg: string }> = {
  timbrada: { label: 'Timbrada', bg: 'success' },
  cancelada: { label: 'Cancelada', bg: 'secondary' },
  sellada: { label: 'En espera del PAC', bg: 'warning' },
  rechazada: { label: 'Rechazada por el PAC', bg: 'danger' },
};

export function notaStatus(status: string): { label: string; bg: string } {
  return NOTA_STATUS[status] ?? { label: status, bg: 'light' };
}

export const RELACION: Record<string, string> = {
  '01': '01 - Descuento o bonificación',
  '03': '03 - Devolución de mercancía',
  '07': '07 - Aplicación de anticipo',
};

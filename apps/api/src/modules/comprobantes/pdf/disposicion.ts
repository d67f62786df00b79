/** The page layout of the representación impresa: letter size, margins, colours and fonts. */
export const PAGE = { width: 612, height: 792 };
export const M = 30;
export const W = PAGE.width - 2 * M;
export const BOTTOM = PAGE.height - 42;
export const C = {
  ink: '#1f2933',
  muted: '#52606d',
  accent: '#1f4e79',
  band: '#e8eef5',
  zebra: '#f6f8fa',
  line: '#c5ced8',
  red: '#c0392b',
};
export const F = { r: 'Helvetica', b: 'Helvetica-Bold', mono: 'Courier' };

/** c_Impuesto keys by the name printed. */
export const IMPUESTO_NOMBRE: Record<string, string> = {
  '001': 'ISR',
  '002': 'IVA',
  '003': 'IEPS',
};

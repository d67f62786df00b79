/** Spec section 9: seal file names are shortened past these lengths. */
export const CER_NAME_MAX = 50;
export const KEY_NAME_MAX = 30;

/** A long file name shortened to `max` characters, keeping its end (the extension) visible. */
export function shortenFileName(name: string, max: number): string {
  if (name.length <= max) return name;
  const tail = Math.min(8, Math.floor(max / 3));
  return `${name.slice(0, max - tail - 1)}…${name.slice(-tail)}`;
}

const DATE = new Intl.DateTimeFormat('es-MX', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Mexico_City',
});

/** A certificate date as people read it: "23 de noviembre de 2026". */
export function formatCertificateDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : DATE.format(date);
}

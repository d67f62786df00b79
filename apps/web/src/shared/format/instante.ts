const INSTANTE = new Intl.DateTimeFormat('es-MX', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** An ISO instant as the user's local date and time (dd/mm/aaaa, hh:mm). */
export function formatInstante(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : INSTANTE.format(date);
}

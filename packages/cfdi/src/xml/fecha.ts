/**
 * Fecha of a CFDI: the wall-clock time of the LugarExpedicion's time zone, to the second, without
 * offset (rules 1.4). The postal code's `huso_descripcion` (c_CodigoPostal) selects an IANA zone;
 * the tz database does the arithmetic (the catalog's DST columns predate Mexico's 2022 change).
 */
export const ZONA_HORARIA_POR_HUSO: Readonly<Record<string, string>> = {
  'Tiempo del Centro': 'America/Mexico_City',
  'Tiempo del Centro en Frontera': 'America/Matamoros',
  'Tiempo del Pacífico': 'America/Mazatlan',
  'Tiempo del Pacífico en Frontera': 'America/Ciudad_Juarez',
  'Tiempo del Pacífico Sonora': 'America/Hermosillo',
  'Tiempo del Noroeste en Frontera': 'America/Tijuana',
  'Tiempo del Sureste': 'America/Cancun',
};

/** IANA zone for a c_CodigoPostal `huso_descripcion`; Tiempo del Centro when unknown or empty. */
export function zonaHorariaDeHuso(husoDescripcion: string | undefined): string {
  return ZONA_HORARIA_POR_HUSO[(husoDescripcion ?? '').trim()] ?? 'America/Mexico_City';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * `AAAA-MM-DDThh:mm:ss` of `instante` in `zona` (an IANA zone or a `huso_descripcion`), truncated to
 * the second. Pure: the instant comes in as an argument.
 */
export function fechaLocal(instante: Date, zona: string): string {
  const tz = zona.includes('/') ? zona : zonaHorariaDeHuso(zona);
  const parts: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(instante)) parts[p.type] = p.value;
  return `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}:${parts['second']}`;
}

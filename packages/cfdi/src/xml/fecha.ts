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
  const t = instante.getTime();
  // Outside 1970-01-02 … 9999-12-30 (or an invalid date) always through the tz database.
  if (!(t >= DIA && t < 253402300800000 - DIA)) return formatear(tz, instante);
  const tramo = Math.floor(t / TRAMO);
  let tramos = desfasesPorZona.get(tz);
  if (!tramos) desfasesPorZona.set(tz, (tramos = new Map()));
  let desfase = tramos.get(tramo);
  if (desfase === undefined) {
    const inicio = tramo * TRAMO;
    desfase = desfaseEn(tz, inicio);
    // A change of offset inside the slot: this instant goes through the tz database.
    if (desfaseEn(tz, inicio + TRAMO - 1000) !== desfase) return formatear(tz, instante);
    if (tramos.size >= TRAMOS_POR_ZONA) tramos.clear();
    tramos.set(tramo, desfase);
  }
  return new Date(Math.floor(t / 1000) * 1000 + desfase).toISOString().slice(0, 19);
}

/**
 * formatToParts costs tens of microseconds and a stamp needs the local time several times, so
 * fechaLocal keeps a zone's offset (local − UTC, in ms) for a 15-minute slot of UTC: an offset
 * read at both the first and the last second of a slot holds for every second between them (two
 * changes of offset never fall within 15 minutes), and the wall-clock time is then plain arithmetic.
 */
const TRAMO = 15 * 60_000;
const DIA = 86_400_000;
/**
 * The offsets of the slots used lately, per zone. One stamp asks about several slots (now, the
 * document's date read as UTC on its way to an instant, the window of the PAC's checks): keeping
 * only the last one made those calls evict each other and pay two formatToParts each.
 */
const desfasesPorZona = new Map<string, Map<number, number>>();
/** Enough for every slot a day of stamps touches; past it the zone's slots start over. */
const TRAMOS_POR_ZONA = 512;

function formatear(tz: string, instante: Date): string {
  const parts: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(instante)) parts[p.type] = p.value;
  return `${parts['year']}-${parts['month']}-${parts['day']}T${parts['hour']}:${parts['minute']}:${parts['second']}`;
}

function desfaseEn(tz: string, t: number): number {
  return Date.parse(`${formatear(tz, new Date(t))}Z`) - t;
}

/** Instant of a wall-clock `AAAA-MM-DDThh:mm:ss` in an IANA zone (the inverse of fechaLocal). */
export function instanteDeFechaLocal(fecha: string, zona: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(fecha);
  if (!m) throw new Error(`Fecha inválida: ${fecha}`);
  const comoUtc = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  let t = comoUtc;
  for (let i = 0; i < 3; i++) {
    const visto = Date.parse(`${fechaLocal(new Date(t), zona)}Z`);
    const delta = visto - comoUtc;
    if (delta === 0) break;
    t -= delta;
  }
  return new Date(t);
}

/**
 * Rules 1.4 / 5.6 (PAC 305): Comprobante/@Fecha, read in the zone of LugarExpedicion, must fall inside
 * the CSD's validity. Answers the Spanish reason when it does not, or null.
 */
export function fechaFueraDeVigencia(
  fecha: string,
  zona: string,
  vigencia: { desde: Date; hasta: Date },
): string | null {
  const t = instanteDeFechaLocal(fecha, zona).getTime();
  const dia = (d: Date) => fechaLocal(d, zona).replace('T', ' ');
  if (t < vigencia.desde.getTime())
    return `La fecha de la factura (${fecha.replace('T', ' ')}) es anterior al inicio de la vigencia de sus sellos digitales (${dia(vigencia.desde)}): el PAC la rechazaría (305). Elija una fecha desde ese día.`;
  if (t > vigencia.hasta.getTime())
    return `La fecha de la factura (${fecha.replace('T', ' ')}) es posterior al fin de la vigencia de sus sellos digitales (${dia(vigencia.hasta)}): el PAC la rechazaría (305).`;
  return null;
}

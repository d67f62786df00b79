/**
 * IANA time zone of a c_CodigoPostal `huso_descripcion`. The catalog's daylight-saving columns
 * predate Mexico's end of summer time (October 2022): the tz database does the arithmetic.
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

/** Tiempo del Centro when the description is unknown or empty. */
export function zonaHorariaDeHuso(husoDescripcion: string): string {
  return ZONA_HORARIA_POR_HUSO[husoDescripcion.trim()] ?? 'America/Mexico_City';
}

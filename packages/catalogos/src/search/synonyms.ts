/**
 * Everyday words people type that the SAT spells differently. Each group is a set of words taken as
 * the same when searching (one word each: the catalog is matched word by word). Kept short and
 * curated on purpose: a wrong synonym hides the right key.
 */
export const SINONIMOS: readonly (readonly string[])[] = [
  ['portatil', 'laptop', 'notebook', 'netbook'],
  ['computadora', 'computador', 'ordenador', 'computo'],
  ['celular', 'movil', 'smartphone'],
  ['auto', 'automovil', 'coche', 'carro', 'vehiculo'],
  ['camion', 'autobus'],
  ['refresco', 'gaseosa', 'soda'],
  ['playera', 'camiseta'],
  ['tenis', 'zapatilla'],
  ['pluma', 'boligrafo', 'lapicero'],
  ['foco', 'bombilla', 'bombillo', 'lampara'],
  ['impresora', 'printer'],
  ['monitor', 'pantalla'],
  ['televisor', 'television', 'tv', 'pantalla'],
  ['software', 'programa', 'aplicacion', 'app'],
  ['internet', 'web'],
  ['asesoria', 'consultoria'],
  ['mantenimiento', 'reparacion'],
  ['renta', 'arrendamiento', 'alquiler'],
  ['flete', 'transporte'],
  ['comida', 'alimento'],
  ['carne', 'res'],
  ['jitomate', 'tomate'],
  ['elote', 'maiz'],
  ['papa', 'patata'],
];

/**
 * The fixed query set of the catalog benchmark: what people type in the product-key and unit
 * selectors. Types: key (a full key), key-prefix, word (one word), words (two or three words, with
 * and without accents), typing (the prefixes produced while typing a word), unit.
 */
export type QueryType = 'key' | 'key-prefix' | 'word' | 'words' | 'typing' | 'unit';

export interface BenchQuery {
  type: QueryType;
  q: string;
}

const KEYS = [
  '01010101',
  '10101501',
  '43211503',
  '43211508',
  '84111506',
  '84111500',
  '80111600',
  '81112100',
  '90111501',
  '50202306',
  '15101514',
  '15101505',
  '78101800',
  '72101500',
  '44121600',
  '53101502',
  '56101500',
  '25101500',
  '43231500',
  '81111500',
];
const KEY_PREFIXES = [
  '8',
  '84',
  '841',
  '8411',
  '84111',
  '4321',
  '43',
  '501',
  '5020',
  '90',
  '901',
  '72',
  '7210',
  '1510',
  '15101',
  '44',
  '441216',
  '81',
  '8111',
  '53',
];
const WORDS = [
  'gato',
  'computadora',
  'laptop',
  'papel',
  'gasolina',
  'diésel',
  'diesel',
  'hotel',
  'hospedaje',
  'honorarios',
  'asesoría',
  'asesoria',
  'consultoría',
  'renta',
  'arrendamiento',
  'flete',
  'transporte',
  'software',
  'licencia',
  'mantenimiento',
  'reparación',
  'limpieza',
  'vigilancia',
  'publicidad',
  'capacitación',
  'cemento',
  'varilla',
  'tornillos',
  'pintura',
  'refacciones',
  'medicamentos',
  'consulta',
  'tortillas',
  'pan',
  'leche',
  'carne',
  'pollo',
  'refresco',
  'cerveza',
  'agua',
];
const PHRASES = [
  'computadora portatil',
  'computadora portátil',
  'servicios contables',
  'servicio de contabilidad',
  'renta de oficinas',
  'arrendamiento de inmuebles',
  'servicios de limpieza',
  'papel bond',
  'tinta para impresora',
  'cartucho de tóner',
  'agua purificada',
  'agua embotellada',
  'consultoría en sistemas',
  'desarrollo de software',
  'licencia de software',
  'servicio de internet',
  'telefonía celular',
  'mantenimiento de vehículos',
  'reparación de equipo',
  'transporte de carga',
  'flete terrestre',
  'materiales de construcción',
  'blocks de concreto',
  'pintura vinílica',
  'artículos de oficina',
  'muebles de oficina',
  'silla de oficina',
  'honorarios médicos',
  'consulta médica',
  'servicios legales',
  'asesoría fiscal',
  'capacitación de personal',
  'publicidad en internet',
  'diseño gráfico',
  'alimentos preparados',
  'comida para perros',
  'gatos vivos',
  'leche entera',
  'carne de res',
  'equipo de computo',
];
const TYPED_WORDS = [
  'computadora',
  'servicio',
  'papeleria',
  'gasolina',
  'consultoria',
  'mantenimiento',
  'hospedaje',
  'arrendamiento',
  'transporte',
  'publicidad',
  'limpieza',
  'medicamento',
];
const UNITS = [
  'pieza',
  'piezas',
  'servicio',
  'kilogramo',
  'kg',
  'litro',
  'litros',
  'metro',
  'caja',
  'paquete',
  'hora',
  'día',
  'mes',
  'actividad',
  'H87',
  'E48',
  'KGM',
  'LTR',
  'XBX',
  'tonelada',
];

export function benchQueries(): BenchQuery[] {
  const out: BenchQuery[] = [];
  for (const q of KEYS) out.push({ type: 'key', q });
  for (const q of KEY_PREFIXES) out.push({ type: 'key-prefix', q });
  for (const q of WORDS) out.push({ type: 'word', q });
  for (const q of PHRASES) out.push({ type: 'words', q });
  for (const w of TYPED_WORDS) {
    for (let i = 1; i <= Math.min(w.length, 7); i++) out.push({ type: 'typing', q: w.slice(0, i) });
  }
  for (const q of UNITS) out.push({ type: 'unit', q });
  return out;
}

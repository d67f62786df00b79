import type { Catalogos } from '@repo/catalogos';

/** What the paper shows of the issuer beyond its CFDI data: its trade name and its address. */
export interface EmisorDelPdf {
  /** The nombre comercial of Mis datos fiscales; empty when it has none. */
  nombreComercial: string;
  /** "Av. Juárez 100 Int. 3, Col. Centro, Pachuca de Soto, Hidalgo, C.P. 42000"; empty if none. */
  domicilio: string;
}

export interface DomicilioFiscal {
  nombre_comercial: string | null;
  codigo_postal: string | null;
  estado: string | null;
  ciudad: string | null;
  municipio: string | null;
  colonia: string | null;
  calle: string | null;
  numero_exterior: string | null;
  numero_interior: string | null;
}

type CatalogosDomicilio = Pick<Catalogos, 'estados' | 'municipios' | 'localidades' | 'colonias'>;

const limpio = (v: string | null | undefined) => (v ?? '').trim();

/**
 * The issuer's address as Mis datos fiscales has it, its keys (c_Estado, c_Municipio,
 * c_Localidad, c_Colonia) written as their names; a key the catalogue does not know is left out
 * rather than printed bare.
 */
export function emisorDelPdf(d: DomicilioFiscal, cat: CatalogosDomicilio): EmisorDelPdf {
  const cp = limpio(d.codigo_postal);
  // c_CodigoPostal still says DIF for Mexico City; c_Estado says CMX.
  const estado = limpio(d.estado) === 'DIF' ? 'CMX' : limpio(d.estado);
  const calle = [
    limpio(d.calle),
    limpio(d.numero_exterior),
    limpio(d.numero_interior) && `Int. ${limpio(d.numero_interior)}`,
  ]
    .filter(Boolean)
    .join(' ');
  const colonia = limpio(d.colonia) && cat.colonias.get(cp, limpio(d.colonia))?.nombreAsentamiento;
  const localidad =
    estado && limpio(d.ciudad) && cat.localidades.get(estado, limpio(d.ciudad))?.descripcion;
  const municipio =
    estado && limpio(d.municipio) && cat.municipios.get(estado, limpio(d.municipio))?.descripcion;
  const partes = [
    calle,
    colonia && `Col. ${colonia}`,
    localidad,
    municipio !== localidad && municipio,
    estado && cat.estados.get(estado)?.nombre,
    cp && `C.P. ${cp}`,
  ];
  // Only a postal code is not an address: the Lugar de expedición line already prints it.
  const domicilio =
    calle || colonia || localidad || municipio ? partes.filter(Boolean).join(', ') : '';
  return { nombreComercial: limpio(d.nombre_comercial), domicilio };
}

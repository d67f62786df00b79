import { catalogo } from './catalogo.ts';
import type { Catalogos, CatalogoBuscable, CatalogoPorEstado } from './catalogos.ts';
import * as read from './load.ts';
import { readColoniasCompact } from './postal.ts';
import { TextIndex } from './search/text-index.ts';
import type { TextIndexSpec } from './search/types.ts';
import type { ClaveProdServ, ClaveUnidad, Estado, Municipio, TasaOCuota } from './types.ts';
import { fechaIso, vigenteEn } from './vigencia.ts';

/** A value computed on first use, then kept. */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

function porEstado<T extends Municipio>(rows: readonly T[]): CatalogoPorEstado<T> {
  const byKey = new Map<string, T>();
  const byEstado = new Map<string, T[]>();
  for (const row of rows) {
    byKey.set(`${row.estado}|${row.clave}`, row);
    const list = byEstado.get(row.estado);
    if (list) list.push(row);
    else byEstado.set(row.estado, [row]);
  }
  for (const list of byEstado.values()) list.sort((a, b) => (a.clave < b.clave ? -1 : 1));
  const get = (estado: string, clave: string) => byKey.get(`${read.estadoActual(estado)}|${clave}`);
  return {
    rows,
    get,
    delEstado: (estado) => byEstado.get(read.estadoActual(estado)) ?? [],
    vigente(estado, clave, fecha) {
      const row = get(estado, clave);
      return row !== undefined && vigenteEn(row, fechaIso(fecha));
    },
  };
}

/** Defers a catalog's construction to the first call of any of its members. */
function deferred<C extends object>(make: () => C): C {
  const get = lazy(make);
  return new Proxy({} as C, {
    get: (_t, prop) => {
      const target = get();
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
    has: (_t, prop) => Reflect.has(get(), prop),
  });
}

function buscable<T extends { clave: string }>(
  readRows: () => readonly T[],
  spec: TextIndexSpec<T>,
): CatalogoBuscable<T> {
  const rows = lazy(readRows);
  const index = lazy(() => new TextIndex(rows(), spec));
  const base = deferred(() => catalogo(rows()));
  // A literal, not Object.assign: assigning would call the `rows` getter and read the catalog now.
  return {
    get rows() {
      return base.rows;
    },
    get: (clave: string) => base.get(clave),
    has: (clave: string) => base.has(clave),
    vigente: (clave: string, fecha: string | Date) => base.vigente(clave, fecha),
    vigentes: (fecha: string | Date) => base.vigentes(fecha),
    search: (query: string, options = {}) => index().search(query, options),
  };
}

const hoy = () => new Date().toISOString().slice(0, 10);

/** Rows in force first, then fewer words, shorter text, lower key: the order inside a tier. */
function staticOrder<T extends { clave: string; vigenciaHasta: string }>(text: (r: T) => string) {
  const today = hoy();
  return (a: T, b: T): number => {
    const ea = a.vigenciaHasta !== '' && a.vigenciaHasta < today ? 1 : 0;
    const eb = b.vigenciaHasta !== '' && b.vigenciaHasta < today ? 1 : 0;
    if (ea !== eb) return ea - eb;
    const ta = text(a);
    const tb = text(b);
    const wa = ta.split(' ').length;
    const wb = tb.split(' ').length;
    if (wa !== wb) return wa - wb;
    if (ta.length !== tb.length) return ta.length - tb.length;
    return a.clave < b.clave ? -1 : a.clave > b.clave ? 1 : 0;
  };
}

/**
 * c_ClaveProdServ keys ending in 00 are classes ('80101500 Servicios de consultoría de negocios y
 * administración corporativa'), the rest products of a class ('80101507 Servicios de asesoramiento
 * sobre tecnologías de la información'): a class is what most people invoicing a service mean, so
 * inside a tier classes come first (after the rows in force), then the static order.
 */
const classFirst = (next: (a: ClaveProdServ, b: ClaveProdServ) => number) => {
  const today = hoy();
  const expired = (r: ClaveProdServ) => (r.vigenciaHasta !== '' && r.vigenciaHasta < today ? 1 : 0);
  const product = (r: ClaveProdServ) => (r.clave.endsWith('00') ? 0 : 1);
  return (a: ClaveProdServ, b: ClaveProdServ): number =>
    expired(a) - expired(b) || product(a) - product(b) || next(a, b);
};

export const PRODUCTOS_SPEC: TextIndexSpec<ClaveProdServ> = {
  key: (r) => r.clave,
  primary: (r) => r.descripcion,
  secondary: (r) => r.palabrasSimilares,
  keyPattern: /^\d{1,8}$/,
  compare: classFirst(staticOrder((r) => r.descripcion)),
};

export const UNIDADES_SPEC: TextIndexSpec<ClaveUnidad> = {
  key: (r) => r.clave,
  primary: (r) => r.nombre,
  secondary: (r) => `${r.simbolo} ${r.descripcion}`,
  keyPattern: /^[a-z0-9]{1,3}$/,
  compare: staticOrder((r) => r.nombre),
};

function personaAplica(
  row: { aplicaFisica: boolean; aplicaMoral: boolean },
  tipo: 'fisica' | 'moral',
): boolean {
  return tipo === 'fisica' ? row.aplicaFisica : row.aplicaMoral;
}

/** Exact decimal comparison of two non-negative catalog values ("0.160000" vs "0.16"). */
function compareDecimal(a: string, b: string): number {
  const [ia = '0', fa = ''] = a.trim().split('.');
  const [ib = '0', fb = ''] = b.trim().split('.');
  const na = ia.replace(/^0+/, '');
  const nb = ib.replace(/^0+/, '');
  if (na.length !== nb.length) return na.length - nb.length;
  if (na !== nb) return na < nb ? -1 : 1;
  const len = Math.max(fa.length, fb.length);
  const da = fa.padEnd(len, '0');
  const db = fb.padEnd(len, '0');
  return da === db ? 0 : da < db ? -1 : 1;
}

/** Builds the Catalogos over a data folder; every catalog is read on first use. */
export function createCatalogos(dir: string): Catalogos {
  const estados = deferred(() => {
    const rows = read.readEstados(dir);
    return Object.assign(catalogo(rows), {
      dePais: (pais: string): Estado[] => rows.filter((r) => r.pais === pais),
    });
  });
  const municipios = deferred(() => porEstado(read.readMunicipios(dir)));
  const localidades = deferred(() => porEstado(read.readLocalidades(dir)));
  const colonias = deferred(() => readColoniasCompact(dir));
  const codigosPostales = deferred(() => {
    const base = read.readCodigosPostalesIndexed(dir);
    return Object.assign(base, {
      municipioDe(cp: string) {
        const row = base.get(cp);
        return row && row.municipio !== '' ? municipios.get(row.estado, row.municipio) : undefined;
      },
      localidadDe(cp: string) {
        const row = base.get(cp);
        return row && row.localidad !== '' ? localidades.get(row.estado, row.localidad) : undefined;
      },
      estadoDe(cp: string) {
        const row = base.get(cp);
        return row ? estados.get(row.estado) : undefined;
      },
      zonaHoraria: (cp: string) => base.get(cp)?.husoHorario.zonaHoraria,
    });
  });
  const regimenesFiscales = deferred(() => {
    const base = catalogo(read.readRegimenesFiscales(dir));
    return Object.assign(base, {
      dePersona: (tipo: 'fisica' | 'moral') => base.rows.filter((r) => personaAplica(r, tipo)),
    });
  });
  const usosCfdi = deferred(() => {
    const base = catalogo(read.readUsosCfdi(dir));
    const permite = (uso: string, tipo: 'fisica' | 'moral', regimen: string): boolean => {
      const row = base.get(uso);
      return (
        row !== undefined &&
        personaAplica(row, tipo) &&
        row.regimenesFiscalesReceptores.includes(regimen)
      );
    };
    return Object.assign(base, {
      permite,
      paraReceptor(tipo: 'fisica' | 'moral', regimen: string, fecha?: string | Date) {
        const dia = fecha === undefined ? undefined : fechaIso(fecha);
        return base.rows.filter(
          (r) => permite(r.clave, tipo, regimen) && (dia === undefined || vigenteEn(r, dia)),
        );
      },
    });
  });
  const simple = (file: string) => deferred(() => catalogo(read.readClaveDescripcion(dir, file)));
  const formasPago = deferred(() => catalogo(read.readFormasPago(dir)));
  const monedas = deferred(() => catalogo(read.readMonedas(dir)));
  const impuestos = deferred(() => catalogo(read.readImpuestos(dir)));
  const tasasOCuota = deferred(() => {
    const rows = read.readTasasOCuota(dir);
    return {
      rows,
      buscar(q: {
        impuesto: string;
        factor: 'Tasa' | 'Cuota';
        valor: string;
        traslado: boolean;
        fecha?: string | Date;
      }): TasaOCuota | undefined {
        const nombre = impuestos.get(q.impuesto)?.descripcion ?? q.impuesto;
        const dia = q.fecha === undefined ? undefined : fechaIso(q.fecha);
        return rows.find(
          (r) =>
            r.impuesto === nombre &&
            r.factor === q.factor &&
            (q.traslado ? r.traslado : r.retencion) &&
            (dia === undefined || vigenteEn(r, dia)) &&
            (r.tipo === 'Fijo'
              ? compareDecimal(r.valorMaximo, q.valor) === 0
              : compareDecimal(r.valorMinimo || '0', q.valor) <= 0 &&
                compareDecimal(q.valor, r.valorMaximo) <= 0),
        );
      },
    };
  });
  const impuestosLocales = deferred(() => {
    const rows = read.readImpuestosLocales(dir);
    return {
      rows,
      delEstado(estado: string) {
        const e = read.estadoActual(estado);
        return rows.filter((r) => r.estado === e || r.estado === '*');
      },
    };
  });
  const unidades = buscable(() => read.readUnidades(dir), UNIDADES_SPEC);
  const productosServicios = buscable(() => read.readProductosServicios(dir), PRODUCTOS_SPEC);

  const catalogos: Catalogos = {
    dir,
    estados,
    paises: deferred(() => catalogo(read.readPaises(dir))),
    municipios,
    localidades,
    colonias,
    codigosPostales,
    regimenesFiscales,
    usosCfdi,
    formasPago,
    metodosPago: simple('c_MetodoPago.tsv.gz'),
    objetosImpuesto: simple('c_ObjetoImp.tsv.gz'),
    motivosCancelacion: simple('c_MotivoCancelacion.tsv.gz'),
    unidades,
    productosServicios,
    monedas,
    tasasOCuota,
    tiposRelacion: simple('c_TipoRelacion.tsv.gz'),
    exportaciones: simple('c_Exportacion.tsv.gz'),
    periodicidades: simple('c_Periodicidad.tsv.gz'),
    meses: simple('c_Meses.tsv.gz'),
    impuestos,
    tiposFactor: deferred(() => catalogo(read.readTiposFactor(dir))),
    tiposDeComprobante: deferred(() => catalogo(read.readTiposDeComprobante(dir))),
    tiposCadenaPago: simple('c_TipoCadenaPago.tsv.gz'),
    impuestosLocales,
    searchProductosServicios: (query, options) => productosServicios.search(query, options),
    searchUnidades: (query, options) => unidades.search(query, options),
    regimenFiscal: (clave) => regimenesFiscales.get(clave),
    usoCfdi: (clave) => usosCfdi.get(clave),
    formaPago: (clave) => formasPago.get(clave),
    moneda: (clave) => monedas.get(clave),
    claveProdServ: (clave) => productosServicios.get(clave),
    claveUnidad: (clave) => unidades.get(clave),
    codigoPostal: (clave) => codigosPostales.get(clave),
    pais: (clave) => catalogos.paises.get(clave),
    tasasOCuotas: () => tasasOCuota.rows,
  };
  return catalogos;
}

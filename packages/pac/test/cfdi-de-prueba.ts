/** CFDI built and sealed by the engine with generated test CSDs, for the PAC tests. */
import type { KeyObject } from 'node:crypto';
import {
  generateTestCsd,
  openLlavePrivada,
  readCertificado,
  type TestCsdOptions,
} from '@repo/cfdi/csd';
import { firmarComprobante } from '@repo/cfdi/sello';
import { buildIngreso, fechaLocal, type Comprobante, type IngresoDraft } from '@repo/cfdi/xml';

export interface CsdDePrueba {
  cer: Buffer;
  llave: KeyObject;
  noCertificado: string;
}

const cache = new Map<string, CsdDePrueba>();

export function csdDePrueba(opts: TestCsdOptions, cacheKey?: string): CsdDePrueba {
  const hit = cacheKey ? cache.get(cacheKey) : undefined;
  if (hit) return hit;
  const g = generateTestCsd(opts);
  const csd = {
    cer: g.cer,
    llave: openLlavePrivada(g.key, g.password),
    noCertificado: g.noCertificado,
  };
  if (cacheKey) cache.set(cacheKey, csd);
  return csd;
}

export const EKU = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE' };

export function csdEku(): CsdDePrueba {
  return csdDePrueba({ ...EKU, validFrom: new Date('2020-01-01T00:00:00Z') }, 'EKU');
}

export function ingresoDraft(over: Partial<IngresoDraft> = {}): IngresoDraft {
  return {
    serie: 'F',
    folio: '1',
    formaPago: '03',
    metodoPago: 'PUE',
    moneda: 'MXN',
    lugarExpedicion: '42501',
    emisor: { rfc: EKU.rfc, nombre: EKU.nombre, regimenFiscal: '601' },
    receptor: {
      rfc: 'CACX7605101P8',
      nombre: 'XOCHILT CASAS CHAVEZ',
      domicilioFiscalReceptor: '10740',
      regimenFiscalReceptor: '612',
      usoCfdi: 'G03',
    },
    conceptos: [
      {
        claveProdServ: '80101500',
        cantidad: '1',
        claveUnidad: 'E48',
        descripcion: 'Servicios de consultoría',
        valorUnitario: '5000.00',
        impuestos: [{ tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' }],
      },
    ],
    ...over,
  };
}

/**
 * A sealed CFDI de ingreso dated `ahora` in Zona Centro. `cambiar` edits the model before sealing
 * (to make invalid documents that still carry a valid sello).
 */
export function cfdiSellado(
  ahora: Date,
  opts: {
    draft?: IngresoDraft;
    csd?: CsdDePrueba;
    cambiar?: (c: Comprobante) => void;
    fecha?: string;
  } = {},
): string {
  const r = buildIngreso(opts.draft ?? ingresoDraft(), {
    fecha: opts.fecha ?? fechaLocal(ahora, 'America/Mexico_City'),
  });
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  opts.cambiar?.(r.comprobante);
  const csd = opts.csd ?? csdEku();
  return firmarComprobante(r.comprobante, {
    certificado: readCertificado(csd.cer),
    llave: csd.llave,
  }).xml;
}

/** Stamped comprobantes of every kind for the delivery tests, made through the real stamping service. */
import { impuestosDeDocumento } from '@repo/cfdi/calc';
import {
  buildGlobal,
  buildIngreso,
  buildPago,
  fechaLocal,
  parseComprobanteXml,
  type Comprobante,
  type ConceptoIngresoDraft,
} from '@repo/cfdi/xml';
import { eq } from 'drizzle-orm';
import { enterpriseUsers } from '../../db/schema/enterprises.ts';
import type { AppDeps } from '../../deps.ts';
import { createSerie } from '../series/series.service.ts';
import type { ComprobanteRow } from '../timbrado/timbrado.queries.ts';
import { timbrarComprobante, type ContextoComprobante } from '../timbrado/timbrado.service.ts';
import { seedEmpresaTimbrado, type EmpresaTimbrado } from '../timbrado/timbrado.test-support.ts';

export const NOMBRE_EMISOR = 'EMPRESA DE TIMBRADO';
const IVA16 = {
  tipo: 'traslado',
  impuesto: '002',
  tipoFactor: 'Tasa',
  tasaOCuota: '0.16',
} as const;

export type ClaseComprobante =
  | 'simple'
  | 'todos-los-impuestos'
  | 'usd'
  | 'publico-en-general'
  | 'global'
  | 'sesenta-conceptos'
  | 'pago';

type Deps = Pick<AppDeps, 'db' | 'tokens' | 'secret' | 'pac' | 'catalogos' | 'now'>;

export interface EmpresaEntrega extends EmpresaTimbrado {
  userId: number;
  headers: { authorization: string };
  /** Stamps one more comprobante of this class for this enterprise. */
  timbrar(clase: ClaseComprobante): Promise<ComprobanteRow>;
}

function conceptosDe(clase: ClaseComprobante): ConceptoIngresoDraft[] {
  switch (clase) {
    case 'todos-los-impuestos':
      return [
        {
          claveProdServ: '50202201',
          cantidad: '12',
          claveUnidad: 'H87',
          unidad: 'Pieza',
          noIdentificacion: 'REF-0001',
          descripcion: 'Refresco de cola 600 ml (IEPS a bebidas saborizadas por cuota)',
          valorUnitario: '15.50',
          descuento: { tipo: 'porcentaje', valor: '10' },
          impuestos: [
            { tipo: 'traslado', impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '1.6451' },
            IVA16,
          ],
        },
        {
          claveProdServ: '80101500',
          cantidad: '1',
          claveUnidad: 'E48',
          descripcion:
            'Servicios profesionales de consultoría fiscal y contable del mes de noviembre, incluye revisión de conciliaciones bancarias, cálculo de pagos provisionales de ISR e IVA, declaración informativa de operaciones con terceros (DIOT) y asesoría telefónica ilimitada durante el periodo',
          valorUnitario: '12500.00',
          impuestos: [
            IVA16,
            { tipo: 'retencion', impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.10' },
            { tipo: 'retencion', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106667' },
          ],
          impuestosLocales: [
            { tipo: 'traslado', nombre: 'ISH', tasa: '3' },
            { tipo: 'retencion', nombre: 'Cinco al millar', tasa: '0.5' },
          ],
        },
        {
          claveProdServ: '60121200',
          cantidad: '3',
          claveUnidad: 'H87',
          descripcion: 'Libro de texto (IVA exento)',
          valorUnitario: '250.00',
          impuestos: [{ tipo: 'traslado', impuesto: '002', tipoFactor: 'Exento' }],
        },
        {
          claveProdServ: '50192100',
          cantidad: '2.5',
          claveUnidad: 'KGM',
          descripcion: 'Tortilla de maíz (IVA tasa 0%)',
          valorUnitario: '22.00',
          impuestos: [{ tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0' }],
        },
      ];
    case 'sesenta-conceptos':
      return Array.from({ length: 60 }, (_, i) => ({
        claveProdServ: '43211500',
        cantidad: String((i % 5) + 1),
        claveUnidad: 'H87',
        descripcion:
          i % 7 === 0
            ? `Computadora portátil modelo ${String(i + 1)} con procesador de 8 núcleos, 16 GB de memoria, 512 GB de almacenamiento de estado sólido, pantalla de 14 pulgadas y garantía extendida de tres años en sitio`
            : `Accesorio de cómputo número ${String(i + 1)}`,
        valorUnitario: `${String(100 + i * 37)}.50`,
        impuestos: [IVA16],
      }));
    default:
      return [
        {
          claveProdServ: '80101500',
          cantidad: '1',
          claveUnidad: 'E48',
          descripcion: 'Servicio de consultoría',
          valorUnitario: '1034.48',
          impuestos: [IVA16],
        },
      ];
  }
}

function build(e: EmpresaTimbrado, clase: ClaseComprobante, ctx: ContextoComprobante): Comprobante {
  const emisor = { rfc: e.rfc, nombre: NOMBRE_EMISOR, regimenFiscal: '601' };
  const fecha = fechaLocal(ctx.fecha, 'America/Mexico_City');
  const comunes = { serie: ctx.serie, folio: String(ctx.folio), lugarExpedicion: '42501', emisor };
  const receptor = {
    rfc: 'CACX7605101P8',
    nombre: 'XOCHILT CASAS CHAVEZ',
    domicilioFiscalReceptor: '10740',
    regimenFiscalReceptor: '612',
    usoCfdi: 'G03',
  };
  const r =
    clase === 'global'
      ? buildGlobal(
          {
            ...comunes,
            formaPago: '01',
            moneda: 'MXN',
            periodicidad: '04',
            // The month of the stamp in Mexico City: a global is never issued before its period
            // starts, so a fixed month fails from January to that month of every year.
            meses: fecha.slice(5, 7),
            año: fecha.slice(0, 4),
            tickets: [
              { folioVenta: 'T-1001', subtotal: '431.03', impuestos: [IVA16] },
              { folioVenta: 'T-1002', subtotal: '86.21', impuestos: [IVA16] },
            ],
          },
          { fecha },
        )
      : clase === 'pago'
        ? buildPago(
            {
              ...comunes,
              receptor,
              pago: {
                fechaPago: fecha,
                formaDePagoP: '03',
                monedaP: 'MXN',
                numOperacion: 'SPEI-000123',
                documentos: [
                  {
                    IdDocumento: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
                    Serie: 'F',
                    Folio: '120',
                    MonedaDR: 'MXN',
                    NumParcialidad: 1,
                    totalDocumento: '1160.00',
                    pagadoAnterior: '0',
                    ImpPagado: '580.00',
                    impuestos: impuestosDeDocumento([
                      {
                        Traslados: [
                          {
                            Base: '1000.00',
                            Impuesto: '002',
                            TipoFactor: 'Tasa',
                            TasaOCuota: '0.160000',
                            Importe: '160.00',
                          },
                        ],
                      },
                    ]),
                  },
                ],
              },
            },
            { fecha },
          )
        : buildIngreso(
            {
              ...comunes,
              formaPago: '03',
              metodoPago: 'PUE',
              moneda: clase === 'usd' ? 'USD' : 'MXN',
              ...(clase === 'usd' ? { tipoCambio: '17.2530' } : {}),
              ...(clase === 'todos-los-impuestos' ? { condicionesDePago: 'Contado' } : {}),
              receptor:
                clase === 'publico-en-general'
                  ? {
                      rfc: 'XAXX010101000',
                      // A named client without RFC: XAXX010101000 with the name, S01, no InformacionGlobal.
                      nombre: 'JUAN PÉREZ LÓPEZ',
                      domicilioFiscalReceptor: '42501',
                      regimenFiscalReceptor: '616',
                      usoCfdi: 'S01',
                    }
                  : receptor,
              conceptos: conceptosDe(clase),
            },
            { fecha },
          );
  if (!r.ok) throw new Error(JSON.stringify(r.errores));
  return r.comprobante;
}

/** An enterprise with CSD, credits and the three series, ready to stamp any kind of comprobante. */
export async function seedEmpresaEntrega(deps: Deps, credits = 20): Promise<EmpresaEntrega> {
  const e = await seedEmpresaTimbrado(deps, { credits, serie: 'F', folio: 100 });
  const [global, pagos] = [
    await createSerie(deps.db, e.enterpriseId, { kind: 'facturas-globales', serie: 'G', folio: 1 }),
    await createSerie(deps.db, e.enterpriseId, { kind: 'recepcion-pagos', serie: 'P', folio: 1 }),
  ];
  const userId = await userOf(deps, e.enterpriseId);
  const { token } = await deps.tokens.sign({ userId, enterpriseId: e.enterpriseId });
  const headers = { authorization: `Bearer ${token}` };
  return {
    ...e,
    userId,
    headers,
    timbrar: (clase) =>
      timbrarComprobante(
        {
          db: deps.db,
          secret: deps.secret,
          now: deps.now,
          pac: deps.pac,
          catalogos: deps.catalogos,
        },
        {
          enterpriseId: e.enterpriseId,
          serieId: clase === 'global' ? global.id : clase === 'pago' ? pagos.id : e.serieId,
          buildComprobante: (ctx) => build(e, clase, ctx),
        },
      ),
  };
}

async function userOf(deps: Deps, enterpriseId: number): Promise<number> {
  const [row] = await deps.db
    .select({ user_id: enterpriseUsers.user_id })
    .from(enterpriseUsers)
    .where(eq(enterpriseUsers.enterprise_id, enterpriseId));
  if (!row) throw new Error('seedEmpresaEntrega: the enterprise has no user');
  return row.user_id;
}

/** The parsed stamped XML of a row (tests read UUID, totals and sellos from it). */
export function cfdiDe(row: ComprobanteRow): Comprobante {
  return parseComprobanteXml(row.xml_timbrado ?? '');
}

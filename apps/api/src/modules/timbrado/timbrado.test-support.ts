/** Test helpers for the stamping service: a tenant with credits, a CSD and a serie. */
import { generateTestCsd } from '@repo/cfdi/csd';
import { PacNoDisponibleError, type Pac } from '@repo/pac';
import { buildIngreso, fechaLocal, type Comprobante } from '@repo/cfdi/xml';
import { seedEnterprise } from '../../db/seed/seed-enterprise.ts';
import type { AppDeps } from '../../deps.ts';
import { rfcAleatorio } from '../../test/rfc.ts';
import { saveSellos } from '../sellos-fiscales/sellos-fiscales.service.ts';
import { createSerie } from '../series/series.service.ts';
import type { ContextoComprobante } from './timbrado.service.ts';

export interface EmpresaTimbrado {
  enterpriseId: number;
  rfc: string;
  serieId: number;
  /** A valid factura de ingreso of this enterprise for the reserved serie, folio and date. */
  factura: (ctx: ContextoComprobante, valorUnitario?: string) => Comprobante;
}

export async function seedEmpresaTimbrado(
  deps: Pick<AppDeps, 'db' | 'tokens' | 'secret'>,
  options: { credits: number; serie?: string; folio?: number },
): Promise<EmpresaTimbrado> {
  const rfc = rfcAleatorio('moral');
  const nombre = 'EMPRESA DE TIMBRADO';
  const e = await seedEnterprise(deps, {
    rfc,
    razon_social: nombre,
    regimen_fiscal: '601',
    codigo_postal: '42501',
    credits: options.credits,
  });
  const now = new Date();
  const csd = generateTestCsd({
    rfc,
    nombre,
    validFrom: new Date(now.getTime() - 24 * 3600_000),
    validTo: new Date(now.getTime() + 365 * 24 * 3600_000),
  });
  await saveSellos(
    deps.db,
    deps.secret,
    e.enterpriseId,
    {
      cer: { filename: 'csd.cer', data: csd.cer },
      key: { filename: 'csd.key', data: csd.key },
      password: csd.password,
    },
    now,
  );
  const serie = await createSerie(deps.db, e.enterpriseId, {
    kind: 'facturas-ingreso',
    serie: options.serie ?? 'F',
    folio: options.folio ?? 1,
  });
  const factura = (ctx: ContextoComprobante, valorUnitario = '1000.00'): Comprobante => {
    const r = buildIngreso(
      {
        serie: ctx.serie,
        folio: String(ctx.folio),
        formaPago: '03',
        metodoPago: 'PUE',
        moneda: 'MXN',
        lugarExpedicion: '42501',
        emisor: { rfc, nombre, regimenFiscal: '601' },
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
            descripcion: 'Servicio de consultoría',
            valorUnitario,
            impuestos: [
              { tipo: 'traslado', impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' },
            ],
          },
        ],
      },
      { fecha: fechaLocal(ctx.fecha, 'America/Mexico_City') },
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errores));
    return r.comprobante;
  };
  return { enterpriseId: e.enterpriseId, rfc, serieId: serie.id, factura };
}

/** "Serie-Folio" as the sealed or stamped XML's Comprobante element says them. */
export function serieYFolioDelXml(xml: string | null): string {
  const raiz = /<cfdi:Comprobante\b[^>]*>/.exec(xml ?? '')?.[0] ?? '';
  return `${/\sSerie="([^"]*)"/.exec(raiz)?.[1]}-${/\sFolio="([^"]*)"/.exec(raiz)?.[1]}`;
}

/** Delegates to a real PAC and records every XML it was sent; `perderRespuestas` answers are lost. */
export class PacEspia implements Pac {
  readonly enviados: string[] = [];
  /** Every UUID the PAC gave, the lost answers' too. */
  readonly uuids: string[] = [];
  constructor(
    private readonly pac: Pac,
    private perderRespuestas = 0,
  ) {}
  async timbrar(xml: string, options: { idempotencyKey: string }) {
    this.enviados.push(xml);
    const timbre = await this.pac.timbrar(xml, options);
    this.uuids.push(timbre.uuid);
    if (this.perderRespuestas > 0) {
      // The PAC stamped, but its answer never reaches us: a stand-in for a network timeout.
      this.perderRespuestas -= 1;
      throw new PacNoDisponibleError('TIMEOUT', 'El PAC no respondió a tiempo.', '');
    }
    return timbre;
  }
  cancelar(...args: Parameters<Pac['cancelar']>) {
    return this.pac.cancelar(...args);
  }
  consultarEstado(...args: Parameters<Pac['consultarEstado']>) {
    return this.pac.consultarEstado(...args);
  }
}

/** A PAC that is not reached: the first `caidas` calls time out before it sees the XML. */
export class PacQueSeCae implements Pac {
  readonly enviados: string[] = [];
  constructor(
    private readonly pac: Pac,
    public caidas = 1,
    private readonly demoraMs = 0,
  ) {}
  async timbrar(xml: string, options: { idempotencyKey: string }) {
    this.enviados.push(xml);
    if (this.demoraMs > 0) await new Promise((r) => setTimeout(r, this.demoraMs));
    if (this.caidas > 0) {
      this.caidas -= 1;
      throw new PacNoDisponibleError('TIMEOUT', 'El PAC no respondió a tiempo.', '');
    }
    return this.pac.timbrar(xml, options);
  }
  cancelar(...args: Parameters<Pac['cancelar']>) {
    return this.pac.cancelar(...args);
  }
  consultarEstado(...args: Parameters<Pac['consultarEstado']>) {
    return this.pac.consultarEstado(...args);
  }
}

import type { Comprobante } from '@repo/cfdi/xml';
import { buildIngreso, fechaFueraDeVigencia } from '@repo/cfdi/xml';
import { and, eq, inArray } from 'drizzle-orm';
import type { ClientResponse } from '@repo/contracts/clients';
import type { FacturaDraft } from '@repo/contracts/facturas';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { AppDeps } from '../../deps.ts';
import { impuestos as impuestosTable } from '../../db/schema/impuestos.ts';
import { AppError } from '../../http/errors.ts';
import { findClient } from '../clients/clients.queries.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import { findLocalTax } from '../impuestos/local-taxes.ts';
import { findProductServices } from '../products-services/products-services.queries.ts';
import { findCurrentSellos } from '../sellos-fiscales/sellos-fiscales.queries.ts';
import { findSerie } from '../series/series.queries.ts';
import type { TipoDocumento } from '../timbrado/emision.ts';
import {
  esPublicoEnGeneralGlobal,
  ingresoDraft,
  type ContextoFactura,
  type ImpuestoFederal,
  type ImpuestoLocalDato,
} from './factura-builder.ts';
import { conflictoDeImpuestos } from './conflicto-de-impuestos.ts';
import { diaLocal, diasEntre, fechaComprobante } from '../timbrado/fecha-comprobante.ts';
import { campoDelDraft, previsualizar, type ErrorCampo } from './factura-previa.ts';
import { CODIGOS_626, mensaje626 } from './regla-626.ts';
import {
  draftRowValues,
  findSelladaConDraft,
  insertDraftRow,
} from './facturas-borrador.queries.ts';

/**
 * The income invoice (tipo I) as a document type of the shared lifecycle (timbrado/emision.ts):
 * its master data, its local rules, its engine builder and its draft table.
 */

export const DATOS_FISCALES_INCOMPLETOS =
  'Registre sus datos fiscales (RFC, razón social, régimen fiscal y código postal) antes de facturar.';
export const FECHA_FUERA_DE_RANGO =
  'La fecha de la factura debe ser de hoy o de hasta dos días atrás: el SAT no timbra comprobantes con más de 72 horas.';
export const CLIENTE_NO_EXISTE = 'El cliente no existe.';
export const SERIE_NO_EXISTE = 'La serie no existe o no es de facturas de ingreso.';
export const PRODUCTO_NO_EXISTE = 'El producto o servicio no existe.';
export const IMPUESTO_NO_EXISTE = 'El impuesto seleccionado no existe.';
export const INFO_GLOBAL_REQUERIDA =
  'Para facturar a PUBLICO EN GENERAL indique la periodicidad, el mes y el año de la información global.';
export const INFO_GLOBAL_NO_APLICA =
  'La información global solo se indica cuando el cliente es PUBLICO EN GENERAL (RFC XAXX010101000).';

export type Deps = Pick<AppDeps, 'db' | 'secret' | 'now' | 'pac' | 'catalogos'> &
  Partial<Pick<AppDeps, 'tiposDeCambio'>>;
type Campos = Record<string, string[]>;

function agregar(campos: Campos, field: string, message: string) {
  const list = (campos[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** The master data a draft names; never throws: what is missing comes back in `errores`. */
export async function cargarDatos(
  deps: Deps,
  enterpriseId: number,
  draft: FacturaDraft,
): Promise<{
  ctx: Omit<ContextoFactura, 'client' | 'serie'> & {
    client: ClientResponse | null;
    serie: ContextoFactura['serie'] | null;
  };
  errores: Campos;
  datosFiscalesCompletos: boolean;
}> {
  const { db } = deps;
  const errores: Campos = {};
  const productIds = [...new Set(draft.partidas.map((p) => p.product_service_id))];
  const taxIds = [
    ...new Set(
      draft.partidas.flatMap((p) => [...p.impuestos_trasladados, ...p.impuestos_retenidos]),
    ),
  ];
  // Every read at once: the products in one statement, whatever the number of lines.
  const [datos, client, serie, productRows, taxRows] = await Promise.all([
    findDatosFiscales(db, enterpriseId),
    findClient(db, enterpriseId, draft.client_id),
    findSerie(db, enterpriseId, draft.serie_id),
    findProductServices(db, enterpriseId, productIds),
    taxIds.length
      ? db
          .select({
            id: impuestosTable.id,
            tipo: impuestosTable.tipo,
            tax_type: impuestosTable.tax_type,
            tipo_factor: impuestosTable.tipo_factor,
            value: impuestosTable.value,
          })
          .from(impuestosTable)
          .where(
            and(eq(impuestosTable.enterprise_id, enterpriseId), inArray(impuestosTable.id, taxIds)),
          )
      : [],
  ]);
  if (!client) agregar(errores, 'client_id', CLIENTE_NO_EXISTE);
  if (!serie || serie.kind !== 'facturas-ingreso') agregar(errores, 'serie_id', SERIE_NO_EXISTE);
  const productos = new Map<number, ProductServiceResponse>(productRows.map((p) => [p.id, p]));
  const impuestos = new Map<number, ImpuestoFederal>(taxRows.map((r) => [r.id, r]));
  const locales = new Map<string, ImpuestoLocalDato>();
  draft.partidas.forEach((p, i) => {
    if (!productos.has(p.product_service_id)) {
      agregar(errores, `partidas.${i}.product_service_id`, PRODUCTO_NO_EXISTE);
    }
    const federal = (ids: number[], tipo: 'trasladado' | 'retenido', campo: string) => {
      for (const id of ids) {
        if (impuestos.get(id)?.tipo !== tipo)
          agregar(errores, `partidas.${i}.${campo}`, IMPUESTO_NO_EXISTE);
      }
    };
    federal(p.impuestos_trasladados, 'trasladado', 'impuestos_trasladados');
    federal(p.impuestos_retenidos, 'retenido', 'impuestos_retenidos');
    const conflicto = conflictoDeImpuestos(
      [...new Set([...p.impuestos_trasladados, ...p.impuestos_retenidos])].flatMap((id) => {
        const impuesto = impuestos.get(id);
        return impuesto ? [impuesto] : [];
      }),
    );
    if (conflicto) agregar(errores, `partidas.${i}.${conflicto.campo}`, conflicto.mensaje);
    const local = (ids: string[], tipo: 'trasladado' | 'retenido', campo: string) => {
      for (const id of ids) {
        const l = findLocalTax(id);
        if (!l || l.tipo !== tipo) agregar(errores, `partidas.${i}.${campo}`, IMPUESTO_NO_EXISTE);
        else locales.set(id, { id, tipo, impuesto: l.impuesto, tasa: l.tasa });
      }
    };
    local(p.impuestos_locales_trasladados, 'trasladado', 'impuestos_locales_trasladados');
    local(p.impuestos_locales_retenidos, 'retenido', 'impuestos_locales_retenidos');
  });
  if (client) {
    const global = esPublicoEnGeneralGlobal(client);
    if (global && !draft.informacion_global) {
      agregar(errores, 'informacion_global', INFO_GLOBAL_REQUERIDA);
    }
    if (!global && draft.informacion_global) {
      agregar(errores, 'informacion_global', INFO_GLOBAL_NO_APLICA);
    }
  }
  const cp = datos?.codigo_postal ?? '';
  const datosFiscalesCompletos = Boolean(
    datos?.rfc && datos.razon_social && datos.regimen_fiscal && /^\d{5}$/.test(cp),
  );
  return {
    ctx: {
      emisor: {
        rfc: datos?.rfc ?? '',
        nombre: datos?.razon_social ?? '',
        regimenFiscal: datos?.regimen_fiscal ?? '',
        codigoPostal: cp,
      },
      zona: deps.catalogos.codigosPostales.zonaHoraria(cp) ?? 'America/Mexico_City',
      client,
      serie: serie && serie.kind === 'facturas-ingreso' ? serie : null,
      productos,
      impuestos,
      locales,
    },
    errores,
    datosFiscalesCompletos,
  };
}

/** The complete context, or the Spanish reason why the draft cannot be built (nothing changes). */
export async function cargarContexto(
  deps: Deps,
  enterpriseId: number,
  draft: FacturaDraft,
): Promise<ContextoFactura> {
  const [{ ctx, errores, datosFiscalesCompletos }, sellos] = await Promise.all([
    cargarDatos(deps, enterpriseId, draft),
    findCurrentSellos(deps.db, enterpriseId),
  ]);
  if (!datosFiscalesCompletos) {
    throw new AppError('BAD_REQUEST', DATOS_FISCALES_INCOMPLETOS, { persistent: true });
  }
  if (Object.keys(errores).length > 0 || !ctx.client || !ctx.serie) {
    throw new AppError('VALIDATION', errores);
  }
  return {
    ...ctx,
    client: ctx.client,
    serie: ctx.serie,
    ...(sellos
      ? { vigenciaSellos: { desde: sellos.initial_date, hasta: sellos.expiration_date } }
      : {}),
  };
}

function porCampo(errores: readonly ErrorCampo[]): Campos {
  const campos: Campos = {};
  for (const e of errores) agregar(campos, e.field, e.message);
  return campos;
}

/**
 * Builds and validates the CFDI the draft describes. When stamping, the régimen 626 rules answer
 * 400 with the spec's persistent messages; a pre-invoice may be saved without them.
 */
export async function validarPrevia(
  deps: Deps,
  ctx: ContextoFactura,
  draft: FacturaDraft,
  instante: Date,
  opciones: { timbrando: boolean },
): Promise<Comprobante> {
  const fecha = fechaComprobante(draft.fecha, instante, ctx.zona);
  // Banxico's rate of the invoice's day, when known: TipoCambio within c_Moneda's band (CFDI40118).
  const referencia =
    deps.tiposDeCambio && draft.moneda !== 'MXN'
      ? await deps.tiposDeCambio.referencia(draft.moneda, fecha.slice(0, 10))
      : undefined;
  const previa = previsualizar(ctx, draft, {
    folio: ctx.serie.folio,
    fecha,
    catalogos: deps.catalogos,
    tipoCambioReferencia: () => referencia,
  });
  if (!previa.ok) throw new AppError('VALIDATION', porCampo(previa.errores));
  const regla626 = previa.errores.find((e) => CODIGOS_626.includes(e.code));
  if (regla626 && opciones.timbrando)
    throw new AppError('BAD_REQUEST', mensaje626(regla626), { persistent: true });
  const otros = previa.errores.filter((e) => !CODIGOS_626.includes(e.code));
  if (otros.length > 0) throw new AppError('VALIDATION', porCampo(otros));
  return previa.comprobante;
}

function exigirFecha(draft: FacturaDraft, ctx: ContextoFactura, instante: Date) {
  if (!draft.fecha) return;
  const hoy = diaLocal(instante, ctx.zona);
  if (draft.fecha > hoy || diasEntre(draft.fecha, hoy) > 2) {
    throw new AppError('VALIDATION', { fecha: [FECHA_FUERA_DE_RANGO] });
  }
  // A day back may be before the CSD was issued: the PAC answers 305 (rules 1.4, 5.6).
  const fuera = ctx.vigenciaSellos
    ? fechaFueraDeVigencia(
        fechaComprobante(draft.fecha, instante, ctx.zona),
        ctx.zona,
        ctx.vigenciaSellos,
      )
    : null;
  if (fuera) throw new AppError('VALIDATION', { fecha: [fuera] });
}

/** The income invoice as a plug-in of the shared lifecycle (timbrado/emision.ts). */
export function facturaIngreso(deps: Deps): TipoDocumento<FacturaDraft, ContextoFactura> {
  return {
    clave: 'factura',
    cargarContexto: (enterpriseId, draft) => cargarContexto(deps, enterpriseId, draft),
    validar: (ctx, draft, instante) => {
      exigirFecha(draft, ctx, instante);
      return validarPrevia(deps, ctx, draft, instante, { timbrando: true });
    },
    construir: (ctx, draft, sf) => {
      const r = buildIngreso(ingresoDraft(ctx, draft, sf), {
        fecha: fechaComprobante(draft.fecha, sf.fecha, ctx.zona),
      });
      if (!r.ok) {
        throw new AppError(
          'VALIDATION',
          porCampo(
            r.errores.map((e) => ({ field: campoDelDraft(e.field), message: e.message, code: '' })),
          ),
        );
      }
      return r.comprobante;
    },
    guardarDraft: (tx, enterpriseId, sellado, draft, previa: Comprobante) =>
      insertDraftRow(
        tx,
        enterpriseId,
        sellado.id,
        draftRowValues(draft, { rfc: previa.Receptor.Rfc, nombre: previa.Receptor.Nombre }),
      ),
    buscarSelladoIgual: (enterpriseId, draft) => findSelladaConDraft(deps.db, enterpriseId, draft),
    sellosDelContexto: (ctx) =>
      ctx.vigenciaSellos ? { expiration_date: ctx.vigenciaSellos.hasta } : null,
  };
}

/** Today (AAAA-MM-DD) where the enterprise issues: its postal code's time zone. */
export async function hoyDeLaEmpresa(
  deps: Pick<Deps, 'db' | 'now' | 'catalogos'>,
  enterpriseId: number,
) {
  const datos = await findDatosFiscales(deps.db, enterpriseId);
  const zona =
    deps.catalogos.codigosPostales.zonaHoraria(datos?.codigo_postal ?? '') ?? 'America/Mexico_City';
  return diaLocal(deps.now(), zona);
}

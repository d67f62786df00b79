import { tomarRecibos } from './recibos-global.ts';
import { fechaLarga, periodicidadPorDia, sumarDias } from '@repo/cfdi/calc';
import { buildGlobal, type Comprobante } from '@repo/cfdi/xml';
import { validateComprobante } from '@repo/cfdi/validacion';
import type { FacturaGlobalDraft } from '@repo/contracts/facturas-globales';
import type { Db } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { findDatosFiscales } from '../datos-fiscales/datos-fiscales.queries.ts';
import { diaLocal, diasEntre, fechaComprobante } from '../timbrado/fecha-comprobante.ts';
import { getRubros } from '../rubros-impuestos/rubros-impuestos.service.ts';
import { findSerie } from '../series/series.queries.ts';
import type { TipoDocumento } from '../timbrado/emision.ts';
import type { TimbradoDeps } from '../timbrado/timbrado.service.ts';
import {
  cederPeriodo,
  findVigenteDelPeriodo,
  insertDraftRow,
  lockPeriodo,
} from './facturas-globales.queries.ts';
import {
  campoDeGlobal,
  globalDraft,
  gruposDeRubros,
  partidasDelXml,
  periodoDe,
  valoresDeFila,
  type ContextoGlobal,
} from './global-builder.ts';

/**
 * The global invoice (factura global a público en general) as a document type of the shared
 * lifecycle (timbrado/emision.ts): its master data, its local rules, its engine builder
 * (buildGlobal of @repo/cfdi) and its draft table (facturas_globales).
 */

export const DATOS_FISCALES_INCOMPLETOS =
  'Registre sus datos fiscales (RFC, razón social, régimen fiscal y código postal) antes de emitir la factura global.';
export const SERIE_GLOBAL_NO_EXISTE = 'La serie no existe o no es de facturas globales.';
export const GRUPO_NO_EXISTE = 'El grupo de impuestos no existe.';
export const FECHA_FUERA_DE_RANGO =
  'La fecha de emisión debe ser de hoy o de hasta dos días atrás: el SAT no timbra comprobantes con más de 72 horas.';
export const PERIODO_YA_TIMBRADO = (periodo: string, otra: string) =>
  otra === periodo
    ? `La factura global de ${periodo} ya fue timbrada. Para emitir otra, primero cancele la anterior.`
    : `El periodo ${periodo} se traslapa con la factura global timbrada de ${otra}: sus ventas no pueden facturarse dos veces. Elija un periodo que no se traslape o cancele primero la anterior.`;
export const PERIODO_YA_GUARDADO = (periodo: string, otra: string) =>
  otra === periodo
    ? `Ya hay una factura global guardada de ${periodo}: edítela en lugar de crear otra.`
    : `El periodo ${periodo} se traslapa con la factura global guardada de ${otra}: edítela o elija otro periodo.`;
export const PERIODO_NO_TERMINADO = (periodo: string, desde: string) =>
  `El periodo ${periodo} aún no termina: podrá timbrar su factura global a partir del ${desde}, cuando ya tenga todas las ventas del periodo.`;
export const FECHA_DENTRO_DEL_PERIODO = (fin: string) =>
  `La fecha de emisión debe ser posterior al cierre del periodo (después del ${fin}).`;

/** Codes that depend on the day of issue: a saved global may wait, a stamp may not. */
const CODIGOS_DE_EMISION = ['CFDI40136', 'GLOBAL_PERIODO_FUTURO'];

type Deps = TimbradoDeps & Pick<AppDeps, 'catalogos'>;
type Campos = Record<string, string[]>;

function agregar(campos: Campos, field: string, message: string) {
  const list = (campos[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/** The emisor, its zone, the serie and the taxes of the groups the draft names. */
export async function cargarContexto(
  deps: Deps,
  enterpriseId: number,
  draft: FacturaGlobalDraft,
): Promise<ContextoGlobal> {
  const [datos, serie, rubros] = await Promise.all([
    findDatosFiscales(deps.db, enterpriseId),
    findSerie(deps.db, enterpriseId, draft.serie.id),
    getRubros(deps.db, enterpriseId),
  ]);
  const cp = datos?.codigo_postal ?? '';
  if (!(datos?.rfc && datos.razon_social && datos.regimen_fiscal && /^\d{5}$/.test(cp))) {
    throw new AppError('BAD_REQUEST', DATOS_FISCALES_INCOMPLETOS, { persistent: true });
  }
  const errores: Campos = {};
  if (!serie || serie.kind !== 'facturas-globales')
    agregar(errores, 'serie', SERIE_GLOBAL_NO_EXISTE);
  const { ok, mal } = gruposDeRubros(rubros);
  draft.partidas.forEach((p, i) => {
    const m = mal.get(p.grupoImpuestosId);
    if (m) agregar(errores, `partidas.${i}.grupoImpuestosId`, m);
    else if (!ok.has(p.grupoImpuestosId))
      agregar(errores, `partidas.${i}.grupoImpuestosId`, GRUPO_NO_EXISTE);
  });
  if (Object.keys(errores).length > 0 || !serie) throw new AppError('VALIDATION', errores);
  return {
    emisor: {
      rfc: datos.rfc,
      nombre: datos.razon_social,
      regimenFiscal: datos.regimen_fiscal,
      codigoPostal: cp,
    },
    zona: deps.catalogos.codigosPostales.zonaHoraria(cp) ?? 'America/Mexico_City',
    serie: { id: serie.id, serie: serie.serie, folio: serie.folio },
    grupos: ok,
  };
}

/**
 * Builds and validates the global as it would be stamped now (the serie's next folio): the engine's
 * errors per sale and every SAT rule the validator knows. A saved global skips only the rules that
 * depend on the day it will be issued (year and period against the date).
 */
export function validarGlobal(
  deps: Deps,
  ctx: ContextoGlobal,
  draft: FacturaGlobalDraft,
  instante: Date,
  opciones: { timbrando: boolean },
): Comprobante {
  const r = buildGlobal(
    globalDraft(ctx, draft, { serie: ctx.serie.serie, folio: ctx.serie.folio }),
    {
      fecha: fechaComprobante(draft.creationDate, instante, ctx.zona),
    },
  );
  const campos: Campos = {};
  if (!r.ok) {
    for (const e of r.errores) agregar(campos, campoDeGlobal(e.field), e.message);
    throw new AppError('VALIDATION', campos);
  }
  for (const e of validateComprobante(r.comprobante, { catalogos: deps.catalogos })) {
    if (!opciones.timbrando && CODIGOS_DE_EMISION.includes(e.code)) continue;
    agregar(campos, campoDeGlobal(e.field), e.message);
  }
  if (Object.keys(campos).length > 0) throw new AppError('VALIDATION', campos);
  return r.comprobante;
}

/**
 * The issue date: today or up to two days back (the PAC's 72 hours), and only once the period has
 * ended. RMF rule 2.7.1.21 has the CFDI global issued after the close of the operations of its day,
 * week, fortnight, month or bimester ("dentro de las 24 horas siguientes al cierre"): before the
 * close, sales of the period may still happen and would be missing. Checked before anything is
 * reserved: a refused stamp spends no credit and no folio.
 */
export function exigirFecha(draft: FacturaGlobalDraft, ctx: ContextoGlobal, instante: Date) {
  const hoy = diaLocal(instante, ctx.zona);
  const p = periodoDe(draft);
  if (hoy <= p.fin)
    throw new AppError('VALIDATION', {
      [periodicidadPorDia(draft.periodicidad) ? 'dia' : 'month']: [
        PERIODO_NO_TERMINADO(p.nombre, fechaLarga(sumarDias(p.fin, 1))),
      ],
    });
  if (!draft.creationDate) return;
  if (draft.creationDate > hoy || diasEntre(draft.creationDate, hoy) > 2) {
    throw new AppError('VALIDATION', { creationDate: [FECHA_FUERA_DE_RANGO] });
  }
  if (draft.creationDate <= p.fin)
    throw new AppError('VALIDATION', {
      creationDate: [FECHA_DENTRO_DEL_PERIODO(fechaLarga(p.fin))],
    });
}

/**
 * One stamped global per day until it is cancelled: a period that overlaps a stamped global's is
 * refused (its sales would be in two globals). Checked under a lock of the enterprise's year, inside
 * the reservation (the unique index of migration 0036 is the last guard).
 */
export async function exigirPeriodoLibre(
  db: Db,
  enterpriseId: number,
  draft: FacturaGlobalDraft,
  estado: 'guardada' | 'emitida',
  exceptId: number | null,
) {
  const p = periodoDe(draft);
  const otra = await findVigenteDelPeriodo(db, enterpriseId, p, estado, exceptId);
  if (otra) {
    const nombre = periodoDe(otra.draft).nombre;
    throw new AppError(
      'CONFLICT',
      estado === 'emitida'
        ? PERIODO_YA_TIMBRADO(p.nombre, nombre)
        : PERIODO_YA_GUARDADO(p.nombre, nombre),
    );
  }
}

/** The global each stamp's draft replaces (motive 01), from its reservation to its draft row. */
const sustituidas = new WeakMap<FacturaGlobalDraft, number | null>();

/** The global invoice as a plug-in of the shared lifecycle. */
export function facturaGlobal(deps: Deps): TipoDocumento<FacturaGlobalDraft, ContextoGlobal> {
  return {
    clave: 'global',
    cargarContexto: (enterpriseId, draft) => cargarContexto(deps, enterpriseId, draft),
    validar: (ctx, draft, instante) => {
      exigirFecha(draft, ctx, instante);
      return validarGlobal(deps, ctx, draft, instante, { timbrando: true });
    },
    construir: (ctx, draft, sf) => {
      const r = buildGlobal(globalDraft(ctx, draft, sf), {
        fecha: fechaComprobante(draft.creationDate, sf.fecha, ctx.zona),
      });
      if (!r.ok) {
        const campos: Campos = {};
        for (const e of r.errores) agregar(campos, campoDeGlobal(e.field), e.message);
        throw new AppError('VALIDATION', campos);
      }
      return r.comprobante;
    },
    verificarEnLaReserva: async (tx, enterpriseId, _ctx, draft, opciones) => {
      await lockPeriodo(tx, enterpriseId, draft.year);
      // The substitute of a global takes the period of the global it replaces.
      const sustituye = opciones?.sustituye?.id ?? null;
      if (sustituye !== null) await cederPeriodo(tx, enterpriseId, sustituye);
      sustituidas.set(draft, sustituye);
      await exigirPeriodoLibre(tx, enterpriseId, draft, 'emitida', sustituye);
    },
    guardarDraft: async (tx, enterpriseId, sellado, draft, previa) => {
      await insertDraftRow(
        tx,
        enterpriseId,
        sellado.id,
        valoresDeFila(draft, partidasDelXml(previa, draft).totales),
      );
      // Issue 28: its sales receipts are in this global from the same transaction on.
      await tomarRecibos(tx, enterpriseId, sellado.id, draft, sustituidas.get(draft) ?? null);
    },
  };
}

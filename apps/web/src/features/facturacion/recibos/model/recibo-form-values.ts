import type { ReciboRequestInput } from '@repo/contracts/recibos';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';

/** A line of the receipt form as typed: the product chosen from the catalog, then its amounts. */
export interface LineaRecibo {
  key: number;
  producto: { id: number; descripcion: string } | null;
  cantidad: string;
  precio: string;
  grupoId: number | null;
}

export interface ReciboFormValues {
  fecha: string;
  formaPago: string;
  lineas: LineaRecibo[];
}

let siguiente = 1;
export function nuevaLinea(): LineaRecibo {
  return { key: siguiente++, producto: null, cantidad: '1', precio: '', grupoId: null };
}

/** A receipt carries transferred taxes only: groups with withholdings or local taxes are not offered. */
export function gruposParaRecibo(rubros: readonly RubroImpuestoResponse[]) {
  return rubros.filter(
    (r) =>
      !r.impuestos_retenidos.some((i) => i.selected) &&
      !r.impuestos_locales_trasladados.some((i) => i.selected) &&
      !r.impuestos_locales_retenidos.some((i) => i.selected),
  );
}

/** The request of POST /recibos/{enterpriseId}: each line's taxes are its group's. */
export function solicitudRecibo(
  v: ReciboFormValues,
  rubros: readonly RubroImpuestoResponse[],
): ReciboRequestInput {
  const porId = new Map(rubros.map((r) => [r.id, r]));
  return {
    fecha: v.fecha || null,
    forma_pago: v.formaPago,
    partidas: v.lineas.map((l) => ({
      product_service_id: l.producto?.id ?? 0,
      cantidad: l.cantidad.trim(),
      precio_unitario: l.precio.trim().replace(/[$,\s]/g, ''),
      impuestos_trasladados:
        porId
          .get(l.grupoId ?? 0)
          ?.impuestos_trasladados.filter((i) => i.selected)
          .map((i) => i.id) ?? [],
    })),
  };
}

/**
 * The API's 422 on this form: `partidas.N.campo` becomes the line's message, any other field the
 * form's; the line's number is the one the user sees (from 1).
 */
export function erroresDeRecibo(campos: Record<string, string[]>) {
  const porLinea = new Map<number, string[]>();
  const generales: string[] = [];
  for (const [campo, mensajes] of Object.entries(campos)) {
    const m = /^partidas\.(\d+)\./.exec(campo);
    if (m) porLinea.set(Number(m[1]), [...(porLinea.get(Number(m[1])) ?? []), ...mensajes]);
    else generales.push(...mensajes);
  }
  return { porLinea, generales };
}

import { calcularGlobal, impuestosDeGrupo, type ImpuestoDraft } from '@repo/cfdi/calc';
import { decimal } from '@repo/cfdi/decimal';
import {
  COLUMNAS_VENTAS,
  DESCUENTO_VENTA_MESSAGE,
  FOLIO_VENTA_MESSAGE,
  FOLIO_VENTA_REPETIDO_MESSAGE,
  GRUPO_IMPUESTOS_MESSAGE,
  IMPORT_VENTAS_MESSAGES,
  MAX_IMPORT_VENTAS,
  SUBTOTAL_MESSAGE,
  type ImportacionGlobal,
  type VentaImportada,
} from '@repo/contracts/facturas-globales';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { AppError } from '../../http/errors.ts';
import { writeWorkbook } from '../clients/spreadsheet.ts';
import { filasDeArchivo, filasDeTexto, type Fila } from './ventas-archivo.ts';

/**
 * The sales of a period from the template (xlsx), a CSV, or rows pasted from a spreadsheet (tab
 * separated; the files are read in ventas-archivo.ts). Nothing is stored: every row comes back with its texts and what is wrong with it, so
 * the form keeps the bad rows for the user to fix in place.
 */

const [FOLIO, GRUPO, SUBTOTAL, DESCUENTO, TOTAL] = COLUMNAS_VENTAS;

function normalizar(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\*/g, '')
    .trim()
    .toLowerCase();
}

/**
 * Rows with the template's columns: the first row is a header when it names the columns (any
 * order, accents and case ignored); otherwise (pasted rows) the columns go in the template's order.
 */
function conColumnas(filas: readonly Fila[]): Fila[] {
  const primera = (filas[0]?.valores ?? []).map(normalizar);
  const esperadas = COLUMNAS_VENTAS.map(normalizar);
  const conEncabezado = primera.includes(esperadas[0]!) || primera.includes(esperadas[2]!);
  let pos = [0, 1, 2, 3, 4];
  if (conEncabezado) {
    pos = esperadas.map((h) => primera.indexOf(h));
    const faltan = COLUMNAS_VENTAS.filter((_, i) => i < 3 && pos[i]! < 0);
    if (faltan.length)
      throw new AppError('VALIDATION', IMPORT_VENTAS_MESSAGES.missingColumns(faltan));
  }
  const out: Fila[] = [];
  filas.forEach((f, i) => {
    if (conEncabezado && i === 0) return;
    const valores = pos.map((p) => (p >= 0 ? (f.valores[p] ?? '').trim() : ''));
    if (valores.every((v) => v === '')) return;
    out.push({ fila: f.fila, valores });
  });
  if (out.length === 0) throw new AppError('VALIDATION', IMPORT_VENTAS_MESSAGES.noRows);
  if (out.length > MAX_IMPORT_VENTAS)
    throw new AppError('VALIDATION', IMPORT_VENTAS_MESSAGES.tooManyRows);
  return out;
}

const IMPORTE = /^[0-9]{1,15}(\.[0-9]{1,2})?$/;
const limpiarImporte = (v: string) => v.replace(/[$,\s]/g, '');

/** Each row with its tax group resolved and every rule of a sale checked. */
export function validarFilas(
  filas: readonly Fila[],
  rubros: readonly RubroImpuestoResponse[],
): ImportacionGlobal {
  const porNombre = new Map(rubros.map((r) => [normalizar(r.name), r]));
  const grupos = new Map(rubros.map((r) => [r.id, impuestosDeGrupo(r)]));
  const vistos = new Set<string>();
  const ventas: VentaImportada[] = filas.map(({ fila, valores }) => {
    const [folio = '', grupo = '', sub = '', desc = '', total = ''] = valores;
    const errores: string[] = [];
    if (folio === '' || folio.length > 100 || folio.includes('|'))
      errores.push(FOLIO_VENTA_MESSAGE);
    else if (vistos.has(folio)) errores.push(FOLIO_VENTA_REPETIDO_MESSAGE);
    vistos.add(folio);
    const rubro = grupo === '' ? undefined : porNombre.get(normalizar(grupo));
    let impuestos: ImpuestoDraft[] | null = null;
    if (grupo === '') errores.push(GRUPO_IMPUESTOS_MESSAGE);
    else if (!rubro) errores.push(IMPORT_VENTAS_MESSAGES.grupoDesconocido(grupo));
    else {
      const g = grupos.get(rubro.id)!;
      if (g.ok) impuestos = g.impuestos;
      else errores.push(g.message);
    }
    const subtotal = limpiarImporte(sub);
    const descuento = limpiarImporte(desc);
    const subOk = IMPORTE.test(subtotal) && !/^0+(\.0+)?$/.test(subtotal);
    if (!subOk) errores.push(SUBTOTAL_MESSAGE);
    const descOk = descuento === '' || IMPORTE.test(descuento);
    if (!descOk) errores.push(DESCUENTO_VENTA_MESSAGE);
    if (errores.length === 0 && impuestos) {
      const r = calcularGlobal([
        { folioVenta: folio, subtotal, ...(descuento ? { descuento } : {}), impuestos },
      ]);
      if (!r.ok) errores.push(...r.errores.map((e) => e.message));
      else if (total !== '') {
        // A ticket priced with tax included may differ from the computed total by a cent per tax
        // (the SAT admits either rounding of each tax); beyond that the row is wrong.
        const venta = r.ventas[0]!;
        const t = limpiarImporte(total);
        const tolerancia = decimal('0.01').times(Math.max(1, venta.traslados.length));
        if (!IMPORTE.test(t) || decimal(t).minus(decimal(venta.totalVenta)).abs().gt(tolerancia))
          errores.push(IMPORT_VENTAS_MESSAGES.totalNoCoincide(venta.totalVenta));
      }
    }
    return {
      fila,
      folioVenta: folio,
      grupoImpuestosId: rubro?.id ?? null,
      subtotal: subOk ? subtotal : sub,
      descuento: descOk ? descuento : desc,
      errores,
    };
  });
  return {
    ventas,
    total_filas: ventas.length,
    filas_con_error: ventas.filter((v) => v.errores.length > 0).length,
  };
}

/** An uploaded xlsx or CSV, or pasted text, read and checked. */
export async function importarVentas(
  input: { archivo: { name: string; data: Buffer } } | { texto: string },
  rubros: readonly RubroImpuestoResponse[],
): Promise<ImportacionGlobal> {
  const filas = 'texto' in input ? filasDeTexto(input.texto) : await filasDeArchivo(input.archivo);
  return validarFilas(conColumnas(filas), rubros);
}

/** The template: the columns, two example rows with the enterprise's first tax group, and notes. */
export function plantillaVentas(rubros: readonly RubroImpuestoResponse[]): Promise<Buffer> {
  const ejemplo = rubros[0]?.name ?? 'IVA 16%';
  return writeWorkbook(
    'Ventas',
    [
      { header: FOLIO, width: 18 },
      { header: GRUPO, width: 28 },
      { header: SUBTOTAL, width: 14 },
      { header: DESCUENTO, width: 14 },
      { header: TOTAL, width: 18 },
    ],
    [
      ['T-0001', ejemplo, 100, '', ''],
      ['T-0002', ejemplo, 250.5, 10, ''],
    ],
    {
      numberFormats: { 2: '0.00', 3: '0.00', 4: '0.00' },
      notes: [
        'Una fila por venta (ticket) del periodo. Borre las dos filas de ejemplo antes de importar.',
        `${FOLIO}: el número del ticket o de la operación; cada folio una sola vez.`,
        `${GRUPO}: el nombre exacto de uno de sus grupos de impuestos: ${rubros.map((r) => r.name).join(', ') || '(aún no tiene grupos)'}.`,
        `${SUBTOTAL}: el importe de la venta antes de impuestos, con hasta 2 decimales.`,
        `${DESCUENTO} (opcional): el descuento de la venta.`,
        `${TOTAL} (opcional): si lo escribe, se compara con el total calculado con los impuestos del grupo.`,
        'También puede guardar el archivo como CSV, o copiar las filas y pegarlas en la factura global.',
      ],
    },
  );
}

import { COLUMNAS_RECIBOS } from '@repo/contracts/recibos-importacion';
import type { Db } from '../../db/client.ts';
import { writeWorkbook } from '../clients/spreadsheet.ts';
import { getRubros } from '../rubros-impuestos/rubros-impuestos.service.ts';

const [TICKET, FECHA, FORMA, PRODUCTO, CANTIDAD, PRECIO, GRUPO] = COLUMNAS_RECIBOS;

/** GET /recibos/{enterpriseId}/importar/plantilla: the columns, an example ticket, and notes. */
export async function plantillaRecibos(db: Db, enterpriseId: number, hoy: string) {
  const rubros = await getRubros(db, enterpriseId);
  return writeWorkbook(
    'Recibos',
    [
      { header: TICKET, width: 14 },
      { header: FECHA, width: 12 },
      { header: FORMA, width: 14 },
      { header: PRODUCTO, width: 30 },
      { header: CANTIDAD, width: 10 },
      { header: PRECIO, width: 14 },
      { header: GRUPO, width: 22 },
    ],
    [
      ['T-0001', hoy, '01', 'Clave interna o descripción de su producto', 2, '', ''],
      ['T-0001', hoy, '01', 'Otro producto del mismo ticket', 1, 150, rubros[0]?.name ?? ''],
    ],
    {
      notes: [
        'Una fila por partida; las filas con el mismo ticket forman un solo recibo. Borre las filas de ejemplo antes de importar.',
        `${TICKET} (opcional): el número de ticket de su punto de venta; un ticket ya registrado no se importa dos veces.`,
        `${FECHA}: el día de la venta, AAAA-MM-DD; no posterior a hoy ni de hace más de un año.`,
        `${FORMA}: la clave del SAT de la forma de pago (01 Efectivo, 04 Tarjeta de crédito, 28 Tarjeta de débito…); no 99.`,
        `${PRODUCTO}: la clave interna o la descripción exacta de un producto o servicio de su catálogo.`,
        `${CANTIDAD}: mayor que cero, hasta 6 decimales.`,
        `${PRECIO} (opcional): el precio antes de impuestos; vacío, el del producto.`,
        `${GRUPO} (opcional): el nombre de uno de sus grupos de impuestos (${rubros.map((r) => r.name).join(', ') || 'aún no tiene grupos'}); vacío, el del producto.`,
        'Si una fila tiene un error, no se importa ningún recibo: corrija el archivo y vuelva a importarlo.',
      ],
    },
  );
}

import type { Catalogos } from '@repo/catalogos';
import type { Comprobante } from '@repo/cfdi/xml';
import { F, M, W } from './disposicion.ts';
import { conDescripcion } from './formato.ts';
import type { Lienzo } from './recibo-pago.ts';

/** The related CFDI: one band per TipoRelacion with its UUIDs. */
export function dibujarRelacionados(
  r: Lienzo,
  cat: Pick<Catalogos, 'tiposRelacion'>,
  cfdi: Comprobante,
): void {
  const rels = cfdi.CfdiRelacionados;
  if (!rels?.length) return;
  for (const rel of rels) {
    const tipo = cat.tiposRelacion.get(rel.TipoRelacion)?.descripcion;
    const text = rel.CfdiRelacionado.map((u) => u.UUID).join(', ');
    const height = 13 + r.h(text, W - 10, F.r, 7.8) + 16;
    r.ensure(height);
    r.titulo(`CFDI relacionados — ${conDescripcion(rel.TipoRelacion, tipo)}`);
    r.y += 3 + r.t(text, M + 5, r.y + 3, W - 10, F.r, 7.8) + 8;
  }
}

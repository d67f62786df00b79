import { MESES } from '#src/shared/format/meses.ts';

/** `2026-11` → `noviembre de 2026`. */
export function nombreMes(mes: string): string {
  const [anio, m] = mes.split('-');
  return `${MESES[Number(m) - 1] ?? mes} de ${anio ?? ''}`;
}

/** `2026-11` → `nov 26`. */
export function nombreMesCorto(mes: string): string {
  const [anio, m] = mes.split('-');
  return `${(MESES[Number(m) - 1] ?? '').slice(0, 3)} ${(anio ?? '').slice(2)}`;
}

/**
 * The change against the previous month as the home screen says it: `+25 %`, `-10 %`, or null when
 * the previous month had nothing to compare with. Computed on cents (integers), never on floats.
 */
export function variacion(actual: string, anterior: string): string | null {
  const centavos = (v: string) => Math.round(Number(v) * 100);
  const a = centavos(actual);
  const b = centavos(anterior);
  if (b === 0) return null;
  const pct = Math.round(((a - b) * 100) / b);
  return `${pct > 0 ? '+' : ''}${String(pct)} %`;
}

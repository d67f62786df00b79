import { MESES } from '#src/shared/format/meses.ts';

/**
 * The SAT expects the complement of a payment by the 5th day of the month after the payment
 * (cfdi40-rules 7.8). Answers that day (AAAA-MM-DD) and the flag "Emitir a más tardar el 5 de …".
 */
export function plazoComplemento(fechaPago: string): { dia: string; texto: string } {
  const anio = Number(fechaPago.slice(0, 4));
  const mes = Number(fechaPago.slice(5, 7));
  const siguiente = mes === 12 ? 1 : mes + 1;
  const anioSig = mes === 12 ? anio + 1 : anio;
  return {
    dia: `${anioSig}-${String(siguiente).padStart(2, '0')}-05`,
    texto: `Emitir a más tardar el 5 de ${MESES[siguiente - 1] ?? ''}${anioSig !== anio ? ` de ${anioSig}` : ''}`,
  };
}

/** Whether a payment of `fechaPago` registered on `hoy` is past the SAT's deadline. */
export function fueraDePlazo(fechaPago: string, hoy: string): boolean {
  return hoy > plazoComplemento(fechaPago).dia;
}

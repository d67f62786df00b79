/** Wall-clock times of Mexican zones ↔ instants, and business days (rules 1.4, 9.2). */
import { instanteDeFechaLocal } from '@repo/cfdi/xml';

export const ZONA_CENTRO = 'America/Mexico_City';

/** Instant of a wall-clock `AAAA-MM-DDThh:mm:ss` in an IANA zone (from the engine). */
export { instanteDeFechaLocal };

/** Business days as the engine counts them for regla 2.7.1.35 (one implementation). */
export { finDeDiasHabiles } from '@repo/cfdi/cancelacion';

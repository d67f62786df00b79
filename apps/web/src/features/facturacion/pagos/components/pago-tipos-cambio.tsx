import { PagoTipoCambio } from './pago-tipo-cambio.tsx';

const UNIDAD: Record<string, string> = { USD: 'dólar', EUR: 'euro', CAD: 'dólar canadiense' };

/** "Tipo de cambio USD (pesos por dólar)". */
export function etiquetaTipoCambio(moneda: string): string {
  return `Tipo de cambio ${moneda} (pesos por ${UNIDAD[moneda] ?? moneda})`;
}

/** A rate typed refills the amounts it converts: its error and theirs go. */
export function sinErroresDeTipo(e: Record<string, string>, moneda: string) {
  const quedan = Object.entries(e).filter(
    ([k]) => k !== `tipos_cambio.${moneda}` && !k.startsWith('documentos.'),
  );
  return Object.fromEntries(quedan);
}

/**
 * A payment in MXN of invoices in several currencies: one exchange rate per invoice currency other
 * than MXN (its EquivalenciaDR, Pagos 2.0 Guía de llenado), each proposing Banxico's FIX of the day.
 */
export function PagoTiposCambio(props: {
  monedas: readonly string[];
  fecha: string;
  values: Record<string, string>;
  error: (campo: string) => string | undefined;
  onChange: (moneda: string, valor: string) => void;
}) {
  return props.monedas.map((moneda) => (
    <PagoTipoCambio
      key={moneda}
      id={`pago-tipo-cambio-${moneda}`}
      etiqueta={etiquetaTipoCambio(moneda)}
      moneda={moneda}
      fecha={props.fecha}
      value={props.values[moneda] ?? ''}
      error={props.error(`tipos_cambio.${moneda}`)}
      onChange={(valor) => props.onChange(moneda, valor)}
    />
  ));
}

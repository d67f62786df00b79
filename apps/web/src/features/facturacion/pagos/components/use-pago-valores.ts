import { useEffect, useState } from 'react';
import type { PagoItem } from '@repo/contracts/complementos-pago';
import type { SerieResponse } from '@repo/contracts/series';
import { valoresDeSustituto } from '../model/pago-sustituto.ts';
import { sinErroresDeTipo } from './pago-tipos-cambio.tsx';
import type { FacturaAPagar } from './factura-a-pagar.ts';
import {
  type PagoFormValues,
  conImportesPropuestos,
  pagoVacio,
} from '../model/pago-form-values.ts';

export type SetPagoCampo = <K extends keyof PagoFormValues>(
  campo: K,
  valor: PagoFormValues[K],
) => void;

/**
 * The payment form's values and field errors: typing a field clears its error; amounts the user
 * did not type follow the payment currency and the exchange rates.
 */
export function usePagoValores(props: {
  facturas: readonly FacturaAPagar[];
  moneda: string;
  series: readonly SerieResponse[];
  hoy: string;
  sustituye?: PagoItem | null | undefined;
}) {
  const [values, setValues] = useState<PagoFormValues>(() => {
    const vacio = pagoVacio({
      serieId: props.series[0]?.id ?? null,
      hoy: props.hoy,
      moneda: props.moneda,
      facturas: props.facturas,
    });
    return props.sustituye ? valoresDeSustituto(props.sustituye, vacio) : vacio;
  });
  const [errores, setErrores] = useState<Record<string, string>>({});
  useEffect(() => {
    if (values.serie_id === null && props.series[0])
      setValues((v) => ({ ...v, serie_id: props.series[0]?.id ?? null }));
  }, [props.series, values.serie_id]);

  const set: SetPagoCampo = (campo, valor) => {
    setValues((v) => ({ ...v, [campo]: valor }));
    setErrores((e) => {
      const { [campo as string]: _quitado, ...resto } = e;
      void _quitado;
      return resto;
    });
  };
  /** Invoice ids whose amount the user typed: the others follow currency and exchange rate. */
  const [tecleados, setTecleados] = useState<ReadonlySet<number>>(() => new Set());
  const teclear = (facturaId: number) =>
    setTecleados((t) => (t.has(facturaId) ? t : new Set(t).add(facturaId)));
  const setConversion = (campo: 'moneda_p' | 'tipo_cambio', valor: string) => {
    set(campo, valor);
    setValues((v) => conImportesPropuestos(v, props.facturas, props.moneda, tecleados));
  };
  const setTipoDe = (moneda: string, valor: string) => {
    setErrores((e) => sinErroresDeTipo(e, moneda));
    setValues((v) =>
      conImportesPropuestos(
        { ...v, tipos_cambio: { ...v.tipos_cambio, [moneda]: valor } },
        props.facturas,
        props.moneda,
        tecleados,
      ),
    );
  };
  const error = (campo: string) => errores[campo];
  return { values, errores, setErrores, error, set, teclear, setConversion, setTipoDe };
}

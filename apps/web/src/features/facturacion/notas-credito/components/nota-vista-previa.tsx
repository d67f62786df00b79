import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import type { NotaCreditoRequest } from '@repo/contracts/notas-credito';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { formatTasaOCuota, nombreImpuesto } from '#src/shared/comprobantes/format-cfdi.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { useDebouncedValue } from '#src/shared/ui/use-debounced-value.ts';
import { useVistaPreviaNota } from '../api/notas-credito.ts';

function Fila(props: { etiqueta: string; valor: string; testId?: string; fuerte?: boolean }) {
  return (
    <div className={`d-flex justify-content-between gap-3${props.fuerte ? ' fw-bold' : ''}`}>
      <span>{props.etiqueta}</span>
      <span className="text-end text-nowrap" data-testid={props.testId}>
        {props.valor}
      </span>
    </div>
  );
}

/**
 * The note's amounts as the user types them (issue 25): the API's preview, computed by the engine
 * that stamps it from the invoice's own lines and taxes; what would remain of the invoice after the
 * note (and, PPD, its payments). A refusal (above what remains) is shown here before stamping.
 */
export function NotaVistaPrevia(props: { body: NotaCreditoRequest | null; factura: string }) {
  const body = useDebouncedValue(props.body);
  const vista = useVistaPreviaNota(body);
  if (!props.body)
    return (
      <Alert variant="light" className="small mb-0 border" data-testid="nota-vista-previa">
        Indique el descuento o los conceptos devueltos y aquí verá el subtotal, los impuestos y el
        total de la nota, calculados con los impuestos de cada concepto de la factura{' '}
        {props.factura}.
      </Alert>
    );
  if (vista.isError)
    return (
      <Alert variant="warning" className="small mb-0" data-testid="nota-vista-previa-error">
        {vista.error instanceof ApiError ? vista.error.message : 'No se pudo calcular la nota.'}
      </Alert>
    );
  const v = vista.data;
  if (!v) return <Spinner size="sm" role="status" aria-label="Calculando importes de la nota" />;
  return (
    <div
      className="border rounded p-3 small d-flex flex-column gap-1"
      data-testid="nota-vista-previa"
    >
      <Fila etiqueta="Subtotal" valor={formatCurrency(v.subtotal)} testId="vista-subtotal" />
      {v.traslados.map((t) => (
        <Fila
          key={`${t.impuesto}${t.tipo_factor}${t.tasa_o_cuota ?? ''}`}
          etiqueta={`${nombreImpuesto(t.impuesto)} ${formatTasaOCuota(t.tipo_factor, t.tasa_o_cuota)}`}
          valor={t.importe === null ? 'Exento' : formatCurrency(t.importe)}
        />
      ))}
      {v.retenciones.map((r) => (
        <Fila
          key={r.impuesto}
          etiqueta={`${nombreImpuesto(r.impuesto)} retenido`}
          valor={`-${formatCurrency(r.importe)}`}
        />
      ))}
      {v.locales.map((l) => (
        <Fila
          key={`${l.tipo}${l.nombre}${l.tasa}`}
          etiqueta={`${l.nombre} ${l.tasa} %${l.tipo === 'retencion' ? ' retenido' : ''} (local)`}
          valor={`${l.tipo === 'retencion' ? '-' : ''}${formatCurrency(l.importe)}`}
        />
      ))}
      <Fila
        etiqueta="Total de la nota"
        valor={formatCurrency(v.total)}
        testId="vista-total"
        fuerte
      />
      {v.facturas.map((f) => (
        <Fila
          key={f.factura_id}
          etiqueta={`Quedará de la factura ${props.factura}`}
          valor={`${formatCurrency(f.restante)} ${v.moneda}`}
          testId="vista-restante"
        />
      ))}
    </div>
  );
}

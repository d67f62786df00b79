import Alert from 'react-bootstrap/Alert';
import { fueraDePlazo, plazoComplemento } from '../model/plazo-complemento.ts';

/** The SAT's deadline for this payment's complement (day 5 of the next month), or that it passed. */
export function PagoPlazo(props: { fecha: string; hoy: string }) {
  const fecha = props.fecha || props.hoy;
  const plazo = plazoComplemento(fecha);
  const vencido = fueraDePlazo(fecha, props.hoy);
  return (
    <Alert
      variant={vencido ? 'danger' : 'info'}
      className="mt-3 mb-0 py-2 small"
      data-testid="pago-plazo"
    >
      {vencido
        ? `El plazo del SAT para este complemento venció (${plazo.texto.replace('Emitir a más tardar', 'debía emitirse a más tardar')}). Emítalo cuanto antes.`
        : `${plazo.texto}: el SAT espera el complemento a más tardar el día 5 del mes siguiente al pago.`}
    </Alert>
  );
}

import Badge from 'react-bootstrap/Badge';
import { ESTADO_ENTREGA_TEXTO, type EstadoEntrega } from '@repo/contracts/webhooks';

const COLOR: Record<EstadoEntrega, string> = {
  pendiente: 'warning',
  entregada: 'success',
  fallida: 'danger',
};

/** A delivery's state as a coloured label. */
export function EstadoBadge(props: { estado: EstadoEntrega }) {
  return (
    <Badge bg={COLOR[props.estado]} {...(props.estado === 'pendiente' ? { text: 'dark' } : {})}>
      {ESTADO_ENTREGA_TEXTO[props.estado]}
    </Badge>
  );
}

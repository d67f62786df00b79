import Alert from 'react-bootstrap/Alert';
import { serieFolio } from './format-cfdi.ts';

/** How the notice names the document: "La factura … sellada", "El complemento de pago … sellado". */
export interface DocumentoNombrado {
  nombre: string;
  femenino: boolean;
}

const FACTURA: DocumentoNombrado = { nombre: 'La factura', femenino: true };

/**
 * A stamping attempt that did not end stamped: still waiting for the PAC (its folio and one credit
 * reserved, resent automatically), or rejected by the PAC (its folio used, its credit refunded, and
 * the PAC's reason, which explains the gap in the serie).
 */
export function IntentoTimbradoAviso(props: {
  factura: {
    status: string;
    serie: string;
    folio: number | null;
    rechazo?: { codigo: string; mensaje: string } | null | undefined;
  };
  documento?: DocumentoNombrado;
}) {
  const { factura } = props;
  const documento = props.documento ?? FACTURA;
  const sellado = documento.femenino ? 'sellada' : 'sellado';
  const rechazado = documento.femenino ? 'Rechazada' : 'Rechazado';
  const folio = serieFolio(factura.serie, factura.folio);
  if (factura.status === 'pendiente_pac') {
    return (
      <Alert variant="warning" className="mb-4" data-testid="intento-pendiente">
        <Alert.Heading className="h6 fw-bold">Pendiente de respuesta del PAC</Alert.Heading>
        <p className="mb-0">
          {documento.nombre} quedó {sellado} con el folio {folio} y tiene 1 crédito reservado. El
          PAC no ha respondido: se le reenvía automáticamente sin cambios, nunca se timbra dos
          veces. Si el PAC lo rechaza, el crédito se devuelve.
        </p>
      </Alert>
    );
  }
  if (factura.status === 'rechazada') {
    const codigo = factura.rechazo?.codigo ? ` (${factura.rechazo.codigo})` : '';
    return (
      <Alert variant="danger" className="mb-4" data-testid="intento-rechazado">
        <Alert.Heading className="h6 fw-bold">
          {rechazado} por el PAC{codigo}
        </Alert.Heading>
        <p className="mb-2">{factura.rechazo?.mensaje || 'El PAC no indicó el motivo.'}</p>
        <p className="small mb-0">
          El folio {folio} quedó usado por este intento y no se timbró: el crédito se devolvió.
          Corrija los datos y timbre de nuevo; se usará el siguiente folio de la serie.
        </p>
      </Alert>
    );
  }
  return null;
}

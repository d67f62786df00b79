import Form from 'react-bootstrap/Form';
import type { SerieResponse } from '@repo/contracts/series';

/** Under a serie select: the folio the next stamp takes, or how to create a serie of this kind. */
export function FolioPreview(props: {
  serie: SerieResponse | null;
  hayDeEsteTipo: boolean;
  /** e.g. "Registre una serie de facturas de ingreso en Configuraciones › Series y folios." */
  sinSeries: string;
}) {
  if (props.serie) {
    return (
      <Form.Text muted data-testid="folio-preview">
        Folio siguiente: {props.serie.serie}-{props.serie.folio}
      </Form.Text>
    );
  }
  if (props.hayDeEsteTipo) return null;
  return <Form.Text className="text-danger">{props.sinSeries}</Form.Text>;
}

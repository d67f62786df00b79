import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import {
  MODO_PRUEBAS_APP,
  MODO_PRUEBAS_MARCA,
  SIN_VALIDEZ_FISCAL_LEYENDA,
  SIN_VALIDEZ_FISCAL_TITULO,
} from '@repo/contracts/modo-pruebas';
import { useModoPruebas } from './use-modo-pruebas.ts';

/** The header's mark: the app stamps with a test PAC (nothing when it stamps for real). */
export function ModoPruebasMarca(props: { className?: string }) {
  if (!useModoPruebas()) return null;
  return (
    <Badge
      bg="warning"
      text="dark"
      className={props.className}
      title={MODO_PRUEBAS_APP}
      data-testid="modo-pruebas"
    >
      {MODO_PRUEBAS_MARCA}
    </Badge>
  );
}

/** The legend of a stamped document shown on screen (detail, share page) in test mode. */
export function SinValidezFiscalAviso(props: { className?: string }) {
  if (!useModoPruebas()) return null;
  return (
    <Alert variant="warning" className={props.className} data-testid="sin-validez-fiscal">
      <strong>{SIN_VALIDEZ_FISCAL_TITULO}.</strong> {SIN_VALIDEZ_FISCAL_LEYENDA}
    </Alert>
  );
}

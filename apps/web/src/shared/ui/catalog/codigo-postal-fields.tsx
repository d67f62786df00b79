import { useQueryClient } from '@tanstack/react-query';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { POSTAL_CODE_LENGTH } from '@repo/contracts/datos-fiscales';
import { errorMessageOf } from '../../http/api-error.ts';
import { FormField } from '../form-field.tsx';
import {
  type CodigoPostalInfo,
  codigoPostalQuery,
  isCompleteCodigoPostal,
  useCodigoPostalInfo,
  useEstados,
} from './codigo-postal-lookup.ts';

/** The address keys of the SAT catalogs that a postal code determines. */
export interface DireccionCatalogo {
  codigo_postal: string;
  estado: string;
  municipio: string;
  ciudad: string;
  colonia: string;
}

type Errors = Partial<Record<keyof DireccionCatalogo, string | undefined>>;

/** The keys a looked-up postal code gives: its state, municipality and locality; the colonia stays if it belongs. */
export function direccionFromInfo(
  current: DireccionCatalogo,
  info: CodigoPostalInfo,
): DireccionCatalogo {
  const cp = info.codigoPostal;
  const only = <T extends { clave: string }>(list: T[]) =>
    list.length === 1 ? list[0]!.clave : '';
  return {
    codigo_postal: current.codigo_postal,
    estado: cp.clave_estado,
    municipio: cp.clave_municipio || only(info.municipios),
    ciudad: cp.clave_localidad || only(info.localidades),
    colonia: info.colonias.some((c) => c.clave === current.colonia)
      ? current.colonia
      : only(info.colonias),
  };
}

/**
 * Código postal, then estado, municipio, localidad (ciudad) and colonia from the catalog service.
 * Controlled: `value` holds the SAT keys, `onChange` gets the whole address back.
 */
export function CodigoPostalFields(props: {
  idPrefix: string;
  value: DireccionCatalogo;
  onChange: (next: DireccionCatalogo) => void;
  errors?: Errors;
  disabled?: boolean;
}) {
  const { value, onChange } = props;
  const info = useCodigoPostalInfo(value.codigo_postal);
  const estados = useEstados();
  const queryClient = useQueryClient();

  // A complete code fills its state, municipality and locality once; the person can change them afterwards.
  const changeCodigoPostal = (raw: string) => {
    const codigoPostal = raw.replace(/\D/g, '');
    const next = { ...value, codigo_postal: codigoPostal };
    onChange(next);
    if (!isCompleteCodigoPostal(codigoPostal)) return;
    queryClient
      .fetchQuery(codigoPostalQuery(codigoPostal))
      .then((found) => onChange(direccionFromInfo(next, found)))
      .catch(() => undefined); // The field shows the lookup's error.
  };

  const set = (field: keyof DireccionCatalogo, v: string) => onChange({ ...value, [field]: v });
  const complete = isCompleteCodigoPostal(value.codigo_postal);
  const lookupError =
    complete && info.isError
      ? errorMessageOf(info.error, 'No fue posible consultar el código postal.')
      : undefined;
  const data = complete ? info.data : undefined;
  const id = (field: string) => `${props.idPrefix}-${field}`;

  return (
    <>
      <Row>
        <Col md={4}>
          <FormField
            id={id('codigo-postal')}
            label="Código postal"
            error={props.errors?.codigo_postal ?? lookupError}
            hint={
              info.isFetching ? (
                <span>
                  <Spinner size="sm" className="me-1" /> Buscando el código postal…
                </span>
              ) : (
                `${POSTAL_CODE_LENGTH} dígitos; con él se llenan estado, municipio y localidad.`
              )
            }
          >
            <Form.Control
              value={value.codigo_postal}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={POSTAL_CODE_LENGTH}
              disabled={props.disabled ?? false}
              isInvalid={Boolean(props.errors?.codigo_postal ?? lookupError)}
              onChange={(e) => changeCodigoPostal(e.target.value)}
            />
          </FormField>
        </Col>
        <Col md={8}>
          <FormField id={id('estado')} label="Estado" error={props.errors?.estado}>
            <Form.Select
              value={value.estado}
              disabled={Boolean(props.disabled) || !data}
              isInvalid={Boolean(props.errors?.estado)}
              onChange={(e) => set('estado', e.target.value)}
            >
              <option value="">Seleccione el estado</option>
              {(estados.data ?? [])
                .filter((e) => e.pais === 'MEX')
                .map((e) => (
                  <option key={e.clave} value={e.clave}>
                    {e.nombre}
                  </option>
                ))}
            </Form.Select>
          </FormField>
        </Col>
      </Row>
      <Row>
        <Col md={4}>
          <FormField id={id('municipio')} label="Municipio" error={props.errors?.municipio}>
            <Form.Select
              value={value.municipio}
              disabled={Boolean(props.disabled) || !data}
              isInvalid={Boolean(props.errors?.municipio)}
              onChange={(e) => set('municipio', e.target.value)}
            >
              <option value="">Seleccione el municipio</option>
              {(data?.municipios ?? []).map((m) => (
                <option key={m.clave} value={m.clave}>
                  {m.descripcion}
                </option>
              ))}
            </Form.Select>
          </FormField>
        </Col>
        <Col md={4}>
          <FormField id={id('ciudad')} label="Ciudad (localidad)" error={props.errors?.ciudad}>
            <Form.Select
              value={value.ciudad}
              disabled={Boolean(props.disabled) || !data}
              isInvalid={Boolean(props.errors?.ciudad)}
              onChange={(e) => set('ciudad', e.target.value)}
            >
              <option value="">Sin localidad</option>
              {(data?.localidades ?? []).map((l) => (
                <option key={l.clave} value={l.clave}>
                  {l.descripcion}
                </option>
              ))}
            </Form.Select>
          </FormField>
        </Col>
        <Col md={4}>
          <FormField id={id('colonia')} label="Colonia" error={props.errors?.colonia}>
            <Form.Select
              value={value.colonia}
              disabled={Boolean(props.disabled) || !data}
              isInvalid={Boolean(props.errors?.colonia)}
              onChange={(e) => set('colonia', e.target.value)}
            >
              <option value="">Seleccione la colonia</option>
              {(data?.colonias ?? []).map((c) => (
                <option key={c.clave} value={c.clave}>
                  {c.nombre_asentamiento}
                </option>
              ))}
            </Form.Select>
          </FormField>
        </Col>
      </Row>
    </>
  );
}

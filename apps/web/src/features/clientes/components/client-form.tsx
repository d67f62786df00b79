import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { ClientRequest, ClientResponse } from '@repo/contracts/clients';
import { REGIMEN_SOCIETARIO_MESSAGE, stripRegimenSocietario } from '@repo/contracts/datos-fiscales';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { ClaveOptions } from '#src/shared/ui/catalog/clave-options.tsx';
import {
  isCompleteCodigoPostal,
  useCodigoPostalInfo,
  useEstados,
} from '#src/shared/ui/catalog/codigo-postal-lookup.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import {
  useFormasPago,
  useMetodosPago,
  usePaises,
  useRegimenesFiscales,
  useUsosCfdi,
} from '../api/client-catalogs.ts';
import {
  CLIENT_FORM_FIELDS,
  type ClientFormValues,
  clientResolver,
  clientValuesOf,
  emptyClientValues,
  normalizeRfc,
  rfcKind,
  rfcTakenMessage,
} from './client-form-values.ts';
import { type UniqueStatus, useUniqueCheck } from '#src/shared/ui/use-unique-check.ts';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';

const REGIMEN_SIN_OBLIGACIONES = '616';
const USO_SIN_EFECTOS_FISCALES = 'S01';
const FORMA_PAGO_POR_DEFINIR = '99';
const PAIS_MEXICO = 'MEX';

function uniqueHint(status: UniqueStatus, fallback: ReactNode, badge: ReactNode): ReactNode {
  if (status.state === 'checking') {
    return (
      <span>
        <Spinner size="sm" className="me-1" /> Verificando el RFC…
      </span>
    );
  }
  if (status.state === 'unique') {
    return (
      <span>
        <span className="text-success">RFC disponible</span>
        {badge}
      </span>
    );
  }
  return fallback;
}

export interface ClientFormProps {
  /** The client being edited; a new client when absent. */
  client?: ClientResponse | null;
  /** Saves the client (POST /clients, PUT /clients/{id}, or the wizard's token endpoint); rejects with the API's error. */
  onSubmit: (request: ClientRequest) => Promise<unknown>;
  /** True when no other client of the enterprise has the RFC (generic RFCs are never checked). */
  checkRfcUnique: (rfc: string) => Promise<boolean>;
  submitLabel?: string;
  /** Buttons shown beside the submit button (cancel, delete). */
  actions?: ReactNode;
}

/**
 * The client form (spec sections 3 and 5): RFC with its person type, régimen and uso CFDI filtered by
 * them, forma and método de pago, domicilio fiscal, e-mails, and the foreign client's tax id and country.
 */
export function ClientForm(props: ClientFormProps) {
  const { client, onSubmit, checkRfcUnique } = props;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ClientFormValues, unknown, ClientRequest>({
    resolver: clientResolver,
    mode: 'onTouched',
    defaultValues: client ? clientValuesOf(client) : emptyClientValues(),
  });
  const { errors, isSubmitting } = form.formState;
  const { control, register, setValue, getValues } = form;
  // Spec section 5: a régimen societario ('S.A. DE C.V.'…) is removed from the name, with the
  // SAT's reason: the name becomes the receptor's name of every invoice.
  const [suffixRemoved, setSuffixRemoved] = useState(false);
  const nameField = register('name_razon_social', {
    onBlur: (e: { target: { value: string } }) => {
      const stripped = stripRegimenSocietario(e.target.value);
      if (stripped !== e.target.value.trim() && stripped !== '') {
        setValue('name_razon_social', stripped, { shouldValidate: true });
        setSuffixRemoved(true);
      }
    },
    onChange: () => setSuffixRemoved(false),
  });
  const rfc = normalizeRfc(useWatch({ control, name: 'rfc' }) ?? '');
  const regimen = useWatch({ control, name: 'regimenFiscal' }) ?? '';
  const metodoPago = useWatch({ control, name: 'metodoPago' }) ?? '';
  // The catalogue selects show the form's value (React re-applies it when the options arrive after
  // the saved value: an uncontrolled select would show its placeholder on an edit screen).
  const usoCfdi = useWatch({ control, name: 'usoCfdi' }) ?? '';
  const formaPago = useWatch({ control, name: 'formaPago' }) ?? '';
  const pais = useWatch({ control, name: 'pais' }) ?? '';
  const kind = rfcKind(rfc);

  const regimenes = useRegimenesFiscales(kind.persona);
  const regimenOptions = (regimenes.data ?? []).filter(
    (r) => !kind.generic || r.clave === REGIMEN_SIN_OBLIGACIONES,
  );
  const usos = useUsosCfdi(kind.valid ? rfc : null, regimen);
  const usoOptions = (usos.data ?? []).filter(
    (u) => !kind.publicoEnGeneral || u.clave === USO_SIN_EFECTOS_FISCALES,
  );
  const formasPago = useFormasPago();
  const metodosPago = useMetodosPago();
  const paises = usePaises(kind.foreign);

  // A régimen or uso that no longer applies to the RFC's person type or régimen is cleared; when only
  // one applies (the generic RFCs), it is chosen.
  const regimenKeys = regimenes.isSuccess ? regimenOptions.map((r) => r.clave).join() : null;
  useEffect(() => {
    if (regimenKeys === null) return;
    const keys = regimenKeys.split(',');
    const current = getValues('regimenFiscal');
    if (keys.length === 1 && keys[0] && current !== keys[0]) setValue('regimenFiscal', keys[0]);
    else if (current !== '' && !keys.includes(current)) setValue('regimenFiscal', '');
  }, [regimenKeys, getValues, setValue]);
  const usoKeys = usos.isSuccess ? usoOptions.map((u) => u.clave).join() : null;
  useEffect(() => {
    if (usoKeys === null) return;
    const keys = usoKeys.split(',');
    const current = getValues('usoCfdi');
    if (keys.length === 1 && keys[0] && current !== keys[0]) setValue('usoCfdi', keys[0]);
    else if (current !== '' && !keys.includes(current)) setValue('usoCfdi', '');
  }, [usoKeys, getValues, setValue]);
  // Anexo 20: with PPD the forma de pago is 99 Por definir.
  useEffect(() => {
    if (metodoPago === 'PPD' && getValues('formaPago') !== FORMA_PAGO_POR_DEFINIR) {
      setValue('formaPago', FORMA_PAGO_POR_DEFINIR);
    }
  }, [metodoPago, getValues, setValue]);

  // A complete postal code fills estado, municipio and localidad from the SAT catalogs (once per
  // code the person types; a saved client's address is left as it was) and offers its colonias.
  const codigoPostal = (useWatch({ control, name: 'address.codigo_postal' }) ?? '').trim();
  const cpInfo = useCodigoPostalInfo(codigoPostal);
  const estados = useEstados();
  const filledFor = useRef(client?.address.codigo_postal ?? '');
  const coloniasId = useId();
  useEffect(() => {
    const data = cpInfo.data;
    if (!data || !estados.data || data.codigoPostal.codigo_postal !== codigoPostal) return;
    if (filledFor.current === codigoPostal) return;
    filledFor.current = codigoPostal;
    const estado = estados.data.find((e) => e.clave === data.codigoPostal.clave_estado);
    const options = { shouldDirty: true } as const;
    setValue('address.estado', estado?.nombre ?? '', options);
    setValue('address.municipio', data.municipios[0]?.descripcion ?? '', options);
    setValue('address.localidad', data.localidades[0]?.descripcion ?? '', options);
    if (data.colonias.length === 1) {
      setValue('address.colonia', data.colonias[0]?.nombre_asentamiento ?? '', options);
    }
  }, [cpInfo.data, estados.data, codigoPostal, setValue]);
  const cpLookupError =
    isCompleteCodigoPostal(codigoPostal) && cpInfo.isError
      ? errorMessageOf(cpInfo.error, 'No fue posible consultar el código postal.')
      : undefined;
  const colonias = isCompleteCodigoPostal(codigoPostal) ? (cpInfo.data?.colonias ?? []) : [];

  // The caller may pass a new function on every render: the check reads the latest one, so a
  // re-render never repeats the request.
  const checkRef = useRef(checkRfcUnique);
  useEffect(() => {
    checkRef.current = checkRfcUnique;
  });
  const uniqueMessage = useCallback(
    async (value: string) => ((await checkRef.current(value)) ? null : rfcTakenMessage(value)),
    [],
  );
  const rfcStatus = useUniqueCheck(rfc, kind.valid && !kind.generic, uniqueMessage);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // The debounced check may not have answered yet: ask once more before saving.
    if (!rfcKind(values.rfc).generic) {
      const unique = await checkRfcUnique(values.rfc).catch(() => true);
      const taken = unique ? null : rfcTakenMessage(values.rfc);
      if (taken) {
        form.setError('rfc', { type: 'unique', message: taken });
        return;
      }
    }
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, CLIENT_FORM_FIELDS)) {
        setFailure(inlineErrorOf(error));
      }
    }
  });

  const rfcError =
    errors.rfc?.message ?? (rfcStatus.state === 'taken' ? rfcStatus.message : undefined);
  const personaBadge = kind.persona && (
    <Badge bg="secondary" className="ms-2 fw-normal">
      {kind.foreign
        ? 'Extranjero'
        : kind.publicoEnGeneral
          ? 'Público en general'
          : kind.persona === 'moral'
            ? 'Persona moral'
            : 'Persona física'}
    </Badge>
  );

  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      <UnsavedChangesGuard when={form.formState.isDirty && !isSubmitting} />
      {failure && <Alert variant="warning">{failure}</Alert>}
      <Card className="border-0 shadow-sm mb-4">
        <Card.Body>
          <h2 className="h5 fw-semibold mb-3">Datos fiscales del cliente</h2>
          <Row>
            <Col md={8}>
              <FormField
                id="client-name"
                label="Nombre o razón social"
                error={errors.name_razon_social?.message}
                hint={
                  suffixRemoved ? (
                    <span className="text-warning-emphasis" role="status">
                      {REGIMEN_SOCIETARIO_MESSAGE}
                    </span>
                  ) : (
                    'Tal como aparece en la constancia de situación fiscal, sin régimen societario.'
                  )
                }
              >
                <Form.Control
                  maxLength={300}
                  isInvalid={!!errors.name_razon_social}
                  {...nameField}
                />
              </FormField>
            </Col>
            <Col md={4}>
              <FormField
                id="client-rfc"
                label="RFC"
                error={rfcError}
                hint={uniqueHint(
                  rfcStatus,
                  kind.generic ? (
                    <span>RFC genérico del SAT{personaBadge}</span>
                  ) : kind.persona ? (
                    <span>RFC válido{personaBadge}</span>
                  ) : (
                    '12 caracteres para personas morales, 13 para personas físicas.'
                  ),
                  personaBadge,
                )}
              >
                <Form.Control
                  maxLength={13}
                  autoComplete="off"
                  className="text-uppercase"
                  isInvalid={!!rfcError}
                  {...register('rfc')}
                />
              </FormField>
            </Col>
          </Row>
          <Row>
            <Col md={6}>
              <FormField
                id="client-regimen"
                label="Régimen fiscal"
                error={errors.regimenFiscal?.message}
                hint={kind.valid ? undefined : 'Escriba primero un RFC válido.'}
              >
                <Form.Select
                  disabled={!kind.valid || regimenes.isLoading}
                  isInvalid={!!errors.regimenFiscal}
                  {...register('regimenFiscal')}
                  value={regimen}
                >
                  <option value="">Seleccione el régimen fiscal</option>
                  <ClaveOptions rows={regimenOptions} />
                </Form.Select>
              </FormField>
            </Col>
            <Col md={6}>
              <FormField
                id="client-uso-cfdi"
                label="Uso del CFDI"
                error={errors.usoCfdi?.message}
                hint={regimen === '' ? 'Seleccione primero el régimen fiscal.' : undefined}
              >
                <Form.Select
                  disabled={!kind.valid || regimen === '' || usos.isLoading}
                  isInvalid={!!errors.usoCfdi}
                  {...register('usoCfdi')}
                  value={usoCfdi}
                >
                  <option value="">Seleccione el uso del CFDI</option>
                  <ClaveOptions rows={usoOptions} />
                </Form.Select>
              </FormField>
            </Col>
          </Row>
          <Row>
            <Col md={6}>
              <FormField
                id="client-metodo-pago"
                label="Método de pago (opcional)"
                error={errors.metodoPago?.message}
              >
                <Form.Select
                  isInvalid={!!errors.metodoPago}
                  {...register('metodoPago')}
                  value={metodoPago}
                >
                  <option value="">Sin especificar</option>
                  <ClaveOptions rows={metodosPago.data ?? []} />
                </Form.Select>
              </FormField>
            </Col>
            <Col md={6}>
              <FormField
                id="client-forma-pago"
                label="Forma de pago (opcional)"
                error={errors.formaPago?.message}
                hint={
                  metodoPago === 'PPD'
                    ? 'Con pago en parcialidades o diferido (PPD) la forma de pago es 99 Por definir.'
                    : undefined
                }
              >
                <Form.Select
                  isInvalid={!!errors.formaPago}
                  {...register('formaPago')}
                  value={formaPago}
                >
                  <option value="">Sin especificar</option>
                  <ClaveOptions rows={formasPago.data ?? []} />
                </Form.Select>
              </FormField>
            </Col>
          </Row>
          {kind.foreign && (
            <Row>
              <Col md={6}>
                <FormField
                  id="client-num-reg-id-trib"
                  label="Número de registro de identidad fiscal"
                  error={errors.numRegistroIdentidadFiscal?.message}
                  hint="El número de identificación fiscal del cliente en su país."
                >
                  <Form.Control
                    maxLength={40}
                    isInvalid={!!errors.numRegistroIdentidadFiscal}
                    {...register('numRegistroIdentidadFiscal')}
                  />
                </FormField>
              </Col>
              <Col md={6}>
                <FormField
                  id="client-pais"
                  label="País de residencia fiscal"
                  error={errors.pais?.message}
                >
                  <Form.Select isInvalid={!!errors.pais} {...register('pais')} value={pais}>
                    <option value="">Seleccione el país</option>
                    {(paises.data ?? [])
                      .filter((p) => p.clave !== PAIS_MEXICO)
                      .map((p) => (
                        <option key={p.clave} value={p.clave}>
                          {p.descripcion}
                        </option>
                      ))}
                  </Form.Select>
                </FormField>
              </Col>
            </Row>
          )}
        </Card.Body>
      </Card>

      <Card className="border-0 shadow-sm mb-4">
        <Card.Body>
          <h2 className="h5 fw-semibold mb-3">Domicilio fiscal</h2>
          <Row>
            <Col md={3}>
              <FormField
                id="client-codigo-postal"
                label={kind.generic ? 'Código postal (opcional)' : 'Código postal'}
                error={errors.address?.codigo_postal?.message ?? cpLookupError}
                hint={
                  cpInfo.isFetching ? (
                    <span>
                      <Spinner size="sm" className="me-1" /> Buscando el código postal…
                    </span>
                  ) : (
                    '5 dígitos; con él se llenan estado, municipio y localidad.'
                  )
                }
              >
                <Form.Control
                  inputMode="numeric"
                  maxLength={5}
                  isInvalid={!!(errors.address?.codigo_postal ?? cpLookupError)}
                  {...register('address.codigo_postal')}
                />
              </FormField>
            </Col>
            <Col md={9}>
              <FormField id="client-calle" label="Calle" error={errors.address?.calle?.message}>
                <Form.Control maxLength={200} {...register('address.calle')} />
              </FormField>
            </Col>
          </Row>
          <Row>
            <Col md={3}>
              <FormField
                id="client-numero-exterior"
                label="Número exterior"
                error={errors.address?.numero_exterior?.message}
              >
                <Form.Control maxLength={50} {...register('address.numero_exterior')} />
              </FormField>
            </Col>
            <Col md={3}>
              <FormField
                id="client-numero-interior"
                label="Número interior"
                error={errors.address?.numero_interior?.message}
              >
                <Form.Control maxLength={50} {...register('address.numero_interior')} />
              </FormField>
            </Col>
            <Col md={6}>
              <FormField
                id="client-colonia"
                label="Colonia"
                error={errors.address?.colonia?.message}
              >
                <Form.Control
                  maxLength={200}
                  list={coloniasId}
                  autoComplete="off"
                  {...register('address.colonia')}
                />
                <datalist id={coloniasId}>
                  {colonias.map((c) => (
                    <option key={c.clave} value={c.nombre_asentamiento} />
                  ))}
                </datalist>
              </FormField>
            </Col>
          </Row>
          <Row>
            <Col md={4}>
              <FormField
                id="client-localidad"
                label="Localidad"
                error={errors.address?.localidad?.message}
              >
                <Form.Control maxLength={200} {...register('address.localidad')} />
              </FormField>
            </Col>
            <Col md={4}>
              <FormField
                id="client-municipio"
                label="Municipio"
                error={errors.address?.municipio?.message}
              >
                <Form.Control maxLength={200} {...register('address.municipio')} />
              </FormField>
            </Col>
            <Col md={4}>
              <FormField id="client-estado" label="Estado" error={errors.address?.estado?.message}>
                <Form.Control maxLength={200} {...register('address.estado')} />
              </FormField>
            </Col>
          </Row>
        </Card.Body>
      </Card>

      <Card className="border-0 shadow-sm mb-4">
        <Card.Body>
          <h2 className="h5 fw-semibold mb-3">Contacto</h2>
          <FormField
            id="client-email"
            label="Correo electrónico (opcional)"
            error={errors.email?.message}
            hint="Las facturas se envían a estos correos. Puede escribir varios, separados por comas."
          >
            <Form.Control
              type="text"
              inputMode="email"
              isInvalid={!!errors.email}
              {...register('email')}
            />
          </FormField>
          <FormField
            id="client-description"
            label="Notas (opcional)"
            error={errors.description?.message}
          >
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={1000}
              isInvalid={!!errors.description}
              {...register('description')}
            />
          </FormField>
        </Card.Body>
      </Card>

      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" className="me-2" />}
          {props.submitLabel ?? 'Guardar cliente'}
        </Button>
        {props.actions}
      </div>
    </Form>
  );
}

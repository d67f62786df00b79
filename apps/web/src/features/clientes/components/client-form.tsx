import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { ClientRequest, ClientResponse } from '@repo/contracts/clients';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import {
  isCompleteCodigoPostal,
  useCodigoPostalInfo,
  useEstados,
} from '#src/shared/ui/catalog/codigo-postal-lookup.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';
import { ClientFiscalCard } from './client-fiscal-card.tsx';
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
  const { isSubmitting } = form.formState;
  const rfc = normalizeRfc(useWatch({ control: form.control, name: 'rfc' }) ?? '');
  const kind = rfcKind(rfc);

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

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <UnsavedChangesGuard when={form.formState.isDirty && !isSubmitting} />
        {failure && <Alert variant="warning">{failure}</Alert>}
        <ClientFiscalCard rfc={rfc} kind={kind} checkRfcUnique={checkRfcUnique} />
        <ClientAddressCard
          generic={kind.generic}
          savedCodigoPostal={client?.address.codigo_postal ?? ''}
        />
        <ClientContactCard />

        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting && <Spinner size="sm" className="me-2" />}
            {props.submitLabel ?? 'Guardar cliente'}
          </Button>
          {props.actions}
        </div>
      </Form>
    </FormProvider>
  );
}

/** The client form's "Contacto": the e-mails invoices go to, and notes. */
function ClientContactCard() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ClientFormValues>();
  return (
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
  );
}

/**
 * A complete postal code fills estado, municipio and localidad from the SAT catalogs (once per
 * code the person types; a saved client's address is left as it was) and offers its colonias.
 */
function useCodigoPostalFill(savedCodigoPostal: string) {
  const { control, setValue } = useFormContext<ClientFormValues>();
  const codigoPostal = (useWatch({ control, name: 'address.codigo_postal' }) ?? '').trim();
  const cpInfo = useCodigoPostalInfo(codigoPostal);
  const estados = useEstados();
  const filledFor = useRef(savedCodigoPostal);
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
  const lookupError =
    isCompleteCodigoPostal(codigoPostal) && cpInfo.isError
      ? errorMessageOf(cpInfo.error, 'No fue posible consultar el código postal.')
      : undefined;
  const colonias = isCompleteCodigoPostal(codigoPostal) ? (cpInfo.data?.colonias ?? []) : [];
  return { isFetching: cpInfo.isFetching, lookupError, colonias };
}

type AddressLine =
  'calle' | 'numero_exterior' | 'numero_interior' | 'localidad' | 'municipio' | 'estado';

/** A free-text line of the fiscal address. */
function AddressField(props: { field: AddressLine; label: string; maxLength: number }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ClientFormValues>();
  const { field } = props;
  return (
    <FormField
      id={`client-${field.replace('_', '-')}`}
      label={props.label}
      error={errors.address?.[field]?.message}
    >
      <Form.Control maxLength={props.maxLength} {...register(`address.${field}`)} />
    </FormField>
  );
}

/** The client form's "Domicilio fiscal": the postal code, optional for the generic RFCs, fills it. */
function ClientAddressCard(props: { generic: boolean; savedCodigoPostal: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ClientFormValues>();
  const { isFetching, lookupError, colonias } = useCodigoPostalFill(props.savedCodigoPostal);
  const coloniasId = useId();
  return (
    <Card className="border-0 shadow-sm mb-4">
      <Card.Body>
        <h2 className="h5 fw-semibold mb-3">Domicilio fiscal</h2>
        <Row>
          <Col md={3}>
            <FormField
              id="client-codigo-postal"
              label={props.generic ? 'Código postal (opcional)' : 'Código postal'}
              error={errors.address?.codigo_postal?.message ?? lookupError}
              hint={
                isFetching ? (
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
                isInvalid={!!(errors.address?.codigo_postal ?? lookupError)}
                {...register('address.codigo_postal')}
              />
            </FormField>
          </Col>
          <Col md={9}>
            <AddressField field="calle" label="Calle" maxLength={200} />
          </Col>
        </Row>
        <Row>
          <Col md={3}>
            <AddressField field="numero_exterior" label="Número exterior" maxLength={50} />
          </Col>
          <Col md={3}>
            <AddressField field="numero_interior" label="Número interior" maxLength={50} />
          </Col>
          <Col md={6}>
            <FormField id="client-colonia" label="Colonia" error={errors.address?.colonia?.message}>
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
            <AddressField field="localidad" label="Localidad" maxLength={200} />
          </Col>
          <Col md={4}>
            <AddressField field="municipio" label="Municipio" maxLength={200} />
          </Col>
          <Col md={4}>
            <AddressField field="estado" label="Estado" maxLength={200} />
          </Col>
        </Row>
      </Card.Body>
    </Card>
  );
}

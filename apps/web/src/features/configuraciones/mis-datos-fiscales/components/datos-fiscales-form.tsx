import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';
import {
  DatosFiscalesRequest,
  type DatosFiscalesResponse,
  REGIMEN_SOCIETARIO_MESSAGE,
  stripRegimenSocietario,
} from '@repo/contracts/datos-fiscales';
import { RFC_INVALID_MESSAGE, Rfc } from '@repo/contracts/enterprises';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { CodigoPostalFields } from '#src/shared/ui/catalog/codigo-postal-fields.tsx';
import { FormField } from '#src/shared/ui/form-field.tsx';
import type { DatosFiscalesApi } from '../api/datos-fiscales-api.ts';
import { useRegimenesFiscales } from '../api/get-regimenes-fiscales.ts';
import { LogoField } from './logo-field.tsx';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';

type Input = z.input<typeof DatosFiscalesRequest>;
type Values = z.output<typeof DatosFiscalesRequest>;

const FIELDS = [
  'razon_social',
  'nombre_comercial',
  'regimen_fiscal',
  'codigo_postal',
  'estado',
  'municipio',
  'colonia',
  'ciudad',
  'calle',
  'numero_exterior',
  'numero_interior',
] as const;

const DIRECCION_KEYS = ['codigo_postal', 'estado', 'municipio', 'ciudad', 'colonia'] as const;

export const datosFiscalesKey = (scope: string) => ['datos-fiscales', scope];

function toInput(d: DatosFiscalesResponse): Input {
  return {
    razon_social: d.razon_social,
    nombre_comercial: d.nombre_comercial,
    regimen_fiscal: d.regimen_fiscal,
    codigo_postal: d.codigo_postal,
    estado: d.estado,
    municipio: d.municipio,
    colonia: d.colonia,
    ciudad: d.ciudad,
    calle: d.calle,
    numero_exterior: d.numero_exterior,
    numero_interior: d.numero_interior,
  };
}

/** Mis datos fiscales: loads, edits and saves the tax data through the calls it is given. */
export function DatosFiscalesForm(props: {
  api: DatosFiscalesApi;
  onSaved?: (datos: DatosFiscalesResponse) => void;
  submitLabel?: string;
}) {
  const datos = useQuery({ queryKey: datosFiscalesKey(props.api.scope), queryFn: props.api.get });
  if (datos.isPending) {
    return (
      <div className="py-4 text-center" role="status">
        <Spinner />
      </div>
    );
  }
  if (datos.isError) {
    return <Alert variant="danger">No fue posible cargar sus datos fiscales.</Alert>;
  }
  return <LoadedForm {...props} datos={datos.data} />;
}

function LoadedForm(props: {
  api: DatosFiscalesApi;
  datos: DatosFiscalesResponse;
  onSaved?: (datos: DatosFiscalesResponse) => void;
  submitLabel?: string;
}) {
  const { api } = props;
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [suffixRemoved, setSuffixRemoved] = useState(false);
  // Registration may leave the RFC empty: the wizard captures it here (fixed once saved).
  const rfcEditable = api.canSetRfc && props.datos.rfc === '';
  const [rfc, setRfc] = useState('');
  const [rfcError, setRfcError] = useState<string | null>(null);
  const regimenes = useRegimenesFiscales(
    rfcEditable ? (Rfc.safeParse(rfc).success ? rfc : '') : props.datos.rfc,
  );
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(DatosFiscalesRequest),
    mode: 'onTouched',
    defaultValues: toInput(props.datos),
  });
  const { errors, isSubmitting } = form.formState;
  const [cp, estado, municipio, ciudad, colonia] = useWatch({
    control: form.control,
    name: DIRECCION_KEYS,
  });

  const setCached = (next: DatosFiscalesResponse) =>
    queryClient.setQueryData(datosFiscalesKey(api.scope), next);

  // Spec section 5: social-regime suffixes starting with 'S.' are removed, with the SAT's reason.
  const razonSocial = form.register('razon_social', {
    onBlur: (e: { target: { value: string } }) => {
      const stripped = stripRegimenSocietario(e.target.value);
      if (stripped !== e.target.value.trim()) {
        form.setValue('razon_social', stripped, { shouldValidate: true });
        setSuffixRemoved(true);
      }
    },
    onChange: () => setSuffixRemoved(false),
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const parsedRfc = Rfc.safeParse(rfc);
    if (rfcEditable && !parsedRfc.success) {
      setRfcError(parsedRfc.error.issues[0]?.message ?? RFC_INVALID_MESSAGE);
      return;
    }
    setRfcError(null);
    try {
      const saved = await api.save(
        rfcEditable && parsedRfc.success ? { ...values, rfc: parsedRfc.data } : values,
      );
      setCached(saved);
      form.reset(toInput(saved));
      notify('success', 'Datos fiscales guardados.');
      props.onSaved?.(saved);
    } catch (error) {
      const rfcMessage = error instanceof ApiError ? error.fieldErrors.rfc?.[0] : undefined;
      if (rfcMessage) setRfcError(rfcMessage);
      if (!applyFieldErrors(error, form.setError, FIELDS) && !rfcMessage) {
        setFailure(inlineErrorOf(error));
      }
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} aria-label="Datos fiscales">
      <UnsavedChangesGuard when={form.formState.isDirty && !isSubmitting} />
      {failure && <Alert variant="warning">{failure}</Alert>}
      <Row>
        <Col md={6}>
          <FormField
            id="datos-fiscales-rfc"
            label="RFC"
            error={rfcError ?? undefined}
            hint={
              rfcEditable
                ? '12 caracteres si es persona moral, 13 si es persona física.'
                : undefined
            }
          >
            {rfcEditable ? (
              <Form.Control
                value={rfc}
                maxLength={13}
                isInvalid={Boolean(rfcError)}
                onChange={(e) => {
                  setRfc(e.target.value.toUpperCase());
                  setRfcError(null);
                }}
              />
            ) : (
              <Form.Control value={props.datos.rfc} readOnly plaintext />
            )}
          </FormField>
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <FormField
            id="datos-fiscales-razon-social"
            label="Razón social"
            error={errors.razon_social?.message}
            hint={
              suffixRemoved ? (
                <span className="text-warning-emphasis" role="status">
                  {REGIMEN_SOCIETARIO_MESSAGE}
                </span>
              ) : (
                'Tal como aparece en su Constancia de Situación Fiscal, sin el régimen societario.'
              )
            }
          >
            <Form.Control isInvalid={!!errors.razon_social} {...razonSocial} />
          </FormField>
        </Col>
        <Col md={6}>
          <FormField
            id="datos-fiscales-nombre-comercial"
            label="Nombre comercial (opcional)"
            error={errors.nombre_comercial?.message}
          >
            <Form.Control
              isInvalid={!!errors.nombre_comercial}
              {...form.register('nombre_comercial')}
            />
          </FormField>
        </Col>
      </Row>
      <FormField
        id="datos-fiscales-regimen-fiscal"
        label="Régimen fiscal"
        error={errors.regimen_fiscal?.message}
      >
        <Form.Select
          key={regimenes.data ? 'cargados' : 'cargando'}
          isInvalid={!!errors.regimen_fiscal}
          {...form.register('regimen_fiscal')}
        >
          <option value="">Seleccione su régimen fiscal</option>
          {(regimenes.data ?? []).map((r) => (
            <option key={r.clave} value={r.clave}>
              {r.clave} - {r.descripcion}
            </option>
          ))}
        </Form.Select>
      </FormField>
      <CodigoPostalFields
        idPrefix="datos-fiscales"
        value={{
          codigo_postal: cp ?? '',
          estado: estado ?? '',
          municipio: municipio ?? '',
          ciudad: ciudad ?? '',
          colonia: colonia ?? '',
        }}
        onChange={(next) => {
          for (const key of DIRECCION_KEYS) {
            if (form.getValues(key) !== next[key]) {
              form.setValue(key, next[key], { shouldDirty: true });
              form.clearErrors(key);
            }
          }
        }}
        errors={{
          codigo_postal: errors.codigo_postal?.message,
          estado: errors.estado?.message,
          municipio: errors.municipio?.message,
          ciudad: errors.ciudad?.message,
          colonia: errors.colonia?.message,
        }}
      />
      <Row>
        <Col md={6}>
          <FormField
            id="datos-fiscales-calle"
            label="Calle (opcional)"
            error={errors.calle?.message}
          >
            <Form.Control isInvalid={!!errors.calle} {...form.register('calle')} />
          </FormField>
        </Col>
        <Col md={3}>
          <FormField
            id="datos-fiscales-numero-exterior"
            label="Número exterior"
            error={errors.numero_exterior?.message}
          >
            <Form.Control
              isInvalid={!!errors.numero_exterior}
              {...form.register('numero_exterior')}
            />
          </FormField>
        </Col>
        <Col md={3}>
          <FormField
            id="datos-fiscales-numero-interior"
            label="Número interior"
            error={errors.numero_interior?.message}
          >
            <Form.Control
              isInvalid={!!errors.numero_interior}
              {...form.register('numero_interior')}
            />
          </FormField>
        </Col>
      </Row>
      <LogoField api={api} logo={props.datos.logo} onChanged={setCached} />
      <div className="d-flex justify-content-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" className="me-2" />}
          {props.submitLabel ?? 'Guardar datos fiscales'}
        </Button>
      </div>
    </Form>
  );
}

import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { ClaveOptions } from '#src/shared/ui/catalog/clave-options.tsx';
import { FormField } from '#src/shared/ui/form-field.tsx';
import {
  useFormasPago,
  useMetodosPago,
  usePaises,
  useRegimenesFiscales,
  useUsosCfdi,
} from '../api/client-catalogs.ts';
import type { ClientFormValues, RfcKind } from './client-form-values.ts';

const REGIMEN_SIN_OBLIGACIONES = '616';
const USO_SIN_EFECTOS_FISCALES = 'S01';
const FORMA_PAGO_POR_DEFINIR = '99';
const PAIS_MEXICO = 'MEX';

/**
 * A régimen or uso that no longer applies to the RFC's person type or régimen is cleared; when only
 * one applies (the generic RFCs), it is chosen. `allowed` is null while the options load.
 */
function useAllowedValue(name: 'regimenFiscal' | 'usoCfdi', allowed: string[] | null) {
  const { getValues, setValue } = useFormContext<ClientFormValues>();
  const allowedKeys = allowed === null ? null : allowed.join();
  useEffect(() => {
    if (allowedKeys === null) return;
    const keys = allowedKeys.split(',');
    const current = getValues(name);
    if (keys.length === 1 && keys[0] && current !== keys[0]) setValue(name, keys[0]);
    else if (current !== '' && !keys.includes(current)) setValue(name, '');
  }, [name, allowedKeys, getValues, setValue]);
}

/** Régimen fiscal and uso del CFDI, offered as the RFC's person type and the régimen allow. */
export function ClientRegimenFields({ rfc, kind }: { rfc: string; kind: RfcKind }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ClientFormValues>();
  const regimen = useWatch({ control, name: 'regimenFiscal' }) ?? '';
  // The catalogue selects show the form's value (React re-applies it when the options arrive after
  // the saved value: an uncontrolled select would show its placeholder on an edit screen).
  const usoCfdi = useWatch({ control, name: 'usoCfdi' }) ?? '';

  const regimenes = useRegimenesFiscales(kind.persona);
  const regimenOptions = (regimenes.data ?? []).filter(
    (r) => !kind.generic || r.clave === REGIMEN_SIN_OBLIGACIONES,
  );
  const usos = useUsosCfdi(kind.valid ? rfc : null, regimen);
  const usoOptions = (usos.data ?? []).filter(
    (u) => !kind.publicoEnGeneral || u.clave === USO_SIN_EFECTOS_FISCALES,
  );

  useAllowedValue('regimenFiscal', regimenes.isSuccess ? regimenOptions.map((r) => r.clave) : null);
  useAllowedValue('usoCfdi', usos.isSuccess ? usoOptions.map((u) => u.clave) : null);

  return (
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
  );
}

/** The client's usual método and forma de pago, both optional. */
export function ClientPagoFields() {
  const {
    control,
    register,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<ClientFormValues>();
  // Both selects show the form's value (see ClientRegimenFields).
  const metodoPago = useWatch({ control, name: 'metodoPago' }) ?? '';
  const formaPago = useWatch({ control, name: 'formaPago' }) ?? '';
  const formasPago = useFormasPago();
  const metodosPago = useMetodosPago();

  // Anexo 20: with PPD the forma de pago is 99 Por definir.
  useEffect(() => {
    if (metodoPago === 'PPD' && getValues('formaPago') !== FORMA_PAGO_POR_DEFINIR) {
      setValue('formaPago', FORMA_PAGO_POR_DEFINIR);
    }
  }, [metodoPago, getValues, setValue]);

  return (
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
          <Form.Select isInvalid={!!errors.formaPago} {...register('formaPago')} value={formaPago}>
            <option value="">Sin especificar</option>
            <ClaveOptions rows={formasPago.data ?? []} />
          </Form.Select>
        </FormField>
      </Col>
    </Row>
  );
}

/**
 * The foreign client's (RFC XEXX010101000) tax id and country of fiscal residence; nothing for any
 * other RFC (the countries are read only for a foreign one).
 */
export function ClientForeignFields({ foreign }: { foreign: boolean }) {
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ClientFormValues>();
  // The select shows the form's value (see ClientRegimenFields).
  const pais = useWatch({ control, name: 'pais' }) ?? '';
  const paises = usePaises(foreign);
  if (!foreign) return null;

  return (
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
        <FormField id="client-pais" label="País de residencia fiscal" error={errors.pais?.message}>
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
  );
}

import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';
import { PortalFacturarRequest, type PortalFacturaResponse } from '@repo/contracts/recibos';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { useRegimenes, useUsos, type PortalApi } from '../api/portal-api.ts';

type Input = z.input<typeof PortalFacturarRequest>;
type Values = z.output<typeof PortalFacturarRequest>;
const CAMPOS = ['rfc', 'nombre', 'codigo_postal', 'regimen_fiscal', 'uso_cfdi', 'email'] as const;

/** Step 2: the customer's fiscal data as their constancia de situación fiscal shows it. */
export function DatosFiscalesForm(props: {
  api: PortalApi;
  ticket: { codigo: string; total: string };
  onFactura: (f: PortalFacturaResponse) => void;
}) {
  const [fallo, setFallo] = useState<string | null>(null);
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(PortalFacturarRequest),
    mode: 'onTouched',
    defaultValues: {
      ...props.ticket,
      rfc: '',
      nombre: '',
      codigo_postal: '',
      regimen_fiscal: '',
      uso_cfdi: '',
      email: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const rfc = (useWatch({ control: form.control, name: 'rfc' }) ?? '').trim().toUpperCase();
  const regimen = useWatch({ control: form.control, name: 'regimen_fiscal' }) ?? '';
  const regimenes = useRegimenes(rfc);
  const usos = useUsos(rfc, regimen);

  const submit = form.handleSubmit(async (values) => {
    setFallo(null);
    try {
      props.onFactura(await props.api.facturar(values));
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, CAMPOS)) setFallo(inlineErrorOf(error));
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid="portal-datos">
      {fallo && <Alert variant="warning">{fallo}</Alert>}
      <Row className="g-0 gx-md-3">
        <Col md={6}>
          <FormField id="portal-rfc" label="RFC" error={errors.rfc?.message}>
            <Form.Control
              autoCapitalize="characters"
              maxLength={13}
              isInvalid={!!errors.rfc}
              {...form.register('rfc')}
            />
          </FormField>
        </Col>
        <Col md={6}>
          <FormField
            id="portal-cp"
            label="Código postal de su domicilio fiscal"
            error={errors.codigo_postal?.message}
          >
            <Form.Control
              inputMode="numeric"
              maxLength={5}
              isInvalid={!!errors.codigo_postal}
              {...form.register('codigo_postal')}
            />
          </FormField>
        </Col>
      </Row>
      <FormField
        id="portal-nombre"
        label="Nombre o razón social"
        error={errors.nombre?.message}
        hint="Tal como aparece en su constancia de situación fiscal, sin «S.A. de C.V.» ni otro régimen societario."
      >
        <Form.Control isInvalid={!!errors.nombre} {...form.register('nombre')} />
      </FormField>
      <FormField id="portal-regimen" label="Régimen fiscal" error={errors.regimen_fiscal?.message}>
        <Form.Select
          isInvalid={!!errors.regimen_fiscal}
          disabled={!regimenes.data}
          {...form.register('regimen_fiscal')}
        >
          <option value="">{regimenes.data ? 'Elija su régimen' : 'Escriba primero su RFC'}</option>
          {regimenes.data?.map((r) => (
            <option key={r.clave} value={r.clave}>
              {r.clave} - {r.descripcion}
            </option>
          ))}
        </Form.Select>
      </FormField>
      <FormField id="portal-uso" label="Uso del CFDI" error={errors.uso_cfdi?.message}>
        <Form.Select
          isInvalid={!!errors.uso_cfdi}
          disabled={!usos.data}
          {...form.register('uso_cfdi')}
        >
          <option value="">{usos.data ? 'Elija el uso' : 'Elija primero su régimen'}</option>
          {usos.data?.map((u) => (
            <option key={u.clave} value={u.clave}>
              {u.clave} - {u.descripcion}
            </option>
          ))}
        </Form.Select>
      </FormField>
      <FormField
        id="portal-email"
        label="Correo electrónico"
        error={errors.email?.message}
        hint="Ahí le enviaremos el PDF y el XML."
      >
        <Form.Control
          type="email"
          inputMode="email"
          isInvalid={!!errors.email}
          {...form.register('email')}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-1" />}
        Facturar
      </Button>
    </Form>
  );
}

import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';
import {
  ALCANCES_CLAVE,
  ALCANCE_TEXTO,
  ClaveApiRequest,
  MODOS_CLAVE,
  MODO_TEXTO,
  type AlcanceClave,
} from '@repo/contracts/claves-api';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';

type Input = z.input<typeof ClaveApiRequest>;
type Values = z.output<typeof ClaveApiRequest>;

const VACIO: Input = { nombre: '', modo: 'pruebas', alcances: ['ver'] };

/** A new key: a name to recognise it, its mode and what it may do. */
export function ClaveForm(props: { onSubmit: (values: Values) => Promise<unknown> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Input, unknown, Values>({
    resolver: zodResolver(ClaveApiRequest),
    mode: 'onTouched',
    defaultValues: VACIO,
  });
  const { errors, isSubmitting } = form.formState;
  const alcances = useWatch({ control: form.control, name: 'alcances' }) ?? [];

  const alternar = (alcance: AlcanceClave, marcado: boolean) => {
    const siguientes = marcado ? [...alcances, alcance] : alcances.filter((a) => a !== alcance);
    form.setValue('alcances', siguientes, { shouldDirty: true, shouldValidate: true });
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await props.onSubmit(values);
      form.reset(VACIO);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['nombre', 'modo', 'alcances'])) {
        setFailure(inlineErrorOf(error));
      }
    }
  });

  return (
    <Form noValidate onSubmit={(e) => void submit(e)} data-testid="nueva-clave-form">
      <UnsavedChangesGuard when={form.formState.isDirty && !isSubmitting} />
      {failure && <Alert variant="warning">{failure}</Alert>}
      <FormField
        id="nueva-clave-nombre"
        label="Nombre"
        error={errors.nombre?.message}
        hint="Para reconocerla en esta lista, por ejemplo: punto de venta de la sucursal centro."
      >
        <Form.Control
          maxLength={80}
          placeholder="Por ejemplo: tienda en línea"
          isInvalid={!!errors.nombre}
          {...form.register('nombre')}
        />
      </FormField>
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold mb-2">Modo</legend>
        {MODOS_CLAVE.map((modo) => (
          <Form.Check
            key={modo}
            id={`nueva-clave-modo-${modo}`}
            type="radio"
            value={modo}
            label={MODO_TEXTO[modo]}
            isInvalid={!!errors.modo}
            {...form.register('modo')}
          />
        ))}
        {errors.modo && <div className="invalid-feedback d-block">{errors.modo.message}</div>}
        <div className="form-text">
          Una clave de pruebas timbra siempre con el PAC de pruebas: sus comprobantes no tienen
          validez fiscal. Una de producción timbra comprobantes reales y consume créditos.
        </div>
      </fieldset>
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold mb-2">Permisos</legend>
        {ALCANCES_CLAVE.map((alcance) => (
          <Form.Check
            key={alcance}
            id={`nueva-clave-alcance-${alcance}`}
            type="checkbox"
            checked={alcances.includes(alcance)}
            onChange={(e) => alternar(alcance, e.currentTarget.checked)}
            label={ALCANCE_TEXTO[alcance]}
          />
        ))}
        {errors.alcances && (
          <div className="invalid-feedback d-block">{errors.alcances.message}</div>
        )}
      </fieldset>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting && <Spinner size="sm" className="me-1" />}
        Crear clave
      </Button>
    </Form>
  );
}

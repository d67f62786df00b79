import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { REGIMEN_SOCIETARIO_MESSAGE, stripRegimenSocietario } from '@repo/contracts/datos-fiscales';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { type UniqueStatus, useUniqueCheck } from '#src/shared/ui/use-unique-check.ts';
import {
  ClientForeignFields,
  ClientPagoFields,
  ClientRegimenFields,
} from './client-catalog-fields.tsx';
import { type ClientFormValues, type RfcKind, rfcTakenMessage } from './client-form-values.ts';
import type { ClientFormProps } from './client-form.tsx';

/**
 * The client form's "Datos fiscales del cliente": name, RFC, régimen and uso CFDI, método and forma
 * de pago, and the foreign client's tax id and country.
 */
export function ClientFiscalCard(
  props: Pick<ClientFormProps, 'checkRfcUnique'> & { rfc: string; kind: RfcKind },
) {
  const { rfc, kind } = props;
  const {
    register,
    setValue,
    formState: { errors },
  } = useFormContext<ClientFormValues>();
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

  return (
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
              <Form.Control maxLength={300} isInvalid={!!errors.name_razon_social} {...nameField} />
            </FormField>
          </Col>
          <Col md={4}>
            <ClientRfcField rfc={rfc} kind={kind} checkRfcUnique={props.checkRfcUnique} />
          </Col>
        </Row>
        <ClientRegimenFields rfc={rfc} kind={kind} />
        <ClientPagoFields />
        <ClientForeignFields foreign={kind.foreign} />
      </Card.Body>
    </Card>
  );
}

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

/** The client's RFC, with the person type it gives and whether another client already has it. */
function ClientRfcField(
  props: Pick<ClientFormProps, 'checkRfcUnique'> & { rfc: string; kind: RfcKind },
) {
  const { rfc, kind, checkRfcUnique } = props;
  const {
    register,
    formState: { errors },
  } = useFormContext<ClientFormValues>();

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
  );
}

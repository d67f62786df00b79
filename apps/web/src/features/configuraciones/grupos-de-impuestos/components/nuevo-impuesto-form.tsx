import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import type { TaxCreateRequest, TaxResponse } from '@repo/contracts/impuestos';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import type { ImpuestosApi, TaxKind as Kind } from '../api/rubros-impuestos-api.ts';
import { fractionToPercent, percentToFraction, taxLabel, trimDecimal } from './tax-format.ts';

/** The rate being edited and its list. */
export interface Editando {
  kind: Kind;
  tax: TaxResponse;
}
type TaxType = TaxCreateRequest['tax_type'];
type Factor = TaxCreateRequest['tipo_factor'];

/** What c_TasaOCuota allows per direction: ISR only withheld, Cuota only IEPS, Exento only transferred. */
export function opcionesDe(kind: Kind, taxType: TaxType): Factor[] {
  if (taxType === 'IEPS')
    return kind === 'trasladados' ? ['Tasa', 'Cuota', 'Exento'] : ['Tasa', 'Cuota'];
  if (taxType === 'IVA') return kind === 'trasladados' ? ['Tasa', 'Exento'] : ['Tasa'];
  return ['Tasa'];
}

function valorDe(tax: TaxResponse): string {
  if (tax.value === null) return '';
  return tax.tipo_factor === 'Tasa' ? fractionToPercent(tax.value) : trimDecimal(tax.value);
}

/**
 * The enterprise adds a rate it uses (IEPS cuota per litre, 2/3 of IVA withheld…) or edits one of
 * its list (`editando`; its list cannot change).
 */
export function NuevoImpuestoForm(props: {
  api: ImpuestosApi;
  editando?: Editando | null;
  onListo?: () => void;
}) {
  const { api, editando } = props;
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind>(editando?.kind ?? 'trasladados');
  const [taxType, setTaxType] = useState<TaxType>(editando?.tax.tax_type ?? 'IEPS');
  const [factor, setFactor] = useState<Factor>(editando?.tax.tipo_factor ?? 'Cuota');
  const [valor, setValor] = useState(editando ? valorDe(editando.tax) : '');
  const [descripcion, setDescripcion] = useState(editando?.tax.additional_description ?? '');
  const [errores, setErrores] = useState<Record<string, string>>({});
  const [agregado, setAgregado] = useState<string | null>(null);

  const tipos: TaxType[] = kind === 'trasladados' ? ['IEPS', 'IVA'] : ['IEPS', 'IVA', 'ISR'];
  const factores = opcionesDe(kind, taxType);
  const elegir = (k: Kind, t: TaxType, f: Factor) => {
    const tt = (k === 'trasladados' && t === 'ISR' ? 'IVA' : t) as TaxType;
    const ff = opcionesDe(k, tt).includes(f) ? f : 'Tasa';
    setKind(k);
    setTaxType(tt);
    setFactor(ff);
    setErrores({});
    setAgregado(null);
  };

  const crear = useMutation({
    mutationFn: (body: TaxCreateRequest) =>
      editando ? api.update(kind, editando.tax.id, body) : api.create(kind, body),
    onSuccess: (tax) => {
      // Editing closes the form (it remounts empty): the confirmation is a toast then.
      if (editando) notify('success', `Se guardó el impuesto ${taxLabel(tax)}.`);
      else setAgregado(`Se agregó ${taxLabel(tax)} a sus impuestos ${kind}.`);
      setValor('');
      setDescripcion('');
      void queryClient.invalidateQueries({ queryKey: ['impuestos', api.scope, kind] });
      void queryClient.invalidateQueries({ queryKey: ['rubros-impuestos'] });
      props.onListo?.();
    },
    onError: (error) => {
      const campos = error instanceof ApiError ? error.fieldErrors : {};
      const primero = (k: string) => campos[k]?.[0];
      // A rate in use answers 409 with a sentence: shown under the value too, not only as a toast.
      const enUso = error instanceof ApiError && error.status === 409 ? error.message : undefined;
      const mensaje = primero('value') ?? primero('tax_type') ?? primero('tipo_factor') ?? enUso;
      setErrores(mensaje ? { value: mensaje } : {});
    },
  });

  const enviar = (ev: FormEvent) => {
    ev.preventDefault();
    setAgregado(null);
    let value: string | null = null;
    if (factor !== 'Exento') {
      value = factor === 'Tasa' ? percentToFraction(valor) : valor.trim();
      if (!value || !/^\d+(\.\d+)?$/.test(value)) {
        setErrores({
          value:
            factor === 'Tasa'
              ? 'Escriba la tasa como porcentaje, por ejemplo 10.6667.'
              : 'Escriba la cuota en pesos por unidad, por ejemplo 6.4555.',
        });
        return;
      }
    }
    setErrores({});
    crear.mutate({
      tax_type: taxType,
      tipo_factor: factor,
      value,
      additional_description: descripcion,
    });
  };

  return (
    <Form noValidate onSubmit={enviar} aria-labelledby="nuevo-impuesto-title" className="mt-4">
      <h3 id="nuevo-impuesto-title" className="h6 fw-bold">
        {editando ? `Editar ${taxLabel(editando.tax)}` : 'Agregar un impuesto'}
      </h3>
      <p className="text-body-secondary small mb-2">
        Agregue las tasas o cuotas que usa dentro de lo que admite el catálogo c_TasaOCuota del SAT,
        por ejemplo IEPS cuota por litro o las dos terceras partes del IVA retenido (10.6667% o
        10.6666%).
      </p>
      <Row className="g-2 align-items-start">
        <Col xs={6} md={2}>
          <Form.Group controlId="nuevo-impuesto-tipo">
            <Form.Label className="small">Tipo</Form.Label>
            <Form.Select
              value={kind}
              disabled={Boolean(editando)}
              onChange={(e) => elegir(e.target.value as Kind, taxType, factor)}
            >
              <option value="trasladados">Trasladado</option>
              <option value="retenidos">Retenido</option>
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} md={2}>
          <Form.Group controlId="nuevo-impuesto-impuesto">
            <Form.Label className="small">Impuesto</Form.Label>
            <Form.Select
              value={taxType}
              onChange={(e) => elegir(kind, e.target.value as TaxType, factor)}
            >
              {tipos.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} md={2}>
          <Form.Group controlId="nuevo-impuesto-factor">
            <Form.Label className="small">Factor</Form.Label>
            <Form.Select
              value={factor}
              onChange={(e) => elegir(kind, taxType, e.target.value as Factor)}
            >
              {factores.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} md={2}>
          <Form.Group controlId="nuevo-impuesto-valor">
            <Form.Label className="small">
              {factor === 'Cuota' ? 'Cuota por unidad' : 'Tasa'}
            </Form.Label>
            <InputGroup hasValidation>
              {factor === 'Cuota' && <InputGroup.Text>$</InputGroup.Text>}
              <Form.Control
                inputMode="decimal"
                value={factor === 'Exento' ? '' : valor}
                disabled={factor === 'Exento'}
                placeholder={factor === 'Cuota' ? '6.4555' : factor === 'Tasa' ? '10.6667' : ''}
                isInvalid={Boolean(errores.value)}
                onChange={(e) => setValor(e.target.value)}
              />
              {factor === 'Tasa' && <InputGroup.Text>%</InputGroup.Text>}
              <Form.Control.Feedback type="invalid">{errores.value}</Form.Control.Feedback>
            </InputGroup>
          </Form.Group>
        </Col>
        <Col xs={12} md={2}>
          <Form.Group controlId="nuevo-impuesto-descripcion">
            <Form.Label className="small">Descripción (opcional)</Form.Label>
            <Form.Control
              value={descripcion}
              maxLength={100}
              onChange={(e) => setDescripcion(e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col xs={12} md={2} className="d-flex align-items-end gap-2">
          <Button type="submit" className="mt-md-4 w-100 text-nowrap" disabled={crear.isPending}>
            {editando ? 'Guardar' : 'Agregar'}
          </Button>
          {editando && (
            <Button
              variant="outline-secondary"
              className="mt-md-4 w-100 text-nowrap"
              onClick={() => props.onListo?.()}
            >
              Cancelar
            </Button>
          )}
        </Col>
      </Row>
      {agregado && (
        <p className="text-success small mt-2 mb-0" role="status">
          {agregado}
        </p>
      )}
    </Form>
  );
}

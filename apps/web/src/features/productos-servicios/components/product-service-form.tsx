import { type ReactNode, useCallback, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import type {
  ProductServiceRequest,
  ProductServiceResponse,
} from '@repo/contracts/products-services';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { applyFieldErrors, inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { ClaveProdServSelect } from '#src/shared/ui/catalog/clave-prod-serv-select.tsx';
import { ClaveUnidadSelect } from '#src/shared/ui/catalog/clave-unidad-select.tsx';
import { FormField } from '#src/shared/ui/form-field.tsx';
import { ENTERPRISE_PRODUCT_FORM_API, type ProductFormApi } from '../api/product-form-api.ts';
import { useGruposOfrecidos } from '../api/use-grupos-ofrecidos.ts';
import {
  DESCRIPTION_TAKEN_MESSAGE,
  PRODUCT_FORM_FIELDS,
  type ProductServiceFormValues,
  cleanCuentaPredial,
  cleanDescription,
  emptyProductValues,
  internalCodeTakenMessage,
  plainPrice,
  productServiceResolver,
  productValuesOf,
} from './product-service-form-values.ts';
import { type UniqueStatus, useUniqueCheck } from '#src/shared/ui/use-unique-check.ts';
import { UnsavedChangesGuard } from '#src/shared/ui/unsaved-changes-guard.tsx';

function uniqueHint(status: UniqueStatus, okText: string, fallback?: ReactNode): ReactNode {
  if (status.state === 'checking') {
    return (
      <span>
        <Spinner size="sm" className="me-1" /> Verificando…
      </span>
    );
  }
  if (status.state === 'unique') return <span className="text-success">{okText}</span>;
  return fallback;
}

/**
 * The product or service form (spec sections 3 and 5): SAT key and unit from the catalogs, unit
 * price, internal code and description unique per enterprise, tax group and cuenta predial.
 */
export function ProductServiceForm(props: {
  product?: ProductServiceResponse | null;
  onSubmit: (request: ProductServiceRequest) => Promise<unknown>;
  actions?: ReactNode;
  /** The wizard's calls (new-client token); the signed-in enterprise's when absent. */
  api?: ProductFormApi;
  submitLabel?: string;
}) {
  const { product, onSubmit } = props;
  const api = props.api ?? ENTERPRISE_PRODUCT_FORM_API;
  const id = product?.id ?? null;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProductServiceFormValues, unknown, ProductServiceRequest>({
    resolver: productServiceResolver,
    mode: 'onTouched',
    defaultValues: product ? productValuesOf(product) : emptyProductValues(),
  });
  const { errors, isSubmitting } = form.formState;
  const { control, register } = form;

  const internalCode = (useWatch({ control, name: 'internal_code' }) ?? '').trim();
  const description = cleanDescription(useWatch({ control, name: 'description' }) ?? '');
  const price = plainPrice(useWatch({ control, name: 'unity_price' }) ?? '');
  // Controlled, so the saved group shows once the groups arrive (after the form's first render).
  const taxesGroup = useWatch({ control, name: 'taxesGroup' }) ?? '';
  const clave = useWatch({ control, name: 'productServiceObj' })?.clave ?? null;
  const { rubros, grupos, ...iva8 } = useGruposOfrecidos(api, clave, String(taxesGroup));

  const codeMessage = useCallback(
    async (code: string) =>
      (await api.checkInternalCodeUnique(code, id)) ? null : internalCodeTakenMessage(code),
    [api, id],
  );
  const descriptionMessage = useCallback(
    async (text: string) =>
      (await api.checkDescriptionUnique(text, id)) ? null : DESCRIPTION_TAKEN_MESSAGE,
    [api, id],
  );
  const codeStatus = useUniqueCheck(internalCode, internalCode.length <= 100, codeMessage);
  const descriptionStatus = useUniqueCheck(
    description,
    description.length <= 1000,
    descriptionMessage,
  );

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    // The debounced checks may not have answered yet: ask once more before saving.
    const [codeTaken, descriptionTaken] = await Promise.all([
      values.internal_code ? codeMessage(values.internal_code).catch(() => null) : null,
      descriptionMessage(values.description).catch(() => null),
    ]);
    if (codeTaken) form.setError('internal_code', { type: 'unique', message: codeTaken });
    if (descriptionTaken)
      form.setError('description', { type: 'unique', message: descriptionTaken });
    if (codeTaken || descriptionTaken) return;
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, PRODUCT_FORM_FIELDS)) {
        setFailure(inlineErrorOf(error));
      }
    }
  });

  const codeError =
    errors.internal_code?.message ??
    (codeStatus.state === 'taken' ? codeStatus.message : undefined);
  const descriptionError =
    errors.description?.message ??
    (descriptionStatus.state === 'taken' ? descriptionStatus.message : undefined);
  const pricePreview = /^[0-9]+(\.[0-9]+)?$/.test(price) ? formatCurrency(price) : null;

  return (
    <Form noValidate onSubmit={(e) => void submit(e)}>
      <UnsavedChangesGuard when={form.formState.isDirty && !isSubmitting} />
      {failure && <Alert variant="warning">{failure}</Alert>}
      <Card className="border-0 shadow-sm mb-4">
        <Card.Body>
          <h2 className="h5 fw-semibold mb-3">Datos del producto o servicio</h2>
          <FormField
            id="product-description"
            label="Descripción"
            error={descriptionError}
            hint={uniqueHint(
              descriptionStatus,
              'Descripción disponible',
              'Así aparecerá en sus facturas. Sin etiquetas HTML ni saltos de línea.',
            )}
          >
            <Form.Control
              as="textarea"
              rows={2}
              isInvalid={!!descriptionError}
              {...register('description')}
            />
          </FormField>
          <Row>
            <Col md={4}>
              <FormField
                id="product-internal-code"
                label="Código interno (opcional)"
                error={codeError}
                hint={uniqueHint(codeStatus, 'Código disponible', 'Su propia clave o SKU.')}
              >
                <Form.Control
                  maxLength={100}
                  isInvalid={!!codeError}
                  {...register('internal_code')}
                />
              </FormField>
            </Col>
            <Col md={4}>
              <FormField
                id="product-unity-price"
                label="Precio unitario"
                error={errors.unity_price?.message}
                hint={pricePreview ? `${pricePreview} antes de impuestos` : 'Antes de impuestos.'}
              >
                <InputGroup hasValidation>
                  <InputGroup.Text>$</InputGroup.Text>
                  <Form.Control
                    inputMode="decimal"
                    placeholder="0.00"
                    isInvalid={!!errors.unity_price}
                    {...register('unity_price')}
                  />
                </InputGroup>
              </FormField>
            </Col>
            <Col md={4}>
              <FormField
                id="product-taxes-group"
                label="Grupo de impuestos"
                error={errors.taxesGroup?.message ?? iva8.error}
                hint={
                  rubros.isSuccess && rubros.data.length === 0 ? (
                    <span>
                      Aún no tiene grupos de impuestos.{' '}
                      {api.gruposPath ? (
                        <>
                          <Link to={api.gruposPath}>Cree uno aquí</Link>.
                        </>
                      ) : (
                        'Créelo en el paso Grupo de impuestos.'
                      )}
                    </span>
                  ) : (
                    (iva8.ocultos ?? 'Los impuestos que se aplican al facturarlo.')
                  )
                }
              >
                <Form.Select
                  isInvalid={!!errors.taxesGroup || !!iva8.error}
                  {...register('taxesGroup')}
                  value={taxesGroup}
                >
                  <option value="">Seleccione el grupo de impuestos</option>
                  {grupos.map((r) => (
                    <option key={r.id} value={String(r.id)}>
                      {r.name}
                    </option>
                  ))}
                </Form.Select>
              </FormField>
            </Col>
          </Row>
        </Card.Body>
      </Card>

      <Card className="border-0 shadow-sm mb-4">
        <Card.Body>
          <h2 className="h5 fw-semibold mb-3">Claves del SAT</h2>
          <Row>
            <Col md={7}>
              <FormField
                id="product-clave-prod-serv"
                label="Clave de producto o servicio"
                error={errors.productServiceObj?.message}
                hint={
                  <span>
                    Búsquela por clave o por palabras. También puede consultar el{' '}
                    <Link
                      to="/productos-servicios/importar/catalogo-productos-servicios"
                      target="_blank"
                    >
                      catálogo completo
                    </Link>
                    .
                  </span>
                }
              >
                <Controller
                  control={control}
                  name="productServiceObj"
                  render={({ field }) => (
                    <ClaveProdServSelect
                      id="product-clave-prod-serv"
                      value={field.value}
                      onChange={(row) =>
                        field.onChange(
                          row ? { clave: row.clave, descripcion: row.descripcion } : null,
                        )
                      }
                      onBlur={field.onBlur}
                      isInvalid={!!errors.productServiceObj}
                    />
                  )}
                />
              </FormField>
            </Col>
            <Col md={5}>
              <FormField
                id="product-clave-unidad"
                label="Clave de unidad"
                error={errors.unitsObj?.message}
                hint="Las unidades más usadas aparecen primero."
              >
                <Controller
                  control={control}
                  name="unitsObj"
                  render={({ field }) => (
                    <ClaveUnidadSelect
                      id="product-clave-unidad"
                      value={field.value}
                      onChange={(row) =>
                        field.onChange(row ? { clave: row.clave, descripcion: row.nombre } : null)
                      }
                      onBlur={field.onBlur}
                      isInvalid={!!errors.unitsObj}
                    />
                  )}
                />
              </FormField>
            </Col>
          </Row>
          <Row>
            <Col md={6}>
              <FormField
                id="product-cuenta-predial"
                label="Número de cuenta predial (opcional)"
                error={errors.cuentaPredialNumber?.message}
                hint="Solo para arrendamiento de inmuebles. Se guardan solo letras y números."
              >
                <Form.Control
                  maxLength={150}
                  isInvalid={!!errors.cuentaPredialNumber}
                  {...register('cuentaPredialNumber', {
                    setValueAs: (v: string) => cleanCuentaPredial(v),
                    onChange: (e: { target: { value: string } }) =>
                      form.setValue('cuentaPredialNumber', cleanCuentaPredial(e.target.value)),
                  })}
                />
              </FormField>
            </Col>
          </Row>
        </Card.Body>
      </Card>

      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner size="sm" className="me-2" />}
          {props.submitLabel ?? 'Guardar producto o servicio'}
        </Button>
        {props.actions}
      </div>
    </Form>
  );
}

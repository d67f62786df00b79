import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { z } from 'zod';
import type { ClaveDescripcionResponse } from '@repo/contracts/catalogos';
import {
  RUBRO_NAME_REQUIRED,
  RubroImpuestoRequest,
  type RubroImpuestoResponse,
} from '@repo/contracts/rubros-impuestos';
import { CATALOGOS_BASE } from '#src/shared/config.ts';
import { request } from '#src/shared/http/api-client.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import type { LocalTaxKind, RubrosImpuestosApi } from '../api/rubros-impuestos-api.ts';
import {
  type Chosen,
  type RubroGroups,
  RubroImpuestosLocales,
  TaxGroups,
  chosenOf,
  useImpuestosLocales,
  withRubroTaxes,
} from './rubro-taxes.tsx';
import { useUniqueRubroName } from './use-unique-rubro-name.ts';

export type ObjetoImpuesto = z.infer<typeof ClaveDescripcionResponse>;

/** GET {catalogos}/objetos-impuesto. */
export function useObjetosImpuesto() {
  return useQuery({
    queryKey: ['catalogos', 'objetos-impuesto'],
    queryFn: () => request<ObjetoImpuesto[]>('objetos-impuesto', { base: CATALOGOS_BASE }),
    staleTime: Infinity,
  });
}

/** Spec section 5: tax objects are limited to keys 01 and 02. */
const OBJETOS_PERMITIDOS = ['01', '02'];

export interface RubroFormProps {
  api: RubrosImpuestosApi;
  rubro: RubroImpuestoResponse | null;
  onSaved: (rubro: RubroImpuestoResponse) => void;
  onCancel?: () => void;
}

/** Create or edit a tax group (rubro de impuestos). */
export function RubroForm(props: RubroFormProps) {
  const { api, rubro } = props;
  const impuestos = useQuery({
    queryKey: ['rubros-impuestos', api.scope, 'impuestos-para-rubro'],
    queryFn: api.impuestosParaRubro,
    // Read afresh each time the form opens: a tax turned off meanwhile is no longer offered.
    gcTime: 0,
  });
  const objetos = useObjetosImpuesto();
  if (impuestos.isPending || objetos.isPending) {
    return (
      <div className="py-3" role="status">
        <Spinner size="sm" />
      </div>
    );
  }
  if (impuestos.isError || objetos.isError) {
    return <Alert variant="danger">No fue posible cargar los impuestos.</Alert>;
  }
  return (
    <LoadedRubroForm
      {...props}
      rubro={rubro}
      groups={withRubroTaxes(impuestos.data, rubro)}
      objetos={objetos.data.filter((o) => OBJETOS_PERMITIDOS.includes(o.clave))}
    />
  );
}

function LoadedRubroForm(
  props: RubroFormProps & { groups: RubroGroups; objetos: ObjetoImpuesto[] },
) {
  const { api, rubro, groups } = props;
  const selectedIds = (list: { id: number; selected: boolean }[] | undefined) =>
    new Set((list ?? []).filter((t) => t.selected).map((t) => t.id));
  const [name, setName] = useState(rubro?.name ?? '');
  const [objeto, setObjeto] = useState<string>(rubro?.objeto_impuesto_key ?? '02');
  const [trasladados, setTrasladados] = useState<Chosen>(() =>
    chosenOf(groups.impuestos_trasladados, selectedIds(rubro?.impuestos_trasladados)),
  );
  const [retenidos, setRetenidos] = useState<Chosen>(() =>
    chosenOf(groups.impuestos_retenidos, selectedIds(rubro?.impuestos_retenidos)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameCheck = useUniqueRubroName(name, rubro?.id ?? null, api.isNameUnique);
  const sinImpuestos = objeto === '01';
  const impuestosLocales = useImpuestosLocales(api, rubro, sinImpuestos);
  const { locales } = impuestosLocales;

  const submit = async () => {
    setFailure(null);
    const pick = (chosen: Chosen) =>
      sinImpuestos
        ? []
        : Object.values(chosen)
            .filter((id): id is number => id !== null)
            .map((id) => ({ id, selected: true }));
    const pickLocal = (kind: LocalTaxKind) =>
      sinImpuestos
        ? []
        : locales[kind].map((t) => ({ id: t.id, estado_key: t.estado_key, selected: true }));
    const parsed = RubroImpuestoRequest.safeParse({
      name,
      objeto_impuesto_key: objeto,
      impuestos_trasladados: pick(trasladados),
      impuestos_retenidos: pick(retenidos),
      impuestos_locales_trasladados: pickLocal('trasladados'),
      impuestos_locales_retenidos: pickLocal('retenidos'),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'name');
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    if (nameCheck.status === 'taken') return;
    setErrors({});
    setSaving(true);
    try {
      const saved = rubro ? await api.update(rubro.id, parsed.data) : await api.create(parsed.data);
      props.onSaved(saved);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const placed = Object.fromEntries(
        Object.entries(fields).flatMap(([k, v]) => (v[0] ? [[k, v[0]]] : [])),
      );
      if (Object.keys(placed).length > 0) setErrors(placed);
      else setFailure(inlineErrorOf(error));
    } finally {
      setSaving(false);
    }
  };

  const nameError =
    errors.name ?? (nameCheck.status === 'taken' ? (nameCheck.message ?? undefined) : undefined);
  const taxesError =
    errors.impuestos_trasladados ??
    errors.impuestos_retenidos ??
    errors.impuestos_locales_trasladados;

  return (
    <Form
      noValidate
      aria-label={rubro ? 'Editar grupo de impuestos' : 'Nuevo grupo de impuestos'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {failure && <Alert variant="warning">{failure}</Alert>}
      <Row>
        <Col md={6}>
          <FormField
            id="rubro-name"
            label="Nombre del grupo de impuestos"
            error={nameError}
            hint={
              nameCheck.status === 'checking'
                ? 'Verificando el nombre…'
                : nameCheck.status === 'unique'
                  ? 'Nombre disponible'
                  : 'Por ejemplo: General 16%, Servicios profesionales, Exentos.'
            }
          >
            <Form.Control
              value={name}
              maxLength={100}
              isInvalid={Boolean(nameError)}
              onChange={(e) => {
                setName(e.target.value);
                setErrors(({ name: _n, ...rest }) =>
                  e.target.value.trim() ? rest : { ...rest, name: RUBRO_NAME_REQUIRED },
                );
              }}
            />
          </FormField>
        </Col>
        <Col md={6}>
          <FormField
            id="rubro-objeto-impuesto"
            label="Objeto de impuesto"
            error={errors.objeto_impuesto_key}
          >
            <Form.Select
              value={objeto}
              isInvalid={Boolean(errors.objeto_impuesto_key)}
              onChange={(e) => setObjeto(e.target.value)}
            >
              {props.objetos.map((o) => (
                <option key={o.clave} value={o.clave}>
                  {o.clave} - {o.descripcion}
                </option>
              ))}
            </Form.Select>
          </FormField>
        </Col>
      </Row>
      {sinImpuestos ? (
        <Alert variant="info">
          Los conceptos con objeto de impuesto 01 (No objeto de impuesto) no llevan impuestos.
        </Alert>
      ) : (
        <>
          {taxesError && <Alert variant="danger">{taxesError}</Alert>}
          <Row>
            <Col md={6}>
              <TaxGroups
                kind="trasladados"
                title="Impuestos trasladados"
                groups={groups.impuestos_trasladados}
                chosen={trasladados}
                onChange={setTrasladados}
              />
            </Col>
            <Col md={6}>
              <TaxGroups
                kind="retenidos"
                title="Impuestos retenidos"
                groups={groups.impuestos_retenidos}
                chosen={retenidos}
                onChange={setRetenidos}
              />
            </Col>
          </Row>
          <RubroImpuestosLocales impuestosLocales={impuestosLocales} />
        </>
      )}
      <div className="d-flex gap-2 justify-content-end">
        {props.onCancel && (
          <Button variant="outline-secondary" onClick={props.onCancel} disabled={saving}>
            Cancelar
          </Button>
        )}
        <Button type="submit" disabled={saving || nameCheck.status === 'taken'}>
          {saving && <Spinner size="sm" className="me-2" />}
          Guardar grupo de impuestos
        </Button>
      </div>
    </Form>
  );
}

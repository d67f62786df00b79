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
import type { LocalTaxResponse, TaxResponse } from '@repo/contracts/impuestos';
import {
  RUBRO_NAME_REQUIRED,
  RubroImpuestoRequest,
  type RubroImpuestoResponse,
} from '@repo/contracts/rubros-impuestos';
import { CATALOGOS_BASE } from '#src/shared/config.ts';
import { request } from '#src/shared/http/api-client.ts';
import { ApiError } from '#src/shared/http/api-error.ts';
import { inlineErrorOf } from '#src/shared/ui/apply-field-errors.ts';
import { useEstados } from '#src/shared/ui/catalog/codigo-postal-lookup.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import type { LocalTaxKind, RubrosImpuestosApi } from '../api/rubros-impuestos-api.ts';
import { localTaxRate, taxLabel } from './tax-format.ts';
import { useUniqueRubroName } from './use-unique-rubro-name.ts';

type ObjetoImpuesto = z.infer<typeof ClaveDescripcionResponse>;
type LocalSelection = { id: string; estado_key: string; impuesto: string; tasa: string };
type Kind = 'trasladados' | 'retenidos';

/** Spec section 5: tax objects are limited to keys 01 and 02. */
const OBJETOS_PERMITIDOS = ['01', '02'];

/** Per group (IVA, IEPS tasa…), the one tax chosen: a group holds one rate. */
type Chosen = Record<string, number | null>;

function chosenOf(groups: { group: string; impuestos: TaxResponse[] }[], selected: Set<number>) {
  const chosen: Chosen = {};
  for (const g of groups) chosen[g.group] = g.impuestos.find((t) => selected.has(t.id))?.id ?? null;
  return chosen;
}

const GROUP_ORDER = ['IEPS tasa', 'IEPS cuota', 'IVA', 'ISR'];

/** The group a tax is offered in (spec section 3: IVA, IEPS cuota, IEPS tasa, ISR). */
function groupOf(tax: TaxResponse): string {
  if (tax.tax_type !== 'IEPS') return tax.tax_type;
  return tax.tipo_factor === 'Cuota' ? 'IEPS cuota' : 'IEPS tasa';
}

/**
 * The offered (active) taxes plus the ones the edited group already has: a tax turned off later stays
 * in the groups that use it, so editing one does not drop it silently.
 */
export function withRubroTaxes(
  offered: { impuestos_trasladados: GroupList; impuestos_retenidos: GroupList },
  rubro: RubroImpuestoResponse | null,
): { impuestos_trasladados: GroupList; impuestos_retenidos: GroupList } {
  const merge = (groups: GroupList, own: (TaxResponse & { selected: boolean })[]) => {
    const result = groups.map((g) => ({ group: g.group, impuestos: [...g.impuestos] }));
    for (const tax of own.filter((t) => t.selected)) {
      if (result.some((g) => g.impuestos.some((t) => t.id === tax.id))) continue;
      const name = groupOf(tax);
      const group = result.find((g) => g.group === name);
      if (group) group.impuestos.push(tax);
      else result.push({ group: name, impuestos: [tax] });
    }
    // Spec section 9: IEPS, then IVA, then ISR.
    return result.sort((a, b) => GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group));
  };
  if (!rubro) return offered;
  return {
    impuestos_trasladados: merge(offered.impuestos_trasladados, rubro.impuestos_trasladados),
    impuestos_retenidos: merge(offered.impuestos_retenidos, rubro.impuestos_retenidos),
  };
}

/** GET {catalogos}/objetos-impuesto. */
export function useObjetosImpuesto() {
  return useQuery({
    queryKey: ['catalogos', 'objetos-impuesto'],
    queryFn: () => request<ObjetoImpuesto[]>('objetos-impuesto', { base: CATALOGOS_BASE }),
    staleTime: Infinity,
  });
}

export const rubrosKey = (scope: string) => ['rubros-impuestos', scope];

/** Create or edit a tax group (rubro de impuestos). */
export function RubroForm(props: {
  api: RubrosImpuestosApi;
  rubro: RubroImpuestoResponse | null;
  onSaved: (rubro: RubroImpuestoResponse) => void;
  onCancel?: () => void;
}) {
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

function LoadedRubroForm(props: {
  api: RubrosImpuestosApi;
  rubro: RubroImpuestoResponse | null;
  groups: { impuestos_trasladados: GroupList; impuestos_retenidos: GroupList };
  objetos: ObjetoImpuesto[];
  onSaved: (rubro: RubroImpuestoResponse) => void;
  onCancel?: () => void;
}) {
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
  const [locales, setLocales] = useState<Record<LocalTaxKind, LocalSelection[]>>({
    trasladados: (rubro?.impuestos_locales_trasladados ?? []).filter((t) => t.selected),
    retenidos: (rubro?.impuestos_locales_retenidos ?? []).filter((t) => t.selected),
  });
  const [estado, setEstado] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameCheck = useUniqueRubroName(name, rubro?.id ?? null, api.isNameUnique);
  const estados = useEstados();
  const sinImpuestos = objeto === '01';

  const localQuery = (kind: LocalTaxKind) => ({
    queryKey: ['impuestos-locales', api.scope, kind, estado],
    queryFn: () => api.localTaxes(kind, estado),
    enabled: estado !== '' && !sinImpuestos,
    staleTime: Infinity,
  });
  const localTrasladados = useQuery(localQuery('trasladados'));
  const localRetenidos = useQuery(localQuery('retenidos'));

  const toggleLocal = (kind: LocalTaxKind, tax: LocalTaxResponse, on: boolean) =>
    setLocales((current) => ({
      ...current,
      [kind]: on ? [...current[kind], tax] : current[kind].filter((t) => t.id !== tax.id),
    }));

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
          <h3 className="h6 fw-bold mt-2">Impuestos locales</h3>
          <Row className="align-items-start">
            <Col md={4}>
              <FormField id="rubro-estado" label="Estado">
                <Form.Select value={estado} onChange={(e) => setEstado(e.target.value)}>
                  <option value="">Seleccione un estado</option>
                  {(estados.data ?? [])
                    .filter((e) => e.pais === 'MEX')
                    .map((e) => (
                      <option key={e.clave} value={e.clave}>
                        {e.nombre}
                      </option>
                    ))}
                </Form.Select>
              </FormField>
            </Col>
            {(['trasladados', 'retenidos'] as const).map((kind) => {
              const query = kind === 'trasladados' ? localTrasladados : localRetenidos;
              return (
                <Col md={4} key={kind}>
                  <div className="fw-semibold mb-2">
                    Locales {kind === 'trasladados' ? 'trasladados' : 'retenidos'}
                  </div>
                  {estado === '' ? (
                    <p className="small text-body-secondary">Elija un estado.</p>
                  ) : query.isPending ? (
                    <Spinner size="sm" />
                  ) : (query.data ?? []).length === 0 ? (
                    <p className="small text-body-secondary">
                      Este estado no tiene impuestos locales {kind}.
                    </p>
                  ) : (
                    (query.data ?? []).map((tax) => (
                      <Form.Check
                        key={tax.id}
                        id={`rubro-local-${kind}-${tax.id}`}
                        label={`${tax.impuesto} ${localTaxRate(tax.tasa)}`}
                        checked={locales[kind].some((t) => t.id === tax.id)}
                        onChange={(e) => toggleLocal(kind, tax, e.target.checked)}
                      />
                    ))
                  )}
                </Col>
              );
            })}
          </Row>
          {[...locales.trasladados, ...locales.retenidos].length > 0 && (
            <div className="small mb-3" data-testid="rubro-locales-elegidos">
              <span className="fw-semibold">Impuestos locales elegidos: </span>
              {[
                ...locales.trasladados.map((t) => ({ ...t, kind: 'trasladado' })),
                ...locales.retenidos.map((t) => ({ ...t, kind: 'retenido' })),
              ]
                .map((t) => `${t.impuesto} ${localTaxRate(t.tasa)} (${t.estado_key}, ${t.kind})`)
                .join('; ')}
            </div>
          )}
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

type GroupList = { group: string; impuestos: TaxResponse[] }[];

/** One radio list per group (IEPS tasa, IEPS cuota, IVA, ISR): a group holds at most one tax. */
function TaxGroups(props: {
  kind: Kind;
  title: string;
  groups: GroupList;
  chosen: Chosen;
  onChange: (next: Chosen) => void;
}) {
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="h6 fw-bold float-none w-auto px-1 mb-0">{props.title}</legend>
      {props.groups.length === 0 && (
        <p className="small text-body-secondary mb-0">No tiene impuestos activos de este tipo.</p>
      )}
      {props.groups.map((g) => (
        <div
          key={g.group}
          className="mb-2"
          role="radiogroup"
          aria-label={`${props.title}: ${g.group}`}
        >
          <div className="fw-semibold small">{g.group}</div>
          <Form.Check
            inline
            type="radio"
            id={`rubro-${props.kind}-${g.group}-ninguno`}
            name={`rubro-${props.kind}-${g.group}`}
            label="Ninguno"
            checked={props.chosen[g.group] == null}
            onChange={() => props.onChange({ ...props.chosen, [g.group]: null })}
          />
          {g.impuestos.map((tax) => (
            <Form.Check
              inline
              key={tax.id}
              type="radio"
              id={`rubro-${props.kind}-${tax.id}`}
              name={`rubro-${props.kind}-${g.group}`}
              label={`${taxLabel(tax)}${tax.additional_description ? ` (${tax.additional_description})` : ''}`}
              checked={props.chosen[g.group] === tax.id}
              onChange={() => props.onChange({ ...props.chosen, [g.group]: tax.id })}
            />
          ))}
        </div>
      ))}
    </fieldset>
  );
}

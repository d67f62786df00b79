import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import type { LocalTaxResponse, TaxResponse } from '@repo/contracts/impuestos';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { useEstados } from '#src/shared/ui/catalog/codigo-postal-lookup.ts';
import { FormField } from '#src/shared/ui/form-field.tsx';
import type { LocalTaxKind, RubrosImpuestosApi } from '../api/rubros-impuestos-api.ts';
import { localTaxRate, taxLabel } from './tax-format.ts';

type LocalSelection = { id: string; estado_key: string; impuesto: string; tasa: string };

/** Per group (IVA, IEPS tasa…), the one tax chosen: a group holds one rate. */
export type Chosen = Record<string, number | null>;

type GroupList = { group: string; impuestos: TaxResponse[] }[];

/** The taxes the form offers, by group. */
export type RubroGroups = { impuestos_trasladados: GroupList; impuestos_retenidos: GroupList };

export function chosenOf(
  groups: { group: string; impuestos: TaxResponse[] }[],
  selected: Set<number>,
) {
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
  offered: RubroGroups,
  rubro: RubroImpuestoResponse | null,
): RubroGroups {
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

type Kind = 'trasladados' | 'retenidos';

/** One radio list per group (IEPS tasa, IEPS cuota, IVA, ISR): a group holds at most one tax. */
export function TaxGroups(props: {
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

type ImpuestosLocales = ReturnType<typeof useImpuestosLocales>;

/**
 * A tax group's local taxes: the ones chosen, and those of the estado picked to choose from (read
 * only while the objeto de impuesto takes taxes).
 */
export function useImpuestosLocales(
  api: RubrosImpuestosApi,
  rubro: RubroImpuestoResponse | null,
  sinImpuestos: boolean,
) {
  const [locales, setLocales] = useState<Record<LocalTaxKind, LocalSelection[]>>({
    trasladados: (rubro?.impuestos_locales_trasladados ?? []).filter((t) => t.selected),
    retenidos: (rubro?.impuestos_locales_retenidos ?? []).filter((t) => t.selected),
  });
  const [estado, setEstado] = useState('');
  const estados = useEstados();

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

  return { locales, toggleLocal, estado, setEstado, estados, localTrasladados, localRetenidos };
}

/** The tax group's local taxes: an estado's to choose from, and the ones chosen so far. */
export function RubroImpuestosLocales({
  impuestosLocales,
}: {
  impuestosLocales: ImpuestosLocales;
}) {
  const { locales, toggleLocal, estado, setEstado, estados, localTrasladados, localRetenidos } =
    impuestosLocales;
  return (
    <>
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
  );
}

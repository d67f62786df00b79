import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  EMPTY_FILTERS,
  type FacturasFilters,
  METODO_PAGO_FILTER_OPTIONS,
  STATUS_FILTER_OPTIONS,
  filtersError,
  hasActiveFilters,
} from '../facturas-query.ts';

function FilterField(props: { id: string; label: string; children: ReactNode }) {
  return (
    <Form.Group controlId={props.id}>
      <Form.Label className="small fw-semibold">{props.label}</Form.Label>
      {props.children}
    </Form.Group>
  );
}

function SelectFilter<V extends string>(props: {
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  return (
    <Form.Select value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
      {props.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Form.Select>
  );
}

/** The filters of the invoice list; they apply on Buscar (or at once for the selects). */
export function FacturasFiltersForm(props: {
  value: FacturasFilters;
  onApply: (filters: FacturasFilters) => void;
}) {
  const { value, onApply } = props;
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | null>(null);
  // Filters changed from outside (reset after a delete, back button) show in the form.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
  }
  const apply = (next: FacturasFilters) => {
    const message = filtersError(next);
    setError(message);
    if (!message) onApply({ ...next, rfc_name: next.rfc_name.trim(), serie: next.serie.trim() });
  };
  // The selects apply at once.
  const applyNow = (next: FacturasFilters) => {
    setDraft(next);
    apply(next);
  };
  const set = <K extends keyof FacturasFilters>(key: K, v: FacturasFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: v }));

  return (
    <Form
      noValidate
      aria-label="Filtros de facturas"
      onSubmit={(e) => {
        e.preventDefault();
        apply(draft);
      }}
    >
      <Row className="g-3 align-items-end">
        <Col md={6} lg={4}>
          <FilterField id="filtro-rfc-name" label="Cliente (nombre o RFC) o UUID">
            <Form.Control
              type="search"
              placeholder="Ej. ACME o XAXX010101000"
              value={draft.rfc_name}
              maxLength={300}
              onChange={(e) => set('rfc_name', e.target.value)}
            />
          </FilterField>
        </Col>
        <Col sm={6} md={3} lg={2}>
          <FilterField id="filtro-from-date" label="Desde">
            <Form.Control
              type="date"
              value={draft.from_date}
              isInvalid={!!error}
              onChange={(e) => set('from_date', e.target.value)}
            />
          </FilterField>
        </Col>
        <Col sm={6} md={3} lg={2}>
          <FilterField id="filtro-to-date" label="Hasta">
            <Form.Control
              type="date"
              value={draft.to_date}
              isInvalid={!!error}
              onChange={(e) => set('to_date', e.target.value)}
            />
          </FilterField>
        </Col>
        <Col sm={4} md={2} lg={1}>
          <FilterField id="filtro-serie" label="Serie">
            <Form.Control
              value={draft.serie}
              maxLength={25}
              onChange={(e) => set('serie', e.target.value)}
            />
          </FilterField>
        </Col>
        <Col sm={4} md={3} lg={3}>
          <FilterField id="filtro-status" label="Estatus">
            <SelectFilter
              value={draft.status}
              options={STATUS_FILTER_OPTIONS}
              onChange={(status) => applyNow({ ...draft, status })}
            />
          </FilterField>
        </Col>
        <Col sm={4} md={4} lg={4}>
          <FilterField id="filtro-metodo-pago" label="Método de pago">
            <SelectFilter
              value={draft.metodo_pago}
              options={METODO_PAGO_FILTER_OPTIONS}
              onChange={(metodo_pago) => applyNow({ ...draft, metodo_pago })}
            />
          </FilterField>
        </Col>
        <Col className="d-flex gap-2">
          <Button type="submit">Buscar</Button>
          {(hasActiveFilters(value) || hasActiveFilters(draft)) && (
            <Button
              variant="outline-secondary"
              onClick={() => {
                setError(null);
                setDraft(EMPTY_FILTERS);
                onApply(EMPTY_FILTERS);
              }}
            >
              Limpiar filtros
            </Button>
          )}
        </Col>
      </Row>
      {error && (
        <Alert variant="warning" className="mt-3 mb-0 py-2">
          {error}
        </Alert>
      )}
    </Form>
  );
}

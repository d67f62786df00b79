import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import {
  EMPTY_FILTERS,
  type FacturasFilters,
  METODO_PAGO_FILTER_OPTIONS,
  type MetodoPagoFilter,
  STATUS_FILTER_OPTIONS,
  type StatusFilter,
  filtersError,
  hasActiveFilters,
} from '../facturas-query.ts';

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
          <Form.Group controlId="filtro-rfc-name">
            <Form.Label className="small fw-semibold">Cliente (nombre o RFC) o UUID</Form.Label>
            <Form.Control
              type="search"
              placeholder="Ej. ACME o XAXX010101000"
              value={draft.rfc_name}
              maxLength={300}
              onChange={(e) => set('rfc_name', e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={6} md={3} lg={2}>
          <Form.Group controlId="filtro-from-date">
            <Form.Label className="small fw-semibold">Desde</Form.Label>
            <Form.Control
              type="date"
              value={draft.from_date}
              isInvalid={!!error}
              onChange={(e) => set('from_date', e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={6} md={3} lg={2}>
          <Form.Group controlId="filtro-to-date">
            <Form.Label className="small fw-semibold">Hasta</Form.Label>
            <Form.Control
              type="date"
              value={draft.to_date}
              isInvalid={!!error}
              onChange={(e) => set('to_date', e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={4} md={2} lg={1}>
          <Form.Group controlId="filtro-serie">
            <Form.Label className="small fw-semibold">Serie</Form.Label>
            <Form.Control
              value={draft.serie}
              maxLength={25}
              onChange={(e) => set('serie', e.target.value)}
            />
          </Form.Group>
        </Col>
        <Col sm={4} md={3} lg={3}>
          <Form.Group controlId="filtro-status">
            <Form.Label className="small fw-semibold">Estatus</Form.Label>
            <Form.Select
              value={draft.status}
              onChange={(e) => {
                const next = { ...draft, status: e.target.value as StatusFilter };
                setDraft(next);
                apply(next);
              }}
            >
              {STATUS_FILTER_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col sm={4} md={4} lg={4}>
          <Form.Group controlId="filtro-metodo-pago">
            <Form.Label className="small fw-semibold">Método de pago</Form.Label>
            <Form.Select
              value={draft.metodo_pago}
              onChange={(e) => {
                const next = { ...draft, metodo_pago: e.target.value as MetodoPagoFilter };
                setDraft(next);
                apply(next);
              }}
            >
              {METODO_PAGO_FILTER_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
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

import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { AnticipoItem } from '@repo/contracts/anticipos';
import Spinner from 'react-bootstrap/Spinner';
import { useAnticipos } from '../api/anticipos.ts';
import { AnticipoForm } from './anticipo-form.tsx';
import { AnticipoTarjeta } from './anticipo-tarjeta.tsx';

/**
 * Advances on one screen (issue 25): the SAT's procedure of the Guía de llenado 4.0, Apéndice 6,
 * with a CFDI de egreso: 1) the advance invoice, 2) the invoice for the full value relating it (07),
 * 3) the credit note that applies it. Each advance says what remains to do.
 */
export function AnticiposPantalla(props: {
  rutas: {
    factura: (id: number) => string;
    facturaFinal: (a: AnticipoItem) => string;
    nota: (id: number) => string;
  };
}) {
  const [estado, setEstado] = useState<'pendientes' | 'todos'>('pendientes');
  const [nuevo, setNuevo] = useState(false);
  const lista = useAnticipos(estado);
  return (
    <div className="d-flex flex-column gap-3">
      <div>
        <h1 className="h3 fw-bold mb-1 mt-1">Anticipos</h1>
        <p className="text-body-secondary mb-0">
          El procedimiento del SAT (Guía de llenado del CFDI 4.0, apéndice 6): la factura del
          anticipo, la factura por el valor total que lo relaciona y la nota de crédito que lo
          aplica.
        </p>
      </div>
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-end">
        <Form.Group controlId="anticipos-estado">
          <Form.Label className="small fw-semibold">Mostrar</Form.Label>
          <Form.Select
            size="sm"
            value={estado}
            onChange={(e) => setEstado(e.target.value as 'pendientes' | 'todos')}
          >
            <option value="pendientes">Con algo por hacer</option>
            <option value="todos">Todos</option>
          </Form.Select>
        </Form.Group>
        {!nuevo && <Button onClick={() => setNuevo(true)}>Registrar anticipo</Button>}
      </div>
      {nuevo && <AnticipoForm onClose={() => setNuevo(false)} />}
      {lista.isPending && (
        <div className="d-flex justify-content-center py-4" role="status" aria-label="Cargando">
          <Spinner animation="border" />
        </div>
      )}
      {lista.isError && <Alert variant="danger">No se pudieron leer los anticipos.</Alert>}
      {lista.data?.data.length === 0 && (
        <Alert variant="light" className="border" data-testid="sin-anticipos">
          {estado === 'pendientes'
            ? 'No tiene anticipos con algo por hacer.'
            : 'Aún no ha registrado anticipos.'}
        </Alert>
      )}
      {lista.data?.data.map((a) => (
        <AnticipoTarjeta key={a.id} anticipo={a} rutas={props.rutas} />
      ))}
    </div>
  );
}

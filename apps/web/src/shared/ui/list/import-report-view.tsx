import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { ImportReport } from '@repo/contracts/clients';

const NUMBER = new Intl.NumberFormat('es-MX');
const DATE_TIME = new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeStyle: 'short' });

/** The per-row report of an import: what was created and what was rejected, and why. */
export function ImportReportView(props: { report: ImportReport; itemLabel: string }) {
  const { report } = props;
  const [onlyRejected, setOnlyRejected] = useState(report.rejected > 0);
  const rows = onlyRejected ? report.rows.filter((r) => r.status === 'rejected') : report.rows;
  const when = new Date(report.created_at);
  return (
    <Card className="border-0 shadow-sm">
      <Card.Body>
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-3 mb-3">
          <div>
            <div className="fw-semibold">{report.file_name}</div>
            <div className="small text-body-secondary">
              Importado el{' '}
              {Number.isNaN(when.getTime()) ? report.created_at : DATE_TIME.format(when)}
            </div>
          </div>
          <div className="d-flex gap-4 text-center">
            <div className="text-success">
              <div className="h3 fw-bold mb-0" data-testid="import-created">
                {NUMBER.format(report.created)}
              </div>
              <div className="small">Creados</div>
            </div>
            <div className={report.rejected > 0 ? 'text-danger' : 'text-body-secondary'}>
              <div className="h3 fw-bold mb-0" data-testid="import-rejected">
                {NUMBER.format(report.rejected)}
              </div>
              <div className="small">Rechazados</div>
            </div>
          </div>
        </div>
        {report.rejected > 0 && (
          <Form.Check
            type="switch"
            id="import-only-rejected"
            className="mb-3"
            label="Mostrar solo las filas rechazadas"
            checked={onlyRejected}
            onChange={(e) => setOnlyRejected(e.target.checked)}
          />
        )}
        <Table responsive className="align-middle mb-0">
          <thead>
            <tr>
              <th scope="col">Fila</th>
              <th scope="col">Resultado</th>
              <th scope="col">{props.itemLabel}</th>
              <th scope="col">Motivo del rechazo u observación</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} data-testid={`import-row-${row.row}`}>
                <td className="text-nowrap">{row.row}</td>
                <td>
                  {row.status === 'created' ? (
                    <Badge bg="success">Creado</Badge>
                  ) : (
                    <Badge bg="danger">Rechazado</Badge>
                  )}
                </td>
                <td>{row.label}</td>
                <td className="small">
                  {row.errors.length > 0 && (
                    <ul className="mb-0 ps-3">
                      {row.errors.map((message) => (
                        <li key={message}>{message}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Card.Body>
    </Card>
  );
}

import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { PortalFacturaResponse, PortalTicketResponse } from '@repo/contracts/recibos';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { formatInstante } from '#src/shared/format/instante.ts';
import { SinValidezFiscalAviso } from '#src/shared/modo-pruebas/modo-pruebas.tsx';
import { portalApi } from '../api/portal-api.ts';
import { DatosFiscalesForm } from './datos-fiscales-form.tsx';
import { TicketForm } from './ticket-form.tsx';

function fechaDia(dia: string) {
  return dia.split('-').reverse().join('/');
}

/**
 * The public page where a customer invoices their ticket: the enterprise's name and logo, the
 * ticket found by its code and total, their fiscal data, and the stamped invoice with its files.
 */
export function PortalFacturacion(props: { slug: string; codigo: string }) {
  const api = useMemo(() => portalApi(props.slug), [props.slug]);
  const info = useQuery({ queryKey: ['portal', props.slug], queryFn: api.info, retry: false });
  const [ticket, setTicket] = useState<{
    datos: { codigo: string; total: string };
    t: PortalTicketResponse;
  } | null>(null);
  const [factura, setFactura] = useState<PortalFacturaResponse | null>(null);

  if (info.isPending) return <Spinner size="sm" />;
  if (info.isError) {
    return <Alert variant="warning">Este portal de facturación no está disponible.</Alert>;
  }
  return (
    <Card className="shadow-sm mx-auto" style={{ maxWidth: 640 }}>
      <Card.Body className="p-4">
        <div className="d-flex align-items-center gap-3 mb-3">
          {info.data.tiene_logo && (
            <img src={api.logoUrl} alt="" style={{ maxHeight: 56, maxWidth: 120 }} />
          )}
          <div>
            <h1 className="h4 fw-bold mb-0">Facture su compra</h1>
            <div className="text-body-secondary">{info.data.nombre}</div>
          </div>
        </div>
        {factura ? (
          <FacturaLista factura={factura} />
        ) : ticket ? (
          <>
            <ResumenTicket ticket={ticket.t} />
            <DatosFiscalesForm api={api} ticket={ticket.datos} onFactura={setFactura} />
            <Button variant="link" className="px-0 mt-2" onClick={() => setTicket(null)}>
              Buscar otro ticket
            </Button>
          </>
        ) : (
          <TicketForm
            api={api}
            codigo={props.codigo}
            onTicket={(t, datos) => setTicket({ t, datos })}
          />
        )}
      </Card.Body>
    </Card>
  );
}

function ResumenTicket({ ticket }: { ticket: PortalTicketResponse }) {
  return (
    <section className="mb-4" data-testid="portal-resumen">
      <h2 className="h6 fw-semibold">
        Ticket {ticket.folio} del {formatInstante(ticket.fecha)}
      </h2>
      <Table size="sm" className="mb-1">
        <tbody>
          {ticket.conceptos.map((c, i) => (
            <tr key={i}>
              <td>
                {c.cantidad} × {c.descripcion}
              </td>
              <td className="text-end text-nowrap">{formatCurrency(c.importe)}</td>
            </tr>
          ))}
          <tr className="fw-semibold">
            <td>Total con impuestos</td>
            <td className="text-end text-nowrap">{formatCurrency(ticket.total)}</td>
          </tr>
        </tbody>
      </Table>
      <div className="small text-body-secondary">
        Puede facturarlo hasta el {fechaDia(ticket.facturable_hasta)}.
      </div>
    </section>
  );
}

function FacturaLista({ factura }: { factura: PortalFacturaResponse }) {
  return (
    <section data-testid="portal-factura">
      {factura.pruebas && <SinValidezFiscalAviso className="mb-3" />}
      <Alert variant="success">
        <h2 className="h5 fw-bold">Su factura está lista</h2>
        <div>
          Factura {factura.serie_folio} por {formatCurrency(factura.total)}
        </div>
        <div className="small text-break">Folio fiscal (UUID): {factura.uuid}</div>
      </Alert>
      <p>La enviamos a {factura.emails.join(', ')}. También puede verla y descargarla aquí:</p>
      <a className="btn btn-primary" href={factura.url}>
        Ver y descargar PDF y XML
      </a>
    </section>
  );
}

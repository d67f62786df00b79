import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Spinner from 'react-bootstrap/Spinner';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { usePuede } from '#src/shared/session/permisos.ts';
import type { PortalConfigResponse } from '@repo/contracts/recibos';
import type { RecibosApi } from '../api/recibos-api.ts';

/** The self-invoicing portal: its address, whether it is open, and until when a sale may be invoiced. */
export function PortalConfig(props: { api: RecibosApi }) {
  const { api } = props;
  const portal = useQuery({ queryKey: [...api.key, 'portal'], queryFn: api.portal });
  return (
    <Card className="shadow-sm mb-4" as="section" aria-labelledby="portal-titulo">
      <Card.Body className="p-4">
        <h2 id="portal-titulo" className="h5 fw-bold">
          Portal de autofacturación
        </h2>
        <p className="text-body-secondary">
          Sus clientes facturan su compra con el código y el total impresos en el ticket (el QR de
          cada recibo abre esta dirección con el código ya escrito).
        </p>
        {portal.isPending ? (
          <Spinner size="sm" />
        ) : portal.data ? (
          <PortalForm api={api} portal={portal.data} />
        ) : null}
      </Card.Body>
    </Card>
  );
}

function PortalForm(props: { api: RecibosApi; portal: PortalConfigResponse }) {
  const { api, portal } = props;
  const queryClient = useQueryClient();
  const puedeConfigurar = usePuede('configurar');
  const [activo, setActivo] = useState(portal.activo);
  const [porDias, setPorDias] = useState(portal.dias !== null);
  const [dias, setDias] = useState(String(portal.dias ?? 7));
  const [guardando, setGuardando] = useState(false);
  const diasValidos = /^\d+$/.test(dias) && Number(dias) >= 1 && Number(dias) <= 31;
  const guardar = async () => {
    setGuardando(true);
    try {
      await api.guardarPortal({ activo, dias: porDias ? Number(dias) : null });
      await queryClient.invalidateQueries({ queryKey: api.key });
      notify('success', 'Portal de autofacturación guardado.');
    } finally {
      setGuardando(false);
    }
  };
  return (
    <>
      <InputGroup className="mb-3">
        <Form.Control
          readOnly
          value={portal.url}
          aria-label="Dirección del portal"
          data-testid="portal-url"
        />
        <Button
          variant="outline-primary"
          onClick={() => void navigator.clipboard.writeText(portal.url)}
        >
          Copiar
        </Button>
      </InputGroup>
      <fieldset disabled={!puedeConfigurar}>
        <Form.Check
          type="switch"
          id="portal-activo"
          className="mb-2"
          label="Portal abierto: sus clientes pueden facturar sus tickets"
          checked={activo}
          onChange={(e) => setActivo(e.currentTarget.checked)}
        />
        <Form.Check
          type="radio"
          id="portal-ventana-mes"
          name="portal-ventana"
          label="Hasta el último día del mes de la venta"
          checked={!porDias}
          onChange={() => setPorDias(false)}
        />
        <div className="d-flex align-items-center gap-2 flex-wrap">
          <Form.Check
            type="radio"
            id="portal-ventana-dias"
            name="portal-ventana"
            label="Hasta"
            checked={porDias}
            onChange={() => setPorDias(true)}
          />
          <Form.Control
            size="sm"
            style={{ width: '5rem' }}
            inputMode="numeric"
            aria-label="Días después de la venta"
            value={dias}
            disabled={!porDias}
            isInvalid={porDias && !diasValidos}
            onChange={(e) => setDias(e.currentTarget.value)}
          />
          <span>días después de la venta, sin pasar del fin de ese mes</span>
        </div>
        {porDias && !diasValidos && (
          <div className="invalid-feedback d-block">Escriba un número de días entre 1 y 31.</div>
        )}
        {puedeConfigurar && (
          <Button
            className="mt-3"
            disabled={guardando || (porDias && !diasValidos)}
            onClick={() => void guardar()}
          >
            {guardando && <Spinner size="sm" className="me-1" />}
            Guardar
          </Button>
        )}
      </fieldset>
    </>
  );
}

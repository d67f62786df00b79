import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import {
  ALCANCE_TEXTO,
  MAX_CLAVES_ACTIVAS,
  type ClaveApiCreadaResponse,
  type ClaveApiResponse,
} from '@repo/contracts/claves-api';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { formatInstante } from '#src/shared/format/instante.ts';
import type { ClavesApi } from '../api/claves-api.ts';
import { ClaveAviso } from './clave-aviso.tsx';
import { ClaveForm } from './clave-form.tsx';
import { RevocarClave } from './revocar-clave.tsx';

/** API keys: the enterprise's keys, a form to create one (shown once) and their revocation. */
export function ClavesApiPantalla(props: { api: ClavesApi }) {
  const { api } = props;
  const queryClient = useQueryClient();
  const lista = useQuery({ queryKey: api.key, queryFn: api.listar });
  const [creada, setCreada] = useState<ClaveApiCreadaResponse | null>(null);
  const [porRevocar, setPorRevocar] = useState<ClaveApiResponse | null>(null);
  const refrescar = () => queryClient.invalidateQueries({ queryKey: api.key });
  const activas = lista.data?.filter((c) => !c.revocada_at).length ?? 0;

  return (
    <div className="d-flex flex-column gap-4">
      {lista.isPending ? (
        <Spinner size="sm" />
      ) : lista.isError ? (
        <Alert variant="danger">No fue posible cargar sus claves de API.</Alert>
      ) : lista.data.length === 0 ? (
        <p className="text-body-secondary mb-0">
          Aún no tiene claves de API. Cree una para que su punto de venta, tienda en línea o ERP use
          este servicio sin iniciar sesión.
        </p>
      ) : (
        lista.data.map((c) => <ClaveCard key={c.id} clave={c} onRevocar={setPorRevocar} />)
      )}
      {lista.data && (
        <Card className="shadow-sm" as="section" aria-labelledby="nueva-clave">
          <Card.Body className="p-4">
            <h2 id="nueva-clave" className="h5 fw-bold mb-3">
              Nueva clave
            </h2>
            {activas >= MAX_CLAVES_ACTIVAS ? (
              <p className="text-body-secondary mb-0">
                Ya tiene {MAX_CLAVES_ACTIVAS} claves activas, el máximo por empresa. Revoque una que
                ya no use para crear otra.
              </p>
            ) : (
              <ClaveForm
                onSubmit={async (values) => {
                  const nueva = await api.crear(values);
                  await refrescar();
                  setCreada(nueva);
                }}
              />
            )}
          </Card.Body>
        </Card>
      )}
      <ClaveAviso clave={creada} onClose={() => setCreada(null)} />
      <RevocarClave
        clave={porRevocar}
        onClose={() => setPorRevocar(null)}
        onRevocar={async (c) => {
          await api.revocar(c.id);
          await refrescar();
          notify('success', `Clave ${c.nombre} revocada.`);
        }}
      />
    </div>
  );
}

function ClaveCard(props: { clave: ClaveApiResponse; onRevocar: (c: ClaveApiResponse) => void }) {
  const { clave: c } = props;
  const revocada = c.revocada_at !== null;
  return (
    <Card
      className={`shadow-sm${revocada ? ' bg-body-tertiary' : ''}`}
      as="section"
      data-testid={`clave-${c.id}`}
    >
      <Card.Body className="p-4">
        <div className="d-flex flex-wrap justify-content-between gap-2 mb-2">
          <div className="text-break">
            <h2 className="h6 fw-bold mb-1">{c.nombre}</h2>
            <code className="small">{c.prefijo}…</code>
          </div>
          <div className="d-flex flex-wrap gap-1 align-items-start">
            {c.modo === 'pruebas' ? (
              <Badge bg="warning" text="dark" title="Timbra con el PAC de pruebas">
                Pruebas · sin validez fiscal
              </Badge>
            ) : (
              <Badge bg="primary">Producción</Badge>
            )}
            {revocada ? <Badge bg="secondary">Revocada</Badge> : <Badge bg="success">Activa</Badge>}
          </div>
        </div>
        <ul className="small mb-2 ps-3">
          {c.alcances.map((a) => (
            <li key={a}>{ALCANCE_TEXTO[a]}</li>
          ))}
        </ul>
        <dl className="small text-body-secondary mb-0 row gx-2">
          <dt className="col-sm-3 col-lg-2 fw-normal">Creada</dt>
          <dd className="col-sm-9 col-lg-10 mb-1">
            {formatInstante(c.created_at)}
            {c.creada_por && ` por ${c.creada_por}`}
          </dd>
          <dt className="col-sm-3 col-lg-2 fw-normal">Último uso</dt>
          <dd className="col-sm-9 col-lg-10 mb-1">
            {c.ultimo_uso ? formatInstante(c.ultimo_uso) : 'Aún no se ha usado'}
          </dd>
          {revocada && (
            <>
              <dt className="col-sm-3 col-lg-2 fw-normal">Revocada</dt>
              <dd className="col-sm-9 col-lg-10 mb-1">{formatInstante(c.revocada_at)}</dd>
            </>
          )}
        </dl>
        {!revocada && (
          <Button
            size="sm"
            variant="outline-danger"
            className="mt-2"
            onClick={() => props.onRevocar(c)}
          >
            Revocar
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}

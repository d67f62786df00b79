import { Suspense, useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate, useParams } from 'react-router';
import {
  checkNewClientClientRfc,
  checkNewClientProductCode,
  checkNewClientProductDescription,
  createNewClientClient,
  createNewClientProduct,
  getNewClientClients,
  getNewClientInfo,
  getNewClientIvaFronterizo,
  getNewClientProducts,
  getNewClientRubros,
} from '#src/features/configuracion-inicial/api/new-client-configuration.ts';
import { InitialConfigurationWizard } from '#src/features/configuracion-inicial/components/initial-configuration-wizard.tsx';
import {
  newClientImpuestosApi,
  newClientRubrosApi,
} from '#src/features/configuraciones/grupos-de-impuestos/api/rubros-impuestos-api.ts';
import { RubrosList } from '#src/features/configuraciones/grupos-de-impuestos/components/rubros-list.tsx';
import { newClientDatosFiscalesApi } from '#src/features/configuraciones/mis-datos-fiscales/api/datos-fiscales-api.ts';
import {
  DatosFiscalesForm,
  datosFiscalesKey,
} from '#src/features/configuraciones/mis-datos-fiscales/components/datos-fiscales-form.tsx';
import { newClientSellosFiscalesApi } from '#src/features/configuraciones/sellos-certificados-digitales/api/sellos-fiscales-api.ts';
import { SellosForm } from '#src/features/configuraciones/sellos-certificados-digitales/components/sellos-form.tsx';
import { newClientSeriesApi } from '#src/features/configuraciones/series-folios/api/series-api.ts';
import { SeriesFolios } from '#src/features/configuraciones/series-folios/components/series-folios.tsx';
import type { ProductFormApi } from '#src/features/productos-servicios/api/product-form-api.ts';
import { notify } from '#src/shared/feedback/feedback-store.ts';
import { formatCurrency } from '#src/shared/format/currency.ts';
import { errorMessageOf } from '#src/shared/http/api-error.ts';
import { startSessionWithCredits } from '#src/shared/session/session-credits.ts';
import { useSession } from '#src/shared/session/session-store.ts';
import { lazy, preload } from '../lazy-screen.ts';

// The tax list and its add/edit form, the client form and the product form are not in the first
// step's JavaScript (the wizard stays within its budget); the wizard starts loading them once it
// shows, so that their steps open without waiting.
const ImpuestosEmpresa = lazy(async () => ({
  default: (
    await import('#src/features/configuraciones/grupos-de-impuestos/components/impuestos-empresa.tsx')
  ).ImpuestosEmpresa,
}));
const ClientForm = lazy(async () => ({
  default: (await import('#src/features/clientes/components/client-form.tsx')).ClientForm,
}));
const ProductServiceForm = lazy(async () => ({
  default: (await import('#src/features/productos-servicios/components/product-service-form.tsx'))
    .ProductServiceForm,
}));

/** The wizard's forms are wider than the visitor column: this centres them on the page. */
const WIDE = {
  width: 'min(1040px, 94vw)',
  position: 'relative',
  left: '50%',
  transform: 'translateX(-50%)',
} as const;

function ClientStep(props: { newClientToken: string }) {
  const { newClientToken } = props;
  const queryClient = useQueryClient();
  const key = ['new-client-clients', newClientToken];
  const clients = useQuery({ queryKey: key, queryFn: () => getNewClientClients(newClientToken) });
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      {clients.data && clients.data.length > 0 && (
        <Table size="sm" className="mb-4" data-testid="wizard-clients">
          <thead>
            <tr>
              <th>Nombre o razón social</th>
              <th>RFC</th>
            </tr>
          </thead>
          <tbody>
            {clients.data.map((c) => (
              <tr key={c.id}>
                <td>{c.name_razon_social}</td>
                <td>{c.rfc}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Suspense fallback={<Spinner size="sm" />}>
        <ClientForm
          key={formKey}
          checkRfcUnique={(rfc) => checkNewClientClientRfc(newClientToken, rfc)}
          submitLabel="Guardar cliente"
          onSubmit={async (request) => {
            const client = await createNewClientClient(newClientToken, request);
            notify('success', `El cliente ${client.name_razon_social} fue registrado.`);
            setFormKey((k) => k + 1);
            await queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      </Suspense>
    </>
  );
}

function ProductStep(props: { newClientToken: string }) {
  const { newClientToken } = props;
  const queryClient = useQueryClient();
  const key = ['new-client-products', newClientToken];
  const products = useQuery({ queryKey: key, queryFn: () => getNewClientProducts(newClientToken) });
  const [formKey, setFormKey] = useState(0);
  const api = useMemo<ProductFormApi>(
    () => ({
      rubros: {
        queryKey: ['new-client-rubros-producto', newClientToken],
        list: () => getNewClientRubros(newClientToken),
      },
      checkInternalCodeUnique: (code, id) => checkNewClientProductCode(newClientToken, code, id),
      checkDescriptionUnique: (text, id) =>
        checkNewClientProductDescription(newClientToken, text, id),
      ivaFronterizo: (clave) => getNewClientIvaFronterizo(newClientToken, clave),
      gruposPath: null,
    }),
    [newClientToken],
  );
  return (
    <>
      {products.data && products.data.length > 0 && (
        <Table size="sm" className="mb-4" data-testid="wizard-products">
          <thead>
            <tr>
              <th>Descripción</th>
              <th>Clave SAT</th>
              <th className="text-end">Precio unitario</th>
            </tr>
          </thead>
          <tbody>
            {products.data.map((p) => (
              <tr key={p.id}>
                <td>{p.description}</td>
                <td>{p.product_service_key}</td>
                <td className="text-end text-nowrap">{formatCurrency(p.unity_price)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Suspense fallback={<Spinner size="sm" />}>
        <ProductServiceForm
          key={formKey}
          api={api}
          onSubmit={async (request) => {
            const product = await createNewClientProduct(newClientToken, request);
            notify('success', `«${product.description}» fue registrado.`);
            setFormKey((k) => k + 1);
            await queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      </Suspense>
    </>
  );
}

function Wizard(props: { newClientToken: string; enterpriseId: number }) {
  const { newClientToken, enterpriseId } = props;
  const navigate = useNavigate();
  const apis = useMemo(
    () => ({
      datos: newClientDatosFiscalesApi(newClientToken),
      sellos: newClientSellosFiscalesApi(newClientToken),
      series: newClientSeriesApi(newClientToken),
      rubros: newClientRubrosApi(newClientToken, enterpriseId),
      impuestos: newClientImpuestosApi(newClientToken),
    }),
    [newClientToken, enterpriseId],
  );
  useEffect(() => {
    for (const form of [ImpuestosEmpresa, ClientForm, ProductServiceForm]) preload(form);
  }, []);
  const datos = useQuery({ queryKey: datosFiscalesKey(apis.datos.scope), queryFn: apis.datos.get });
  const saved = datos.data;
  const canFinish = Boolean(saved?.razon_social && saved.regimen_fiscal && saved.codigo_postal);

  return (
    <InitialConfigurationWizard
      newClientToken={newClientToken}
      canFinish={canFinish}
      onFinished={async (session) => {
        await startSessionWithCredits(session);
        notify('success', '¡Listo! Su cuenta está configurada.');
        void navigate('/', { replace: true });
      }}
      renderStep={(step) => {
        switch (step) {
          case 1:
            return <DatosFiscalesForm api={apis.datos} />;
          case 2:
            return <SellosForm api={apis.sellos} />;
          case 3:
            return <SeriesFolios api={apis.series} />;
          case 4:
            return (
              <div className="d-flex flex-column gap-4">
                <RubrosList api={apis.rubros} />
                <Suspense fallback={<Spinner size="sm" />}>
                  <ImpuestosEmpresa api={apis.impuestos} />
                </Suspense>
              </div>
            );
          case 5:
            return <ClientStep newClientToken={newClientToken} />;
          default:
            return <ProductStep newClientToken={newClientToken} />;
        }
      }}
    />
  );
}

/** /configuracion-inicial/:newClientToken: the initial configuration of a new client (no session). */
export default function ConfiguracionInicialScreen() {
  const { newClientToken = '' } = useParams();
  const info = useQuery({
    queryKey: ['new-client-info', newClientToken],
    queryFn: () => getNewClientInfo(newClientToken),
    retry: false,
  });

  // An enterprise added from within a session (issue 27): the way back to the user's others.
  const { token } = useSession();
  return (
    <div style={WIDE}>
      {token && (
        <Link to="/mis-empresas" className="small">
          ← Volver a Mis empresas
        </Link>
      )}
      <h1 className="h3 fw-bold mb-1">Configuración inicial</h1>
      {info.isPending ? (
        <div className="py-5 text-center" role="status">
          <Spinner />
        </div>
      ) : info.isError ? (
        <>
          <Alert variant="danger">
            {errorMessageOf(info.error, 'No fue posible abrir la configuración inicial.')}
          </Alert>
          <p>
            <Link to="/login">Iniciar sesión</Link>
          </p>
        </>
      ) : (
        <>
          <p className="text-body-secondary mb-4">
            Hola, {info.data.user.name}. Configure su empresa en unos pasos; podrá cambiar todo
            después en Configuraciones.
          </p>
          <Wizard newClientToken={newClientToken} enterpriseId={info.data.enterprise.id} />
        </>
      )}
    </div>
  );
}

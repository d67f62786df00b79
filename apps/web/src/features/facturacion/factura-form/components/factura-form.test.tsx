// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientResponse } from '@repo/contracts/clients';
import type { DatosFiscalesResponse } from '@repo/contracts/datos-fiscales';
import { REGLA_626_MORAL_HINT, REGLA_626_MORAL_MESSAGE } from '@repo/contracts/facturas';
import type { ProductServiceResponse } from '@repo/contracts/products-services';
import type { SellosFiscalesResponse } from '@repo/contracts/sellos-fiscales';
import type { RubroImpuestoResponse } from '@repo/contracts/rubros-impuestos';
import { getFeedback, resetFeedback } from '#src/shared/feedback/feedback-store.ts';
import { facturaVacia, partidaDeProducto, partidaVacia } from '../model/factura-form-values.ts';
import { catalogoDeImpuestos } from '../model/impuestos-de-partida.ts';
import { FacturaForm } from './factura-form.tsx';

const IVA16: RubroImpuestoResponse = {
  id: 7,
  name: 'IVA 16%',
  objeto_impuesto_key: '02',
  enterprise_id: 1,
  impuestos_trasladados: [
    {
      id: 1,
      tax_type: 'IVA',
      value: '0.160000',
      tipo_factor: 'Tasa',
      additional_description: '',
      status: true,
      selected: true,
    },
  ],
  impuestos_retenidos: [],
  impuestos_locales_trasladados: [],
  impuestos_locales_retenidos: [],
};

const PRODUCTO = {
  id: 42,
  description: 'Consultoría fiscal',
  product_service_key: '80101500',
  unit_key: 'E48',
  unit_name: 'Unidad de servicio',
  unity_price: '999.99',
  cuentaPredialNumber: null,
  taxesGroup: 7,
} as ProductServiceResponse;

const sent: { method: string; url: string }[] = [];

beforeEach(() => {
  sent.length = 0;
  // Only the calls the form makes are observed; every one is answered as unavailable.
  vi.stubGlobal('fetch', (url: string | URL, init?: RequestInit) => {
    sent.push({ method: init?.method ?? 'GET', url: String(url) });
    return Promise.resolve(
      new Response(JSON.stringify({ success: false, dataError: 'No disponible' }), { status: 503 }),
    );
  });
});

afterEach(() => {
  cleanup();
  resetFeedback();
  vi.unstubAllGlobals();
});

function renderForm(over: Partial<Parameters<typeof FacturaForm>[0]> = {}) {
  const values = {
    ...facturaVacia(),
    client_id: 3,
    serie_id: 5,
    forma_pago: '03',
    uso_cfdi: 'G03',
    partidas: [partidaDeProducto(partidaVacia(), PRODUCTO, [IVA16])],
  };
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {/* A data router: the form's unsaved-changes guard (useBlocker) needs one, as in the app. */}
      <RouterProvider
        router={createMemoryRouter([
          {
            path: '/',
            element: (
              <FacturaForm
                mode="nuevo"
                facturaId={null}
                initialValues={values}
                initialClient={null}
                rubros={[IVA16]}
                catalogo={catalogoDeImpuestos({ trasladados: [], retenidos: [], rubros: [IVA16] })}
                series={[
                  { id: 5, kind: 'facturas-ingreso', serie: 'F', folio: 12, folio_inicial: 1 },
                ]}
                emisor={null}
                sellos={null}
                {...over}
              />
            ),
          },
        ])}
      />
    </QueryClientProvider>,
  );
}

describe('FacturaForm', () => {
  it('recomputes the line and the totals as the user types, with the engine rounding', async () => {
    renderForm();
    expect(screen.getByTestId('folio-preview').textContent).toBe('Folio siguiente: F-12');
    expect(screen.getByTestId('total-total').textContent).toBe('$ 1,159.99');
    fireEvent.change(screen.getByLabelText('Descuento (%)'), { target: { value: '15' } });
    // cfdi40-rules 3.2: 999.99 − 150.00 = 849.99; IVA R2(135.9984) = 136.00.
    await waitFor(() => expect(screen.getByTestId('total-total').textContent).toBe('$ 985.99'));
    expect(screen.getByTestId('total-descuento').textContent).toBe('$ 150.00');
    expect(screen.getByTestId('partida-0-base').textContent).toBe('$ 849.99');
  });

  it('turns a typed discount amount into the percent the API keeps', async () => {
    renderForm();
    const monto = screen.getByLabelText('Descuento ($)');
    fireEvent.change(monto, { target: { value: '150' } });
    fireEvent.blur(monto);
    await waitFor(() =>
      expect((screen.getByLabelText('Descuento (%)') as HTMLInputElement).value).toBe('15.00015'),
    );
    expect(screen.getByTestId('total-total').textContent).toBe('$ 985.99');
  });

  it('refuses a discount above 100 % with the spec message and sends nothing', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Descuento (%)'), { target: { value: '101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar pre factura' }));
    await screen.findByText('El descuento no puede ser mayor a 100%');
    expect(sent.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(getFeedback().toasts.map((t) => t.message)).toContain(
      'Revise los datos marcados de la factura.',
    );
    // Correcting the field removes the message.
    fireEvent.change(screen.getByLabelText('Descuento (%)'), { target: { value: '10' } });
    await waitFor(() =>
      expect(screen.queryByText('El descuento no puede ser mayor a 100%')).toBeNull(),
    );
  });

  it('stops stamping before any call when a RESICO issuer bills a persona moral without withholdings', async () => {
    renderForm({
      emisor: { rfc: 'CACX7605101P8', regimen_fiscal: '626' } as DatosFiscalesResponse,
      initialClient: {
        id: 3,
        rfc: 'EKU9003173C9',
        name_razon_social: 'ESCUELA KEMPER URGATE',
        regimenFiscal: '601',
        address: { codigo_postal: '42501' },
      } as ClientResponse,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Timbrar' }));
    await waitFor(() =>
      expect(getFeedback().banner?.message).toBe(
        `${REGLA_626_MORAL_MESSAGE} ${REGLA_626_MORAL_HINT}`,
      ),
    );
    expect(sent.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('stops stamping with expired seals, with the spec message as a persistent banner', async () => {
    renderForm({
      sellos: { sellos_fiscales_registered: true, is_expired: true } as SellosFiscalesResponse,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Timbrar' }));
    await waitFor(() => expect(getFeedback().banner?.message).toBe('Sus sellos ya han expirado.'));
    expect(sent.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SUPPORT_TEXT } from './banner-message.ts';
import { FeedbackHost } from './feedback-host.tsx';
import { confirmDelete, notify, resetFeedback, showPersistentError } from './feedback-store.ts';

function renderHost(initial = '/clientes/editar/5') {
  const router = createMemoryRouter(
    [
      { path: '/clientes', element: <p>Lista de clientes</p> },
      { path: '*', element: <FeedbackHost /> },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => resetFeedback());
afterEach(() => {
  cleanup();
  act(() => resetFeedback());
});

describe('FeedbackHost', () => {
  it('shows the banner with extra-bold <strong>, the site origin and the support text with the ID', () => {
    renderHost();
    act(() => showPersistentError('Revise <strong>sus sellos</strong> en baseURL/x', 'uuid-42'));
    const banner = screen.getByTestId('persistent-error');
    expect(banner.style.maxWidth).toBe('900px');
    expect(banner.textContent).toContain(`en ${window.location.origin}/x`);
    expect(banner.textContent).toContain(`${SUPPORT_TEXT} uuid-42`);
    const strong = banner.querySelector('strong');
    expect(strong?.textContent).toBe('sus sellos');
    expect(strong?.style.fontWeight).toBe('800');
  });

  it('colours toasts by type', () => {
    renderHost();
    act(() => notify('warning', 'Cuidado'));
    const toast = screen.getByText('Cuidado').closest('[data-toast-type]') as HTMLElement;
    expect(toast.style.background).toBe('rgb(205, 172, 7)');
  });

  it('delete confirmation: Aceptar runs the deletion, then goes to the caller URL', async () => {
    const router = renderHost();
    let deleted = 0;
    act(() =>
      confirmDelete({
        message: '¿Eliminar el cliente?',
        onAccept: () => void deleted++,
        redirectTo: '/clientes',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Cancelar' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
      await Promise.resolve();
    });
    expect(deleted).toBe(1);
    expect(router.state.location.pathname).toBe('/clientes');
  });
});

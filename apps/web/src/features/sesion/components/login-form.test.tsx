// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_INVALID_MESSAGE } from '@repo/contracts/users';
import { resetFeedback } from '#src/shared/feedback/feedback-store.ts';
import type { LoginOutcome } from '#src/shared/session/auth-api.ts';
import { LoginForm } from './login-form.tsx';

let sent: unknown[] = [];
let answer: () => Response;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  sent = [];
  localStorage.clear();
  resetFeedback();
  vi.stubGlobal('fetch', async (_: string, init: RequestInit = {}) => {
    sent.push(JSON.parse(String(init.body)));
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: password } });
}

describe('LoginForm (without a form library, checked by the API contract)', () => {
  it('shows the contract messages on each field and sends nothing', async () => {
    render(<LoginForm onDone={() => undefined} />);
    fill('ana@', '');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText(EMAIL_INVALID_MESSAGE)).toBeTruthy();
    expect(screen.getByText('La contraseña es obligatoria')).toBeTruthy();
    expect(screen.getByLabelText('Correo electrónico').classList).toContain('is-invalid');
    expect(document.activeElement).toBe(screen.getByLabelText('Correo electrónico'));
    expect(sent).toEqual([]);
    // After a failed submit the messages follow what is typed.
    fill('ana@example.com', '');
    await waitFor(() => expect(screen.queryByText(EMAIL_INVALID_MESSAGE)).toBeNull());
    expect(screen.getByText('La contraseña es obligatoria')).toBeTruthy();
  });

  it('sends the e-mail trimmed and lower-cased, and hands over the outcome', async () => {
    answer = () => json(200, { success: true, data: { new_client_token: 'tok-1' } });
    const outcomes: LoginOutcome[] = [];
    render(<LoginForm onDone={(o) => outcomes.push(o)} />);
    fill('  Ana@Example.COM ', 'secreta1');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(outcomes).toHaveLength(1));
    expect(sent).toEqual([{ email: 'ana@example.com', password: 'secreta1' }]);
    expect(outcomes[0]).toEqual({ kind: 'initial-configuration', newClientToken: 'tok-1' });
  });

  it('a signed-in login stores the remaining credits in the session before the first screen', async () => {
    const user = {
      id: 1,
      email: 'ana@example.com',
      name: 'Ana',
      phone: '',
      first_steps_completed: true,
      enterprises: [
        {
          id: 9,
          rfc: 'EKU9003173C9',
          razon_social: 'ESCUELA KEMPER URGATE',
          nombre_comercial: '',
          settings_v40: { has_ppd_invoices: false },
          rol: 'propietario',
        },
      ],
    };
    vi.stubGlobal('fetch', async (url: string) =>
      String(url).includes('users/get-total-remaining-credits')
        ? json(200, { success: true, data: { user_total_remaining_credits: 7 } })
        : json(200, { success: true, data: { user, token: 'tok', expires_in: 3600 } }),
    );
    // What the session holds when the form hands over (and the app opens its first screen).
    const stored: (string | null)[] = [];
    render(<LoginForm onDone={() => stored.push(localStorage.getItem('totalRemainingCredits'))} />);
    fill('ana@example.com', 'secreta1');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(stored).toHaveLength(1));
    expect(stored).toEqual(['7']);
  });

  it("puts the API's 422 field messages on the fields", async () => {
    answer = () =>
      json(422, { success: false, dataError: { email: ['Este correo no está registrado'] } });
    render(<LoginForm onDone={() => undefined} />);
    fill('ana@example.com', 'secreta1');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('Este correo no está registrado')).toBeTruthy();
  });
});

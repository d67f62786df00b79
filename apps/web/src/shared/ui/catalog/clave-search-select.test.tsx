// @vitest-environment jsdom
import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CatalogPage } from './clave-catalog-search.ts';
import { type ClaveOption, ClaveSearchSelect } from './clave-search-select.tsx';

const UNIDADES: ClaveOption[] = [
  { clave: 'H87', descripcion: 'Pieza' },
  { clave: 'KGM', descripcion: 'Kilogramo' },
  { clave: 'GRM', descripcion: 'Gramo' },
  { clave: 'E48', descripcion: 'Unidad de servicio' },
];

/** The catalog as a list: matches by key or words, 2 per page. */
async function search(text: string, page: number): Promise<CatalogPage<ClaveOption>> {
  const q = text.toLowerCase();
  const all = UNIDADES.filter(
    (u) => u.clave.toLowerCase().startsWith(q) || u.descripcion.toLowerCase().includes(q),
  );
  return {
    data: all.slice((page - 1) * 2, page * 2),
    current_page: page,
    per_page: 2,
    total: all.length,
    last_page: Math.max(1, Math.ceil(all.length / 2)),
  };
}

function Harness(props: { initial?: boolean }) {
  const [value, setValue] = useState<ClaveOption | null>(null);
  const [client] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={client}>
      <label htmlFor="unidad">Unidad</label>
      <ClaveSearchSelect<ClaveOption>
        id="unidad"
        value={value}
        onChange={setValue}
        catalog="unidades"
        search={search}
        {...(props.initial ? { initial: async () => UNIDADES.slice(0, 2) } : {})}
        toOption={(o) => o}
        placeholder="Escriba la clave"
        emptyHint="Escriba la clave o el nombre de la unidad."
      />
      <output data-testid="chosen">{value ? value.clave : 'ninguna'}</output>
    </QueryClientProvider>
  );
}

afterEach(cleanup);

describe('ClaveSearchSelect', () => {
  it('finds entries by words and chooses one with the keyboard', async () => {
    render(<Harness />);
    const input = screen.getByLabelText<HTMLInputElement>('Unidad');
    fireEvent.focus(input);
    expect(screen.getByText('Escriba la clave o el nombre de la unidad.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'gramo' } });
    await screen.findByRole('option', { name: /KGM/ }, { timeout: 3000 });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'KGMKilogramo',
      'GRMGramo',
    ]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('chosen').textContent).toBe('GRM');
    expect(input.value).toBe('GRM - Gramo');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('loads further pages, says when nothing matches, and can be cleared', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Unidad');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'o' } });
    const more = await screen.findByRole(
      'button',
      { name: 'Ver más resultados (2 de 3)' },
      { timeout: 3000 },
    );
    fireEvent.click(more);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    fireEvent.mouseDown(screen.getByRole('option', { name: /E48/ }));
    expect(screen.getByTestId('chosen').textContent).toBe('E48');
    fireEvent.click(screen.getByRole('button', { name: 'Quitar selección' }));
    expect(screen.getByTestId('chosen').textContent).toBe('ninguna');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zzz' } });
    await screen.findByText('No se encontró "zzz" en el catálogo del SAT.', undefined, {
      timeout: 3000,
    });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByText(/No se encontró/)).toBeNull();
  });

  it('offers the initial entries before anything is typed', async () => {
    render(<Harness initial />);
    fireEvent.focus(screen.getByLabelText('Unidad'));
    await screen.findByRole('option', { name: /H87/ });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    // Leaving the field (Tab or a click elsewhere) closes the list and chooses nothing.
    fireEvent.blur(screen.getByLabelText('Unidad'));
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByTestId('chosen').textContent).toBe('ninguna');
  });
});

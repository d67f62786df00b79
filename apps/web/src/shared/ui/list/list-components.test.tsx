// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackHost } from '../../feedback/feedback-host.tsx';
import { resetFeedback } from '../../feedback/feedback-store.ts';
import { DeleteButton } from './delete-button.tsx';
import { ListFooter } from './list-footer.tsx';
import { SearchBox } from './search-box.tsx';
import { SortableHeader } from './sortable-header.tsx';
import { useListQuery } from './use-list-query.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  act(() => resetFeedback());
});

describe('SearchBox', () => {
  it('searches 900 ms after the last keystroke, once', () => {
    vi.useFakeTimers();
    const searches: string[] = [];
    render(<SearchBox value="" onSearch={(t) => searches.push(t)} placeholder="Buscar cliente" />);
    const input = screen.getByPlaceholderText('Buscar cliente');
    fireEvent.change(input, { target: { value: 'ac' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.change(input, { target: { value: 'acme' } });
    act(() => vi.advanceTimersByTime(899));
    expect(searches).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(searches).toEqual(['acme']);
  });

  it('searches at once on Enter and shows a value reset from outside', () => {
    const searches: string[] = [];
    const { rerender } = render(
      <SearchBox value="acme" onSearch={(t) => searches.push(t)} placeholder="Buscar" />,
    );
    const input = screen.getByPlaceholderText<HTMLInputElement>('Buscar');
    expect(input.value).toBe('acme');
    fireEvent.change(input, { target: { value: 'perez' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(searches).toEqual(['perez']);
    rerender(<SearchBox value="" onSearch={(t) => searches.push(t)} placeholder="Buscar" />);
    expect(input.value).toBe('');
  });
});

describe('ListFooter', () => {
  it('shows the range, 30/50/100 page sizes and a 5-page bar with ellipses', () => {
    const pages: number[] = [];
    const sizes: number[] = [];
    render(
      <ListFooter
        page={10}
        perPage={30}
        total={600}
        lastPage={20}
        rowsOnPage={30}
        onPage={(p) => pages.push(p)}
        onPerPage={(s) => sizes.push(s)}
      />,
    );
    expect(screen.getByTestId('list-range').textContent).toBe('Mostrando 271–300 de 600');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['30', '50', '100']);
    const nav = screen.getByRole('navigation', { name: 'Paginación' });
    expect(nav.textContent?.replace(/\s+/g, '')).toBe('‹1…89101112…20›');
    fireEvent.click(screen.getByLabelText('Página 12'));
    expect(screen.getByLabelText('Página 10').getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByLabelText('Página anterior'));
    fireEvent.change(screen.getByLabelText('Registros por página'), { target: { value: '100' } });
    expect(pages).toEqual([12, 9]);
    expect(sizes).toEqual([100]);
  });
});

describe('SortableHeader', () => {
  it('marks the sorted column and asks to sort by its column', () => {
    const sorts: string[] = [];
    render(
      <table>
        <thead>
          <tr>
            {(['name', 'rfc'] as const).map((c) => (
              <SortableHeader
                key={c}
                column={c}
                orderBy="name"
                orderDirection="desc"
                onSort={(col) => sorts.push(col)}
              >
                {c.toUpperCase()}
              </SortableHeader>
            ))}
          </tr>
        </thead>
      </table>,
    );
    const [name, rfc] = screen.getAllByRole('columnheader');
    expect(name?.getAttribute('aria-sort')).toBe('descending');
    expect(rfc?.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: /RFC/ }));
    expect(sorts).toEqual(['rfc']);
  });
});

function ListProbe() {
  const list = useListQuery({ columns: ['name', 'rfc'] as const, orderBy: 'name' });
  return (
    <div>
      <output data-testid="state">{JSON.stringify(list.query)}</output>
      <button onClick={() => list.setPage(3)}>page 3</button>
      <button onClick={() => list.toggleSort('rfc')}>sort rfc</button>
      <button onClick={() => list.setPerPage(50)}>size 50</button>
      <button onClick={() => list.setSearch(' acme ')}>search</button>
      <DeleteButton
        message="¿Desea eliminar el cliente?"
        onDelete={() => Promise.resolve()}
        redirectTo={() => list.urlAfterDelete({ rowsOnPage: 1, total: 61 })}
      />
      <FeedbackHost />
    </div>
  );
}

describe('useListQuery', () => {
  it('keeps the list state in the URL query and leaves the defaults out', () => {
    const router = createMemoryRouter([{ path: '/clientes', element: <ListProbe /> }], {
      initialEntries: ['/clientes'],
    });
    render(<RouterProvider router={router} />);
    const url = () => `${router.state.location.pathname}${router.state.location.search}`;
    fireEvent.click(screen.getByText('page 3'));
    expect(url()).toBe('/clientes?page=3');
    fireEvent.click(screen.getByText('sort rfc'));
    expect(url()).toBe('/clientes?order_by=rfc&order_direction=asc');
    fireEvent.click(screen.getByText('page 3'));
    fireEvent.click(screen.getByText('size 50'));
    expect(url()).toBe('/clientes?per_page=50&order_by=rfc&order_direction=asc');
    fireEvent.click(screen.getByText('search'));
    expect(url()).toBe('/clientes?per_page=50&order_by=rfc&order_direction=asc&search=acme');
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({
      page: 1,
      perPage: 50,
      orderBy: 'rfc',
      orderDirection: 'asc',
      search: 'acme',
    });
  });

  it('deleting the last row of page 3 asks for confirmation, then goes to page 2', async () => {
    const router = createMemoryRouter([{ path: '/clientes', element: <ListProbe /> }], {
      initialEntries: ['/clientes?page=3'],
    });
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('¿Desea eliminar el cliente?')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
      await Promise.resolve();
    });
    expect(router.state.location.search).toBe('?page=2');
  });
});

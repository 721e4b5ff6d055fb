// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { createQuery, type Query, useQuery } from './query-cache';

afterEach(cleanup);

function Settings({ query }: { query: Query<void, string> }) {
  const state = useQuery(query);
  return <p>{state.status === 'ready' ? state.data : state.status === 'error' ? state.error.message : state.status}</p>;
}

function Menu({ query, id }: { query: Query<string, string>; id: string | null }) {
  const state = useQuery(query, id);
  return <p>{state.status === 'ready' ? state.data : state.status}</p>;
}

const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useQuery (decision 018)', () => {
  it('asks when the screen opens, shows loading, then the answer; two screens share one request', async () => {
    const load = vi.fn(() => Promise.resolve('Тестовая сеть'));
    const query = createQuery<void, string>({ load });
    render(
      <>
        <Settings query={query} />
        <Settings query={query} />
      </>,
    );
    expect(screen.getAllByText('loading')).toHaveLength(2);
    await settled();
    expect(screen.getAllByText('Тестовая сеть')).toHaveLength(2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves a failure on the open screen (no loop), and asks again when a screen opens', async () => {
    const load = vi.fn((): Promise<string> => Promise.reject(new ApiError('Сервис недоступен', 'server', 503)));
    const query = createQuery<void, string>({ load });
    const { rerender, unmount } = render(<Settings query={query} />);
    await settled();
    expect(screen.getByText('Сервис недоступен')).toBeTruthy();
    rerender(<Settings query={query} />);
    await settled();
    expect(load).toHaveBeenCalledTimes(1);
    unmount();
    load.mockImplementation(() => Promise.resolve('Тестовая сеть'));
    render(<Settings query={query} />);
    await settled();
    expect(screen.getByText('Тестовая сеть')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('is idle without arguments, and asks for new arguments when they change', async () => {
    const load = vi.fn((id: string) => Promise.resolve(`меню ${id}`));
    const query = createQuery<string, string>({ load, key: (id) => id });
    const { rerender } = render(<Menu query={query} id={null} />);
    expect(screen.getByText('idle')).toBeTruthy();
    rerender(<Menu query={query} id="5" />);
    await settled();
    expect(screen.getByText('меню 5')).toBeTruthy();
    rerender(<Menu query={query} id="6" />);
    expect(screen.getByText('loading')).toBeTruthy();
    await settled();
    expect(screen.getByText('меню 6')).toBeTruthy();
    expect(load.mock.calls.map(([id]) => id)).toEqual(['5', '6']);
  });
});

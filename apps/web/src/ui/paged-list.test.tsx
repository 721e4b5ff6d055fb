// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { type PageLoader, PagedListEnd, usePagedList } from './paged-list';

interface Entry {
  readonly id: number;
}

const isEmptyPage = (page: readonly Entry[]): boolean => page.length === 0;
const settle = () => act(async () => {});

function List({ load }: { load: PageLoader<Entry> | null }) {
  const { state, loadMore } = usePagedList(load, isEmptyPage);
  return (
    <>
      <p data-testid="ids">{state.items.map((entry) => entry.id).join(',')}</p>
      <PagedListEnd
        state={state}
        onMore={loadMore}
        className="end"
        failedTitle="Не удалось"
        loadingText="Загружаем ещё…"
        skeletonHeight="1rem"
      />
    </>
  );
}

// The paging Мои заказы and Мои оценки share (SPEC 2, 8: offset = the number loaded; the list's own last-page rule).
describe('usePagedList and PagedListEnd', () => {
  afterEach(() => cleanup());
  const ids = () => screen.getByTestId('ids').textContent;

  it('asks from the number loaded, skips an id already shown, stops on the last page', async () => {
    const load = vi
      .fn<PageLoader<Entry>>()
      .mockResolvedValueOnce([{ id: 3 }, { id: 2 }])
      .mockResolvedValueOnce([{ id: 2 }, { id: 1 }])
      .mockResolvedValueOnce([]);
    render(<List load={load} />);
    await settle();
    expect(ids()).toBe('3,2');
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await settle();
    expect(ids()).toBe('3,2,1');
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await settle();
    expect(load.mock.calls.map((call) => call[0])).toEqual([0, 2, 3]);
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('a failed page shows its error with «Повторить», which asks the same offset again', async () => {
    const load = vi
      .fn<PageLoader<Entry>>()
      .mockResolvedValueOnce([{ id: 5 }])
      .mockRejectedValueOnce(new ApiError('Сервер недоступен', 'server', 503))
      .mockResolvedValueOnce([{ id: 4 }]);
    render(<List load={load} />);
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await settle();
    expect(screen.getByText('Сервер недоступен')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await settle();
    expect(load.mock.calls.map((call) => call[0])).toEqual([0, 1, 1]);
    expect(ids()).toBe('5,4');
  });

  it('asks nothing without a loader (a signed-out guest)', async () => {
    render(<List load={null} />);
    await settle();
    expect(ids()).toBe('');
  });
});

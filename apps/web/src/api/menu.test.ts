import { describe, expect, it, vi } from 'vitest';
import { LOCK_CODE_ATTEMPTS_ERROR, type MenuResponse } from '@chain/contract';
import { ApiError, createApiClient } from './client';
import { createMenuSource, type MenuQuery } from './menu';

const MENU: MenuResponse = { categories: [], dishes: [], stories: [], lock_code: null, stop_text: 'Нет в наличии', min_sum: null };
const QUERY: MenuQuery = { restaurantId: '5', fsUid: '489b39b8-4783-4e1b-92a0-44ea552f2e52', orderType: 'self', isShop: 0, lockCode: '7777', userId: null };

const json = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));
const attemptsSpent = json(429, {
  success: false,
  error: LOCK_CODE_ATTEMPTS_ERROR,
  message: 'Слишком много попыток ввести код. Попробуйте позже.',
  requestId: 'r1',
});

function sourceAnswering(...answers: Array<() => Promise<Response>>) {
  const fetchStub = vi.fn<typeof fetch>();
  for (const next of answers) fetchStub.mockImplementationOnce(next);
  return { source: createMenuSource(createApiClient(fetchStub).post), fetchStub };
}

function sentBody(fetchStub: ReturnType<typeof vi.fn<typeof fetch>>, call: number): Record<string, unknown> {
  const body = fetchStub.mock.calls[call]?.[1]?.body;
  return typeof body === 'string' ? (JSON.parse(body) as Record<string, unknown>) : {};
}

describe('menu source (SPEC 7 menu call, locked dishes of SPEC 4)', () => {
  it('asks again without a stored lock code once the address has spent its lock-code tries, so the guest keeps the menu (issue 11)', async () => {
    const { source, fetchStub } = sourceAnswering(attemptsSpent, json(200, MENU));
    await expect(source.load(QUERY)).resolves.toEqual(MENU);
    expect(sentBody(fetchStub, 0).lock_code).toBe('7777');
    expect(sentBody(fetchStub, 1)).not.toHaveProperty('lock_code');
    // Published under the query asked, with lock_code null: the menu screen then forgets the code (SPEC 3).
    expect(source.getSnapshot()).toMatchObject({ status: 'ready', query: QUERY, menu: { lock_code: null } });
  });

  it('keeps the refusal of a code the guest types (the unlock dialog shows its message)', async () => {
    const { source, fetchStub } = sourceAnswering(attemptsSpent);
    const refused = source.unlock({ ...QUERY, lockCode: '' }, '1234');
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 429, message: 'Слишком много попыток ввести код. Попробуйте позже.' });
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('does not ask again for another refusal, nor without a stored code', async () => {
    const noCode = sourceAnswering(attemptsSpent);
    await expect(noCode.source.load({ ...QUERY, lockCode: '' })).rejects.toMatchObject({ code: LOCK_CODE_ATTEMPTS_ERROR });
    expect(noCode.fetchStub).toHaveBeenCalledTimes(1);
    const other = sourceAnswering(json(429, { success: false, error: 'rate_limited', message: 'Слишком много запросов.', requestId: 'r2' }));
    await expect(other.source.load(QUERY)).rejects.toMatchObject({ code: 'rate_limited' });
    expect(other.fetchStub).toHaveBeenCalledTimes(1);
  });
});

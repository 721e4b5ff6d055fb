import { describe, expect, it, vi } from 'vitest';
import { KIOSK_CODE_RATE_MESSAGE, KIOSK_CODE_WRONG_MESSAGE, KIOSK_NOT_CONNECTED_MESSAGE } from '@chain/domain';
import { ApiError, createApiClient, REQUEST_FAILED_MESSAGE } from './client';
import { createKioskApi } from './kiosk';

const reply = (status: number, body: unknown) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

function kioskApi(...answers: Array<() => Promise<Response>>) {
  const fetchStub = vi.fn<typeof fetch>();
  for (const next of answers) fetchStub.mockImplementationOnce(next);
  return { api: createKioskApi(createApiClient(fetchStub).call), fetchStub };
}

describe('the kiosk table check (GET /api/v1/restoran/{id}/tables/{num}, issue 14)', () => {
  it('asks for the typed number of the kiosk restaurant and answers the table', async () => {
    const { api, fetchStub } = kioskApi(reply(200, { num: '5', fs_uid: 'f-1' }));
    await expect(api.lookupTableNumber('1', '5')).resolves.toEqual({ num: '5', fs_uid: 'f-1' });
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/api/v1/restoran/1/tables/5');
    expect(fetchStub.mock.calls[0]?.[1]).toMatchObject({ method: 'GET' });
  });

  it('answers null for a number the restaurant does not have (404) or that is not one (400)', async () => {
    const { api } = kioskApi(
      reply(404, { success: false, error: 'table_not_found', message: 'Неверный номер стола!' }),
      reply(400, { success: false, error: 'validation', message: 'Проверьте номер' }),
    );
    await expect(api.lookupTableNumber('1', '999')).resolves.toBeNull();
    await expect(api.lookupTableNumber('1', '0000')).resolves.toBeNull();
  });

  it('throws a failure without an answer with SPEC 8 request-failed text', async () => {
    const { api } = kioskApi(offline);
    await expect(api.lookupTableNumber('1', '5')).rejects.toMatchObject({
      kind: 'network',
      message: REQUEST_FAILED_MESSAGE,
    });
  });
});

describe('the staff code that turns kiosk mode on (POST /api/v1/kiosk/enter, issue 14, decision 038)', () => {
  it('sends the restaurant being set up and the code, and answers ok with the device token', async () => {
    const { api, fetchStub } = kioskApi(reply(200, { success: true, kiosk_token: 'device-token' }));
    await expect(api.enterKiosk('10', '2580')).resolves.toEqual({ ok: true, token: 'device-token' });
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/api/v1/kiosk/enter');
    expect(fetchStub.mock.calls[0]?.[1]).toMatchObject({ method: 'POST' });
    expect(JSON.parse(fetchStub.mock.calls[0]?.[1]?.body as string)).toEqual({ restoran: '10', code: '2580' });
  });

  it("sends the device's previous token along, so the server ends it as it connects the device again", async () => {
    const { api, fetchStub } = kioskApi(reply(200, { success: true, kiosk_token: 'new-token' }));
    await expect(api.enterKiosk('10', '2580', 'old-token')).resolves.toEqual({ ok: true, token: 'new-token' });
    expect(JSON.parse(fetchStub.mock.calls[0]?.[1]?.body as string)).toEqual({
      restoran: '10',
      code: '2580',
      kiosk_token: 'old-token',
    });
  });

  it("answers a wrong code (403) or too many tries (429) with the server's text, and throws without an answer", async () => {
    const { api } = kioskApi(
      reply(403, { success: false, error: 'kiosk_code_wrong', message: KIOSK_CODE_WRONG_MESSAGE }),
      reply(429, { success: false, error: 'rate_limited', message: KIOSK_CODE_RATE_MESSAGE }),
      offline,
    );
    await expect(api.enterKiosk('10', '1111')).resolves.toEqual({ ok: false, message: KIOSK_CODE_WRONG_MESSAGE });
    await expect(api.enterKiosk('10', '1111')).resolves.toEqual({ ok: false, message: KIOSK_CODE_RATE_MESSAGE });
    await expect(api.enterKiosk('10', '2580')).rejects.toMatchObject({
      kind: 'network',
      message: REQUEST_FAILED_MESSAGE,
    });
  });
});

describe('the staff exit (POST /api/v1/kiosk/exit, issue 14)', () => {
  it("sends the restaurant, the code and the kiosk's token (which the server ends), and answers ok", async () => {
    const { api, fetchStub } = kioskApi(reply(200, { success: true }), reply(200, { success: true }));
    await expect(api.exitKiosk('1', '2580', 'device-token')).resolves.toEqual({ ok: true });
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/api/v1/kiosk/exit');
    expect(fetchStub.mock.calls[0]?.[1]).toMatchObject({ method: 'POST' });
    expect(JSON.parse(fetchStub.mock.calls[0]?.[1]?.body as string)).toEqual({
      restoran: '1',
      code: '2580',
      kiosk_token: 'device-token',
    });
    // A kiosk without a token (set up before decision 038) leaves all the same.
    await expect(api.exitKiosk('1', '2580')).resolves.toEqual({ ok: true });
    expect(JSON.parse(fetchStub.mock.calls[1]?.[1]?.body as string)).toEqual({ restoran: '1', code: '2580' });
  });

  it("answers a wrong code (403), too many tries (429) or a refused code (400) with the server's text", async () => {
    const { api } = kioskApi(
      reply(403, { success: false, error: 'kiosk_code_wrong', message: KIOSK_CODE_WRONG_MESSAGE }),
      reply(429, { success: false, error: 'rate_limited', message: KIOSK_CODE_RATE_MESSAGE }),
      reply(400, { success: false, error: 'validation', message: 'код: от 4 до 8 цифр' }),
    );
    await expect(api.exitKiosk('1', '1111')).resolves.toEqual({ ok: false, message: KIOSK_CODE_WRONG_MESSAGE });
    await expect(api.exitKiosk('1', '1111')).resolves.toEqual({ ok: false, message: KIOSK_CODE_RATE_MESSAGE });
    await expect(api.exitKiosk('1', '1111')).resolves.toEqual({ ok: false, message: 'код: от 4 до 8 цифр' });
  });

  it('throws when there is no answer or the server fails', async () => {
    const { api } = kioskApi(
      offline,
      reply(503, { success: false, error: 'unavailable', message: 'Сервис недоступен' }),
    );
    await expect(api.exitKiosk('1', '2580')).rejects.toBeInstanceOf(ApiError);
    await expect(api.exitKiosk('1', '2580')).rejects.toMatchObject({ status: 503 });
  });
});

describe('whether the kiosk is still connected (POST /api/v1/kiosk/check, decision 038)', () => {
  it('sends the restaurant and the token, and answers true while the server takes it', async () => {
    const { api, fetchStub } = kioskApi(reply(200, { success: true }));
    await expect(api.isKioskConnected('10', 'device-token')).resolves.toBe(true);
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/api/v1/kiosk/check');
    expect(JSON.parse(fetchStub.mock.calls[0]?.[1]?.body as string)).toEqual({
      restoran: '10',
      kiosk_token: 'device-token',
    });
  });

  it("answers false when the server no longer takes it (403 kiosk_not_connected), and throws without the server's word", async () => {
    const { api } = kioskApi(
      reply(403, { success: false, error: 'kiosk_not_connected', message: KIOSK_NOT_CONNECTED_MESSAGE }),
      offline,
      reply(503, { success: false, error: 'unavailable', message: 'Сервис недоступен' }),
    );
    await expect(api.isKioskConnected('10', 'ended-token')).resolves.toBe(false);
    await expect(api.isKioskConnected('10', 'device-token')).rejects.toMatchObject({ kind: 'network' });
    await expect(api.isKioskConnected('10', 'device-token')).rejects.toMatchObject({ status: 503 });
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { Settings } from '@chain/contract';
import { createApiClient, REQUEST_FAILED_MESSAGE } from './client';
import { createSettingsSource } from './settings';

const SETTINGS: Settings = {
  delivery: 1,
  hotline: '+7 495 000-00-00',
  allow_email_auth: 1,
  allow_inbound_auth: 0,
  allow_phone_auth: 1,
  allow_predzakaz: 1,
  allow_delayed: 0,
  show_zagruzka: 1,
  show_restmap: 1,
  text_stoplist: '',
  text_info: '',
  textNoTime: 'Сейчас заказ невозможен',
  tips_volume: [{ sum: 10_000, text: '100 ₽' }],
  booking_text_step2: '',
  text_about_zagruzka: '',
  app_name: 'Тестовая сеть',
  brand_color: '#C8102E',
  logo: '/media/logo.svg',
  app_store_url: '',
  google_play_url: '',
  tips_url: '',
};

function sourceAnswering(...answers: Array<() => Promise<Response>>) {
  const fetchStub = vi.fn<typeof fetch>();
  for (const next of answers) fetchStub.mockImplementationOnce(next);
  const client = createApiClient(fetchStub);
  return { source: createSettingsSource(client.get), fetchStub };
}

const ok = () => Promise.resolve(new Response(JSON.stringify(SETTINGS), { status: 200 }));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('settings (GET /settings.php, SPEC 7)', () => {
  it('starts as loading and becomes ready with the parsed settings', async () => {
    const { source } = sourceAnswering(ok);
    expect(source.getSnapshot().status).toBe('loading');
    await source.load();
    expect(source.getSnapshot()).toEqual({ status: 'ready', settings: SETTINGS, error: null });
  });

  it('loads once however many screens ask', async () => {
    const { source, fetchStub } = sourceAnswering(ok, ok);
    source.ensureLoaded();
    source.ensureLoaded();
    await source.load();
    await source.load();
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/settings.php');
  });

  it('tells subscribers when the settings arrive', async () => {
    const { source } = sourceAnswering(ok);
    const listener = vi.fn();
    source.subscribe(listener);
    await source.load();
    expect(listener).toHaveBeenCalled();
  });

  it('reports a failure with the request-failed text and can be retried', async () => {
    const { source, fetchStub } = sourceAnswering(offline, ok);
    await expect(source.load()).rejects.toMatchObject({ message: REQUEST_FAILED_MESSAGE });
    expect(source.getSnapshot().status).toBe('error');
    source.ensureLoaded();
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await source.load();
    expect(source.getSnapshot().status).toBe('ready');
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('treats settings of the wrong shape as a failure', async () => {
    const { source } = sourceAnswering(() =>
      Promise.resolve(new Response(JSON.stringify({ ...SETTINGS, delivery: 'yes' }), { status: 200 })),
    );
    await expect(source.load()).rejects.toMatchObject({ kind: 'invalid' });
  });
});

import { describe, expect, it, vi } from 'vitest';
import type { Settings } from '@chain/contract';
import { createApiClient, REQUEST_FAILED_MESSAGE } from './client';
import { createSettingsQuery } from './settings';
import { askSettings } from './settings-call';

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
  return { settings: createSettingsQuery(() => askSettings(client.send)), fetchStub };
}

const ok = () => Promise.resolve(new Response(JSON.stringify(SETTINGS), { status: 200 }));
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

describe('settings (GET /settings.php, SPEC 7)', () => {
  it('is idle until asked, then ready with the parsed settings', async () => {
    const { settings } = sourceAnswering(ok);
    expect(settings.get().status).toBe('idle');
    settings.ensure();
    expect(settings.get().status).toBe('loading');
    await settings.fetch();
    expect(settings.get()).toMatchObject({ status: 'ready', data: SETTINGS, error: null });
  });

  it('loads once per visit however many screens ask', async () => {
    const { settings, fetchStub } = sourceAnswering(ok, ok);
    settings.ensure();
    settings.ensure();
    await settings.fetch();
    await settings.fetch();
    settings.ensure();
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(fetchStub.mock.calls[0]?.[0]).toBe('/settings.php');
  });

  it('reports a failure with the request-failed text, and the next use asks again', async () => {
    const { settings, fetchStub } = sourceAnswering(offline, ok);
    await expect(settings.fetch()).rejects.toMatchObject({ message: REQUEST_FAILED_MESSAGE });
    expect(settings.get().status).toBe('error');
    settings.refetch();
    expect(settings.get().status).toBe('loading');
    await settings.fetch();
    expect(settings.get().status).toBe('ready');
    expect(fetchStub).toHaveBeenCalledTimes(2);
  });

  it('treats settings of the wrong shape as a failure', async () => {
    const { settings } = sourceAnswering(() =>
      Promise.resolve(new Response(JSON.stringify({ ...SETTINGS, delivery: 'yes' }), { status: 200 })),
    );
    await expect(settings.fetch()).rejects.toMatchObject({ kind: 'invalid' });
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  staffPagesCall,
  staffSavePageCall,
  staffSaveSettingsCall,
  staffSettingsCall,
  type StaffSettings,
} from '@chain/contract';
import { ApiError } from '../../../api/client';
import { staffCall } from '../../api';
import type { StaffSession } from '../../session';
import TextsScreen from './texts-screen';

// Issue 31 «Тексты и настройки» on the screen: the page with the guest's own renderer as its
// preview, saved over its version; the settings form and a refusal in the server's words.

vi.mock(import('../../api'), async (importOriginal) => ({ ...(await importOriginal()), staffCall: vi.fn() }));

const session: StaffSession = {
  token: 't',
  me: { id: 1, login: 'm', name: 'М', role: 'manager', chain: true, restaurants: [] },
};
const settings: StaffSettings = {
  hotline: '+7 495 212-37-37',
  app_store_url: 'https://example.ru/ios',
  google_play_url: 'https://example.ru/android',
  app_name: 'Жар-печь',
  text_info: 'Пиццу печём в печи.',
  text_stoplist: 'Временно нет',
  textNoTime: 'Сейчас нельзя',
  booking_text_step2: 'Стол ждёт 15 минут',
  text_about_zagruzka: 'Загрузка кухни',
  delivery: true,
  allow_predzakaz: true,
  allow_delayed: false,
  show_zagruzka: true,
  show_restmap: true,
  version: 14,
};

afterEach(cleanup);

describe('the texts and settings screen', () => {
  beforeEach(() => {
    vi.mocked(staffCall).mockReset();
  });

  it('previews a page as guests will see it and saves it over its version', async () => {
    const calls = vi.mocked(staffCall);
    calls.mockImplementation(async (definition: unknown, body?: unknown) => {
      if (definition === staffPagesCall) {
        return {
          pages: [
            { slug: 'about', title: 'О сети', body: 'О нас', version: 1 },
            { slug: 'delivery', title: 'Условия доставки', body: 'Старый текст', version: 5 },
          ],
        };
      }
      if (definition === staffSettingsCall) return settings;
      if (definition === staffSavePageCall) return { slug: 'delivery', ...(body as object), version: 6 };
      throw new Error('unexpected call');
    });
    render(<TextsScreen session={session} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Условия доставки' }));
    const form = screen.getByRole('form', { name: 'Страница «Условия доставки»' });
    fireEvent.change(within(form).getByLabelText('Текст'), { target: { value: '## Зоны\n\n- Центр\n- Север' } });
    const preview = within(form).getByRole('region', { name: 'Так увидят гости' });
    expect(within(preview).getByRole('heading', { level: 3, name: 'Зоны' })).toBeTruthy();
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Центр', 'Север']);
    fireEvent.click(within(form).getByRole('button', { name: BACKOFFICE_TEXTS.save }));
    await within(form).findByText(BACKOFFICE_TEXTS.saved);
    const [, sent, options] = calls.mock.calls.find(([definition]) => definition === staffSavePageCall) ?? [];
    expect(sent).toEqual({ title: 'Условия доставки', body: '## Зоны\n\n- Центр\n- Север', version: 5 });
    expect(options).toEqual({ params: { slug: 'delivery' } });
  });

  it('sends the settings with their version and shows a refusal in the server’s words', async () => {
    const calls = vi.mocked(staffCall);
    calls.mockImplementation(async (definition: unknown) => {
      if (definition === staffPagesCall) return { pages: [] };
      if (definition === staffSettingsCall) return settings;
      if (definition === staffSaveSettingsCall)
        throw new ApiError('«Телефон горячей линии»: неверно', 'server', 400, 'validation');
      throw new Error('unexpected call');
    });
    render(<TextsScreen session={session} />);
    const form = await screen.findByRole('form', { name: 'Настройки приложения' });
    // Nothing saved yet: no «Сохранено.» beside the button.
    expect(within(form).queryByText(BACKOFFICE_TEXTS.saved)).toBeNull();
    fireEvent.change(within(form).getByLabelText('Телефон горячей линии'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Отложенные заказы' }));
    fireEvent.click(within(form).getByRole('button', { name: BACKOFFICE_TEXTS.save }));
    await within(form).findByText('«Телефон горячей линии»: неверно');
    await waitFor(() =>
      expect(calls.mock.calls.some(([definition]) => definition === staffSaveSettingsCall)).toBe(true),
    );
    const [, sent] = calls.mock.calls.find(([definition]) => definition === staffSaveSettingsCall) ?? [];
    expect(sent).toEqual({ ...settings, hotline: '123', allow_delayed: true });
  });
});

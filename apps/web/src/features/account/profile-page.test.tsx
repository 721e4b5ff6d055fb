// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_DELETE_CONFIRM,
  ERROR_TITLE,
  PROFILE_EMAIL_MESSAGE,
  PROFILE_NOT_SAVED_MESSAGE,
  PROFILE_SAVED_MESSAGE,
  SOMETHING_WENT_WRONG_MESSAGE,
} from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { EMPTY_USER, type User } from '../../state/guest-store';
import { chromeStore, guestStore } from '../../state/store';
import { dropAccount, saveProfile } from './api/profile';
import ProfilePage from './profile-page';
import { resetAppStores } from '../../state/stores.test-support';

vi.mock(import('./api/profile'), async (importOriginal) => ({
  ...(await importOriginal()),
  saveProfile: vi.fn(),
  dropAccount: vi.fn(),
}));

const USER: User = {
  ...EMPTY_USER,
  authorized: true,
  id: '42',
  password: 'token',
  name: 'Анна',
  phone: '79161234567',
  email: 'anna@example.ru',
};

let location: ReturnType<typeof memoryLocation> & { history: string[] };
function renderProfile() {
  location = memoryLocation({ path: '/profile', record: true });
  return render(
    <Router hook={location.hook}>
      <Route path="/profile">
        <ProfilePage />
      </Route>
    </Router>,
  );
}
const dialog = () => chromeStore.getState().dialogItems[0];
const answerDialog = (label: string | null) =>
  act(async () => {
    const open = dialog();
    if (!open) throw new Error('no dialog is open');
    const index = label === null ? -1 : (open.items?.findIndex((item) => item.label === label) ?? -1);
    chromeStore.getState().resolveDialog(open.id, index >= 0 ? index : null);
  });
const settle = () => act(async () => {});
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
  await settle();
};

describe('Мой профиль (SPEC 2 Other pages, SPEC 5)', () => {
  beforeEach(() => {
    resetAppStores();
    guestStore.getState().setUser(USER);
  });
  afterEach(() => {
    cleanup();
    vi.mocked(saveProfile).mockReset();
    vi.mocked(dropAccount).mockReset();
  });

  it('shows the stored user with the phone masked', () => {
    renderProfile();
    expect(field('Имя').value).toBe('Анна');
    expect(field('Телефон').value).toBe('+7 (916) 123-45-67');
    expect(field('E-mail').value).toBe('anna@example.ru');
  });

  it('masks the phone as it is typed', () => {
    renderProfile();
    type('Телефон', '89035551122');
    expect(field('Телефон').value).toBe('+7 (903) 555-11-22');
  });

  it('refuses a bad e-mail beside the field, without asking the server', async () => {
    renderProfile();
    type('E-mail', 'anna@');
    await save();
    expect(screen.getByText(PROFILE_EMAIL_MESSAGE)).toBeTruthy();
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('E-mail'));
    expect(saveProfile).not.toHaveBeenCalled();
    type('E-mail', 'anna@example');
    expect(screen.queryByText(PROFILE_EMAIL_MESSAGE)).toBeNull();
  });

  it('saves every field, keeps the answer as the stored user and says «Данные сохранены»', async () => {
    const saved: User = {
      ...USER,
      name: 'Анна К.',
      email: 'anna.k@example.ru',
      city: 'Москва',
      street: 'Тверская',
      house: '7',
      room: '12',
    };
    vi.mocked(saveProfile).mockResolvedValue(saved);
    renderProfile();
    type('Имя', ' Анна К. ');
    type('E-mail', 'Anna.K@example.ru');
    type('Город', 'Москва');
    type('Улица', 'Тверская');
    type('Дом', '7');
    type('Квартира', '12');
    await save();
    expect(saveProfile).toHaveBeenCalledWith(
      { id: '42', password: 'token' },
      {
        name: 'Анна К.',
        phone: '79161234567',
        email: 'Anna.K@example.ru',
        card: '',
        city: 'Москва',
        street: 'Тверская',
        house: '7',
        room: '12',
      },
    );
    expect(guestStore.getState().user).toEqual(saved);
    expect(field('E-mail').value).toBe('anna.k@example.ru');
    expect(dialog()).toMatchObject({ message: PROFILE_SAVED_MESSAGE });
  });

  it.each([
    [
      'a refusal with its reason',
      new ApiError('Этот телефон уже привязан к другому профилю.', 'server', 409, 'phone_taken'),
      'Этот телефон уже привязан к другому профилю.',
    ],
    ['no answer', new ApiError(REQUEST_FAILED_MESSAGE, 'network', null), REQUEST_FAILED_MESSAGE],
  ])('says «Данные не сохранены» on %s', async (_case, error, message) => {
    vi.mocked(saveProfile).mockRejectedValue(error);
    renderProfile();
    await save();
    expect(dialog()).toMatchObject({ title: PROFILE_NOT_SAVED_MESSAGE, message });
    expect(guestStore.getState().user).toEqual(USER);
  });

  it('says «Данные не сохранены» alone on a server failure', async () => {
    vi.mocked(saveProfile).mockRejectedValue(new ApiError(REQUEST_FAILED_MESSAGE, 'server', 500));
    renderProfile();
    await save();
    expect(dialog()).toMatchObject({ message: PROFILE_NOT_SAVED_MESSAGE });
    expect(dialog()?.title).toBeUndefined();
  });

  it("marks the field the server refused (user/update's e-mail check)", async () => {
    vi.mocked(saveProfile).mockRejectedValue(new ApiError(PROFILE_EMAIL_MESSAGE, 'server', 400, 'email'));
    renderProfile();
    await save();
    expect(dialog()).toMatchObject({ title: PROFILE_NOT_SAVED_MESSAGE, message: PROFILE_EMAIL_MESSAGE });
    await answerDialog(null);
    expect(field('E-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    [
      'a phone another guest holds',
      new ApiError('Этот телефон уже привязан к другому профилю.', 'server', 409, 'phone_taken'),
      ['Телефон'],
    ],
    [
      'an e-mail another guest holds',
      new ApiError('Этот email уже привязан к другому профилю.', 'server', 409, 'email_taken'),
      ['E-mail'],
    ],
    [
      'both contacts emptied',
      new ApiError('Укажите телефон или email: по ним выполняется вход.', 'server', 400, 'contact_required'),
      ['Телефон', 'E-mail'],
    ],
  ])('marks what the server refused beside it: %s', async (_case, error, labels) => {
    vi.mocked(saveProfile).mockRejectedValue(error);
    renderProfile();
    await save();
    expect(dialog()).toMatchObject({ title: PROFILE_NOT_SAVED_MESSAGE, message: error.message });
    await answerDialog(null);
    for (const label of labels) {
      expect(field(label).getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field(label).getAttribute('aria-describedby') ?? '')?.textContent).toContain(
        error.message,
      );
    }
    expect(document.activeElement).toBe(field(labels[0]!));
    expect(field('Имя').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('deletes the profile only when confirmed, then signs out and goes to /auth', async () => {
    vi.mocked(dropAccount).mockResolvedValue();
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить профиль' }));
    await settle();
    expect(dialog()?.message).toBe(ACCOUNT_DELETE_CONFIRM);
    await answerDialog('Отмена');
    expect(dropAccount).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Удалить профиль' }));
    await settle();
    await answerDialog('Удалить профиль');
    expect(dropAccount).toHaveBeenCalledWith({ id: '42', password: 'token' });
    expect(guestStore.getState().user).toEqual(EMPTY_USER);
    expect(location.history.at(-1)).toBe('/auth');
  });

  it('says «Что-то пошло не так» when the answer has no user, and keeps the guest signed in', async () => {
    vi.mocked(dropAccount).mockRejectedValue(new ApiError(REQUEST_FAILED_MESSAGE, 'invalid', 200));
    renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить профиль' }));
    await settle();
    await answerDialog('Удалить профиль');
    expect(dialog()).toMatchObject({ title: ERROR_TITLE, message: SOMETHING_WENT_WRONG_MESSAGE });
    expect(guestStore.getState().user).toEqual(USER);
    expect(location.history).toEqual(['/profile']);
  });

  it('offers a signed-out guest the way to sign in', () => {
    guestStore.getState().logout();
    renderProfile();
    expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByLabelText('Имя')).toBeNull();
  });
});

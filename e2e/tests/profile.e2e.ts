import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ACCOUNT_DELETE_CONFIRM,
  FEEDBACK_INCOMPLETE,
  FEEDBACK_SENT,
  formatPhoneInput,
  PHONE_MESSAGE,
  PROFILE_EMAIL_MESSAGE,
  PROFILE_NOT_SAVED_MESSAGE,
  PROFILE_SAVED_MESSAGE,
} from '@chain/domain';
import { api, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, signedInPhonePage, STATE_KEY } from '../support/browser';

const SHOTS = process.env['E2E_SCREENSHOTS'];

interface SavedUser {
  user: {
    name: string;
    phone: string;
    email: string;
    card: string;
    city: string;
    street: string;
    house: string;
    room: string;
  };
}

/** A phone no other guest of the run has: 79 and nine random digits. */
function randomPhone(): string {
  return `79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** The alert dialog with this text; acknowledged with its OK. */
async function acknowledge(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('alertdialog').filter({ hasText: text });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'OK' }).tap();
  await dialog.waitFor({ state: 'detached' });
}

/** Saves Мой профиль with `value` in the field labelled `label`: refused beside it in SPEC 5's words, no dialog, nothing sent. */
async function refusedBeside(page: Page, label: string, value: string, message: string): Promise<void> {
  const field = page.getByLabel(label);
  await field.fill(value);
  await page.getByRole('button', { name: 'Сохранить' }).tap();
  await page.getByText(message).waitFor();
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await page.getByRole('alertdialog').count()).toBe(0);
}

// Issue 15 (second part): Мой профиль and Обратная связь on the phone.
// SPEC 2 (Other pages), SPEC 3 (User), SPEC 5 (Phone, Email, Feedback, Profile save, Account
// deletion), SPEC 7 (user/update, user/drop_account, feedback/add).
describe('Мой профиль (/profile) and Обратная связь (/feedback)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('refuses a bad e-mail beside the field, saves the profile and shows it again after a reload', async () => {
    const email = `e2e-profile-${Date.now()}@example.ru`;
    const user = await signInByEmail(baseUrl, email);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Мой профиль' }).waitFor();
    await auditScreen(page, '/profile');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile.png`, fullPage: true });

    // SPEC 5: «Неверный формат email», shown beside the field; nothing is saved.
    const emailField = page.getByLabel('E-mail');
    await refusedBeside(page, 'E-mail', 'anna@', PROFILE_EMAIL_MESSAGE);
    await auditScreen(page, '/profile (bad e-mail)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-bad-email.png` });

    // The phone takes its +7 mask as it is typed (SPEC 5).
    const phone = randomPhone();
    await page.getByLabel('Телефон').fill(`8${phone.slice(1)}`);
    expect(await page.getByLabel('Телефон').inputValue()).toBe(formatPhoneInput(phone));

    const values = {
      name: 'Анна Котова',
      card: '1234567890',
      city: 'Москва',
      street: 'Тверская улица',
      house: '7',
      room: '12',
    };
    await page.getByLabel('Имя').fill(values.name);
    await emailField.fill(email.toUpperCase());
    await page.getByLabel('Карта лояльности').fill(values.card);
    await page.getByLabel('Город').fill(values.city);
    await page.getByLabel('Улица').fill(values.street);
    await page.getByLabel('Дом').fill(values.house);
    await page.getByLabel('Квартира').fill(values.room);
    await page.getByRole('button', { name: 'Сохранить' }).tap();
    await acknowledge(page, PROFILE_SAVED_MESSAGE);
    // The server's answer is the stored user: the e-mail as the server keeps it.
    expect(await emailField.inputValue()).toBe(email);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Мой профиль' }).waitFor();
    expect(await page.getByLabel('Имя').inputValue()).toBe(values.name);
    expect(await page.getByLabel('Телефон').inputValue()).toBe(formatPhoneInput(phone));
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(await page.getByLabel('Карта лояльности').inputValue()).toBe(values.card);
    expect(await page.getByLabel('Улица').inputValue()).toBe(values.street);
    expect(await page.getByLabel('Квартира').inputValue()).toBe(values.room);

    // The server has them too (user/update with no field answers the profile as it is).
    const saved = await api<SavedUser>(baseUrl, '/api/v1/user/update', { id: user.id, password: user.password });
    expect(saved.user).toMatchObject({ ...values, phone, email });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a wrong phone beside the field, and a phone another guest holds with «Данные не сохранены», marking the field', async () => {
    const user = await signInByEmail(baseUrl, `e2e-profile-phone-${Date.now()}@example.ru`);
    const other = await signInByEmail(baseUrl, `e2e-profile-holder-${Date.now()}@example.ru`);
    const taken = randomPhone();
    await api(baseUrl, '/api/v1/user/update', { id: other.id, password: other.password, phone: taken });
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Мой профиль' }).waitFor();
    const phoneField = page.getByLabel('Телефон');

    // SPEC 5: a phone typed short of 11 digits reads «Проверьте правильность ввода телефона.» beside it; nothing is sent.
    await refusedBeside(page, 'Телефон', '+7 (916) 12', PHONE_MESSAGE);
    await auditScreen(page, '/profile (wrong phone)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-wrong-phone.png` });

    // The server refuses a phone another guest holds: SPEC 5 «Данные не сохранены», its reason, and the field marked.
    await phoneField.fill(taken);
    expect(await phoneField.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Сохранить' }).tap();
    const refusal = page.getByRole('alertdialog').filter({ hasText: 'Этот телефон уже привязан к другому профилю.' });
    await refusal.waitFor();
    expect(await refusal.getByRole('heading', { name: PROFILE_NOT_SAVED_MESSAGE }).count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-not-saved.png`, animations: 'disabled' });
    await acknowledge(page, 'Этот телефон уже привязан к другому профилю.');
    expect(await phoneField.getAttribute('aria-invalid')).toBe('true');
    expect(
      await page.locator('.field__error').filter({ hasText: 'Этот телефон уже привязан к другому профилю.' }).count(),
    ).toBe(1);
    await expect.poll(() => page.locator('input:focus').getAttribute('name')).toBe('phone');
    await auditScreen(page, '/profile (phone taken)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-phone-taken.png` });

    // Nothing was saved: the guest keeps no phone.
    const saved = await api<SavedUser>(baseUrl, '/api/v1/user/update', { id: user.id, password: user.password });
    expect(saved.user.phone).toBe('');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for phone and message, then sends the feedback with its topic and clears the message', async () => {
    const user = await signInByEmail(baseUrl, `e2e-feedback-${Date.now()}@example.ru`);
    const phone = randomPhone();
    await api(baseUrl, '/api/v1/user/update', { id: user.id, password: user.password, name: 'Борис', phone });
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    // The stored user as sign-in would have kept it: name and phone fill the form.
    await page.goto('/profile');
    await page.evaluate(
      ({ key, phone }) => {
        const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as { state: { user: Record<string, unknown> } };
        stored.state.user = { ...stored.state.user, name: 'Борис', phone };
        localStorage.setItem(key, JSON.stringify(stored));
      },
      { key: STATE_KEY, phone },
    );
    await page.goto('/feedback');
    await page.getByRole('heading', { level: 1, name: 'Обратная связь' }).waitFor();
    expect(await page.getByLabel('Имя').inputValue()).toBe('Борис');
    expect(await page.getByLabel('Телефон').inputValue()).toBe(formatPhoneInput(phone));
    const category = page.getByLabel('Тема');
    await expect.poll(() => category.isEnabled()).toBe(true);
    await auditScreen(page, '/feedback');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/feedback.png`, fullPage: true });

    // SPEC 5: no message → «Внимание» / «Не заполнены поля Телефон или Сообщение!».
    await page.getByRole('button', { name: 'Отправить' }).tap();
    const warning = page.getByRole('alertdialog').filter({ hasText: FEEDBACK_INCOMPLETE.message });
    await warning.waitFor();
    expect(await warning.getByRole('heading', { name: FEEDBACK_INCOMPLETE.title }).count()).toBe(1);
    // The dialog's fade-in is finished at once for the picture (no fixed wait).
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/feedback-incomplete.png`, animations: 'disabled' });
    await acknowledge(page, FEEDBACK_INCOMPLETE.message);

    // A short phone is refused the same way.
    const message = page.getByLabel('Сообщение');
    await message.fill('Курьер приехал раньше срока, спасибо!');
    await page.getByLabel('Телефон').fill('+7 (916) 12');
    await page.getByRole('button', { name: 'Отправить' }).tap();
    await acknowledge(page, FEEDBACK_INCOMPLETE.message);
    await page.getByLabel('Телефон').fill(phone);

    // The item select follows the category: «Ресторан» offers the restaurants.
    await category.selectOption({ label: 'Ресторан' });
    const item = page.getByLabel('Что именно');
    await expect.poll(() => item.isEnabled()).toBe(true);
    const items = await item.locator('option').allTextContents();
    expect(items.length).toBeGreaterThan(0);
    await item.selectOption({ index: items.length - 1 });
    await auditScreen(page, '/feedback (topic chosen)');

    await page.getByRole('button', { name: 'Отправить' }).tap();
    const thanks = page.getByRole('alertdialog').filter({ hasText: FEEDBACK_SENT.message });
    await thanks.waitFor();
    expect(await thanks.getByRole('heading', { name: FEEDBACK_SENT.title }).count()).toBe(1);
    // The dialog's fade-in is finished at once for the picture (no fixed wait).
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/feedback-sent.png`, animations: 'disabled' });
    await acknowledge(page, FEEDBACK_SENT.message);
    expect(await message.inputValue()).toBe('');
    expect(await page.getByLabel('Имя').inputValue()).toBe('Борис');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes the profile when confirmed: signed out to /auth, and the old session is refused', async () => {
    const user = await signInByEmail(baseUrl, `e2e-drop-${Date.now()}@example.ru`);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Мой профиль' }).waitFor();

    const remove = page.getByRole('button', { name: 'Удалить профиль' });
    await remove.tap();
    const confirm = page.getByRole('alertdialog').filter({ hasText: ACCOUNT_DELETE_CONFIRM });
    await confirm.waitFor();
    await auditScreen(page, '/profile (delete confirm)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/profile-delete-confirm.png` });
    // «Отмена» keeps everything.
    await confirm.getByRole('button', { name: 'Отмена' }).tap();
    await confirm.waitFor({ state: 'detached' });
    await api(baseUrl, '/api/v1/user/update', { id: user.id, password: user.password });

    await remove.tap();
    await confirm.getByRole('button', { name: 'Удалить профиль' }).tap();
    await page.waitForURL(/\/auth$/);
    const stored = await page.evaluate(
      (key) =>
        JSON.parse(localStorage.getItem(key) ?? '{}') as { state: { user: { authorized: boolean; id: string } } },
      STATE_KEY,
    );
    expect(stored.state.user).toMatchObject({ authorized: false, id: '' });

    const refused = await fetch(`${baseUrl}/api/v1/user/update`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: user.id, password: user.password }),
    });
    expect(refused.status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });
});

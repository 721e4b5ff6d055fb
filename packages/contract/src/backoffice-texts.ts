import * as z from 'zod/mini';
import { rowVersion, STALE_VERSION_ERROR, staleVersionResponse } from './backoffice';
import { defineCall } from './call';
import { MAX_PAGE_BODY_LENGTH, MAX_PAGE_TITLE_LENGTH, PAGE_NOT_FOUND_MESSAGE, chainPageParams } from './pages';
import { STAFF_ERRORS, STAFF_TEXTS } from './staff';

// The chain's texts and settings in the back office (issue 31, docs/back-office.md «The chain's
// texts and settings»): the offer, delivery and about pages (the same rules as the chain-page
// command, docs/content.md) and the settings the app reads (GET /settings.php, SPEC 3 Settings).
// Managers of the whole chain only; versioned saves (decision 043) with their audit rows.

export const TEXTS_TEXTS = {
  badPhone: 'Телефон горячей линии — 11 цифр, например +7 495 212-37-37 или 8 800 555-35-35.',
  badUrl: 'Ссылка должна начинаться с https:// (или оставьте поле пустым).',
  appNameRequired: 'Укажите название приложения.',
  controlCharacters: 'В тексте есть служебные символы: вставьте его как обычный текст.',
} as const;

export const SETTINGS_TEXT_MAX_LENGTH = 2_000;
export const SETTINGS_URL_MAX_LENGTH = 500;
export const SETTINGS_APP_NAME_MAX_LENGTH = 60;
export const SETTINGS_PHONE_MAX_LENGTH = 30;

const limited = (max: number) => z.string().check(z.maxLength(max, `не длиннее ${max} символов`));

/**
 * The settings a manager edits (SPEC 3 Settings): the hotline, the app's links and name, the texts
 * the app shows, and the switches of what it offers. The sign-in methods, the brand's colour and
 * logo, the preset tips and the tips link are not edited here (docs/back-office.md says why).
 */
export const editableSettings = z.object({
  hotline: limited(SETTINGS_PHONE_MAX_LENGTH),
  app_store_url: limited(SETTINGS_URL_MAX_LENGTH),
  google_play_url: limited(SETTINGS_URL_MAX_LENGTH),
  app_name: limited(SETTINGS_APP_NAME_MAX_LENGTH),
  text_info: limited(SETTINGS_TEXT_MAX_LENGTH),
  text_stoplist: limited(SETTINGS_TEXT_MAX_LENGTH),
  textNoTime: limited(SETTINGS_TEXT_MAX_LENGTH),
  booking_text_step2: limited(SETTINGS_TEXT_MAX_LENGTH),
  text_about_zagruzka: limited(SETTINGS_TEXT_MAX_LENGTH),
  delivery: z.boolean(),
  allow_predzakaz: z.boolean(),
  allow_delayed: z.boolean(),
  show_zagruzka: z.boolean(),
  show_restmap: z.boolean(),
});
export type EditableSettings = z.infer<typeof editableSettings>;
export type EditableSettingKey = keyof EditableSettings;
export const EDITABLE_SETTING_KEYS = Object.keys(editableSettings.shape) as EditableSettingKey[];

/** The editable switches (0/1 flags in /settings.php). */
export const SETTING_SWITCHES = [
  'delivery',
  'allow_predzakaz',
  'allow_delayed',
  'show_zagruzka',
  'show_restmap',
] as const satisfies readonly EditableSettingKey[];

/** Each editable setting's name, as the screen labels it and a refusal names it. */
export const SETTING_LABELS: Record<EditableSettingKey, string> = {
  hotline: 'Телефон горячей линии',
  app_store_url: 'Ссылка на приложение в App Store',
  google_play_url: 'Ссылка на приложение в Google Play',
  app_name: 'Название приложения',
  text_info: 'Сведения под меню (о кухне, доставке, ценах)',
  text_stoplist: 'Подпись блюда в стоп-листе',
  textNoTime: 'Текст, когда заказ на это время оформить нельзя',
  booking_text_step2: 'Условия брони стола',
  text_about_zagruzka: 'Пояснение к загрузке ресторанов',
  delivery: 'Доставка курьером',
  allow_predzakaz: 'Предзаказ в заведении',
  allow_delayed: 'Отложенные заказы',
  show_zagruzka: 'Плитка «Загрузка ресторанов»',
  show_restmap: 'Плитка «Карта ресторанов»',
};

/**
 * The settings as the back office shows them, with their version: the sum of the versions of
 * their rows (one row per key), so any save of any of them moves it.
 */
export const staffSettings = z.extend(editableSettings, { version: z.int() });
export type StaffSettings = z.infer<typeof staffSettings>;

/** A page of the chain's texts as the back office edits it. */
export const staffPage = z.object({
  slug: z.string(),
  title: z.string(),
  body: z.string(),
  version: z.int(),
});
export type StaffPage = z.infer<typeof staffPage>;

const CHAIN_ONLY = {
  ...STAFF_ERRORS,
  chain_manager_only: `not a manager of the whole chain, a kitchen account included (403 «${STAFF_TEXTS.chainManagerOnly}»)`,
} as const;

export const staffPagesCall = defineCall({
  name: 'staffPages',
  method: 'GET',
  path: '/api/staff/pages',
  tag: 'staff',
  summary: 'The chain’s pages — the offer, the delivery terms, about the chain — as the back office edits them',
  auth: 'staff',
  response: z.object({ pages: z.array(staffPage) }),
  errors: CHAIN_ONLY,
});

export const staffSavePageCall = defineCall({
  name: 'staffSavePage',
  method: 'POST',
  path: '/api/staff/pages/:slug',
  tag: 'staff',
  summary: 'Saves a page of the chain’s texts (versioned); guests read it on their next request',
  description:
    'The rules of the chain-page command (docs/content.md): a title of 1…200 characters of plain text; the text in the page format (blank lines between paragraphs, `## ` headings, `- ` list items), a BOM dropped, line ends made `\\n`, trailing blanks trimmed, not empty, at most 100 000 characters, no control characters, never HTML. The page’s ETag (GET /api/v1/pages/{slug}) moves with it. Written with its audit row (`page.save`, before and after).',
  auth: 'staff',
  params: chainPageParams,
  body: z.object({
    title: limited(MAX_PAGE_TITLE_LENGTH),
    body: z.string().check(z.maxLength(MAX_PAGE_BODY_LENGTH * 2, `не длиннее ${MAX_PAGE_BODY_LENGTH} символов`)),
    version: rowVersion,
  }),
  response: staffPage,
  errors: {
    ...CHAIN_ONLY,
    ...STALE_VERSION_ERROR,
    page_not_found: `no page of this slug (404 «${PAGE_NOT_FOUND_MESSAGE}»); new pages are added by the chain-page command`,
    validation:
      'the title or the text breaks a rule of the page format, in words (400), e.g. «В тексте есть HTML (<b>): страницы — обычный текст.»',
  },
});

/** The body of a 409 stale_version of staffSavePage. */
export const staffPageStale = staleVersionResponse(staffPage);

export const staffSettingsCall = defineCall({
  name: 'staffSettings',
  method: 'GET',
  path: '/api/staff/settings',
  tag: 'staff',
  summary: 'The settings the app reads (SPEC 3 Settings) that the back office edits',
  auth: 'staff',
  response: staffSettings,
  errors: CHAIN_ONLY,
});

export const staffSaveSettingsCall = defineCall({
  name: 'staffSaveSettings',
  method: 'POST',
  path: '/api/staff/settings',
  tag: 'staff',
  summary: 'Saves the settings (versioned); GET /settings.php answers them (a new ETag) on its next request',
  description:
    'All the editable settings with the `version` they were based on (decision 043; the sum of their rows’ versions): over a newer one 409 stale_version with `current`. The hotline is a Russian number of 11 digits as people write it; the app links are https:// addresses or empty; the app’s name is required; texts are plain text. Switches are true/false (0/1 in /settings.php). The catalogue version moves with it (migration 003), so menus that show a setting reload. Written with its audit row (`settings.save`, the changed keys before and after).',
  auth: 'staff',
  body: z.extend(editableSettings, { version: rowVersion }),
  response: staffSettings,
  errors: {
    ...CHAIN_ONLY,
    ...STALE_VERSION_ERROR,
    validation: `a setting breaks its rule, in words (400), e.g. «${TEXTS_TEXTS.badPhone}»`,
  },
});

/** The body of a 409 stale_version of staffSaveSettings. */
export const staffSettingsStale = staleVersionResponse(staffSettings);

/** The chain's texts' and settings' staff calls (every staff call refuses a guest token: staff-auth.test.ts). */
export const TEXTS_CALLS = [staffPagesCall, staffSavePageCall, staffSettingsCall, staffSaveSettingsCall] as const;

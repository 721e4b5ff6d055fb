import type { Kysely } from 'kysely';
import {
  EDITABLE_SETTING_KEYS,
  type EditableSettingKey,
  type EditableSettings,
  PAGE_NOT_FOUND_MESSAGE,
  SETTING_LABELS,
  SETTING_SWITCHES,
  type StaffPage,
  type StaffSettings,
  TEXTS_TEXTS,
} from '@chain/contract';
import { phoneDigits } from '@chain/domain';
import type { Database } from '../../db/types';
import { badRequest, notFound } from '../../http/errors';
import { savedOrStale } from '../../http/versioned';
import { checkPageInput, editablePage, editablePages, hasControl, savePageOver } from '../pages';
import { settingRows, writeSetting } from '../settings';
import { type StaffPrincipal, writeAudit } from '../staff';

/*
 * The chain's texts and settings in the back office (issue 31, docs/back-office.md). Pages keep
 * the chain-page command's rules (pages/text.ts, one home); settings are the ones GET
 * /settings.php answers, read from the database on every request, so guests' next read has them.
 */

const PAGE_MISSING = { message: PAGE_NOT_FOUND_MESSAGE, code: 'page_not_found' };
/** Never answered: the settings are always there to compare with. */
const SETTINGS_MISSING = { message: 'Настройки не найдены.', code: 'settings_not_found' };

export async function pagesForEdit(db: Kysely<Database>): Promise<{ pages: StaffPage[] }> {
  return { pages: await editablePages(db) };
}

export async function savePage(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  slug: string,
  edit: { title: string; body: string; version: number },
): Promise<StaffPage> {
  const before = await editablePage(db, slug);
  if (!before) throw notFound(PAGE_MISSING.message, PAGE_MISSING.code);
  const input = checkPageInput(slug, edit.title, edit.body);
  if (!input.ok) throw badRequest(input.russian, 'validation');
  return db.transaction().execute(async (trx) => {
    const saved = await savedOrStale(
      await savePageOver(trx, { slug, title: input.title ?? before.title, body: input.body, version: edit.version }),
      () => editablePage(trx, slug),
      PAGE_MISSING,
    );
    await writeAudit(trx, staff, {
      action: 'page.save',
      restaurantId: null,
      target: `страница «${saved.title}» (${slug})`,
      before,
      after: saved,
    });
    return saved;
  });
}

const isSwitch = (key: EditableSettingKey): key is (typeof SETTING_SWITCHES)[number] =>
  (SETTING_SWITCHES as readonly string[]).includes(key);

/** The settings as stored → as the back office shows them, with the sum of their rows' versions. */
function settingsOf(rows: ReadonlyArray<{ key: string; value: unknown; version: number }>): StaffSettings {
  const values = new Map(rows.map((row) => [row.key, row.value]));
  const settings: Record<string, string | boolean> = {};
  for (const key of EDITABLE_SETTING_KEYS) {
    const value = values.get(key);
    settings[key] = isSwitch(key)
      ? value === 1 || value === '1' || value === true
      : typeof value === 'string'
        ? value
        : '';
  }
  return { ...(settings as EditableSettings), version: rows.reduce((sum, row) => sum + row.version, 0) };
}

export async function settingsForEdit(db: Kysely<Database>): Promise<StaffSettings> {
  return settingsOf(await settingRows(db, EDITABLE_SETTING_KEYS));
}

/** An https:// address, or '' for none. */
function isLink(text: string): boolean {
  if (text === '') return true;
  if (!text.startsWith('https://') || /\s/.test(text)) return false;
  try {
    return new URL(text).hostname.includes('.');
  } catch {
    return false;
  }
}

/** The settings checked and tidied (trimmed, line ends made \n); 400 validation naming the setting. */
function checkedSettings(edit: EditableSettings): EditableSettings {
  const refuse = (key: EditableSettingKey, message: string) =>
    badRequest(`«${SETTING_LABELS[key]}»: ${message}`, 'validation');
  const tidy = (text: string) => text.replace(/\r\n?/g, '\n').trim();
  const next = { ...edit };
  for (const key of EDITABLE_SETTING_KEYS) {
    const value = next[key];
    if (typeof value !== 'string') continue;
    const text = tidy(value);
    if (hasControl(text)) throw refuse(key, TEXTS_TEXTS.controlCharacters);
    (next as Record<string, unknown>)[key] = text;
  }
  if (!/^[\d\s+()-]+$/.test(next.hotline) || phoneDigits(next.hotline) === null)
    throw refuse('hotline', TEXTS_TEXTS.badPhone);
  if (!isLink(next.app_store_url)) throw refuse('app_store_url', TEXTS_TEXTS.badUrl);
  if (!isLink(next.google_play_url)) throw refuse('google_play_url', TEXTS_TEXTS.badUrl);
  if (next.app_name === '') throw refuse('app_name', TEXTS_TEXTS.appNameRequired);
  return next;
}

export async function saveSettings(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  edit: EditableSettings & { version: number },
): Promise<StaffSettings> {
  const { version, ...fields } = edit;
  const next = checkedSettings(fields);
  return db.transaction().execute(async (trx) => {
    // The rows are held while the version is compared and the values written: of two saves from
    // one version, the second waits, reads the first one's versions and is answered 409.
    const before = settingsOf(await settingRows(trx, EDITABLE_SETTING_KEYS, true));
    const over = before.version === version;
    if (over) {
      for (const key of EDITABLE_SETTING_KEYS) {
        const value = next[key];
        await writeSetting(trx, key, isSwitch(key) ? (value ? 1 : 0) : value);
      }
    }
    const saved = await savedOrStale(
      over ? settingsOf(await settingRows(trx, EDITABLE_SETTING_KEYS)) : undefined,
      async () => before,
      SETTINGS_MISSING,
    );
    const changed = EDITABLE_SETTING_KEYS.filter((key) => before[key] !== saved[key]);
    await writeAudit(trx, staff, {
      action: 'settings.save',
      restaurantId: null,
      target: 'настройки приложения',
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, saved[key]])),
    });
    return saved;
  });
}

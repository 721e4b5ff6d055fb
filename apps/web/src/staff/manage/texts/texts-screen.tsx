import { type FormEvent, useState } from 'react';
import {
  CHAIN_PAGE_SLUGS,
  EDITABLE_SETTING_KEYS,
  MAX_PAGE_BODY_LENGTH,
  MAX_PAGE_TITLE_LENGTH,
  SETTING_LABELS,
  SETTING_SWITCHES,
  SETTINGS_APP_NAME_MAX_LENGTH,
  SETTINGS_PHONE_MAX_LENGTH,
  SETTINGS_TEXT_MAX_LENGTH,
  SETTINGS_URL_MAX_LENGTH,
  type EditableSettingKey,
  staffPagesCall,
  type StaffPage,
  staffSavePageCall,
  staffSaveSettingsCall,
  staffSettingsCall,
  type StaffSettings,
} from '@chain/contract';
import { PageText } from '../../../ui/page-text';
import { staffCall } from '../../api';
import { NotLoaded } from '../../staff-error';
import { useStaffData } from '../../use-staff-data';
import type { ManageScreenProps } from '../areas';
import { CheckboxField, SaveBar, StaleNotice, TextField } from '../fields';
import { useVersionedForm } from '../versioned-form';

/** The pages the guest app links to, in the order the screen offers them. */
const PAGE_NAMES: Record<string, string> = {
  [CHAIN_PAGE_SLUGS.about]: 'О сети',
  [CHAIN_PAGE_SLUGS.delivery]: 'Условия доставки',
  [CHAIN_PAGE_SLUGS.offer]: 'Оферта',
};
const PAGE_LABELS = { title: 'Заголовок', body: 'Текст' } as const;

const isSwitch = (key: EditableSettingKey): key is (typeof SETTING_SWITCHES)[number] =>
  (SETTING_SWITCHES as readonly string[]).includes(key);
const TEXT_LIMITS: Partial<Record<EditableSettingKey, number>> = {
  hotline: SETTINGS_PHONE_MAX_LENGTH,
  app_store_url: SETTINGS_URL_MAX_LENGTH,
  google_play_url: SETTINGS_URL_MAX_LENGTH,
  app_name: SETTINGS_APP_NAME_MAX_LENGTH,
};
const SHORT = new Set<EditableSettingKey>(['hotline', 'app_store_url', 'google_play_url', 'app_name']);

/** One page: its title and text, and beside them the text as the guest's page shows it. */
function PageForm({ page, onSaved }: { page: StaffPage; onSaved: (saved: StaffPage) => void }) {
  const [savedOnce, setSavedOnce] = useState(false);
  const form = useVersionedForm<StaffPage>(
    page,
    (draft) =>
      staffCall(
        staffSavePageCall,
        { title: draft.title, body: draft.body, version: draft.version },
        { params: { slug: draft.slug } },
      ),
    (saved) => {
      setSavedOnce(true);
      onSaved(saved);
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };
  return (
    <form className="texts-page" onSubmit={submit} aria-label={`Страница «${PAGE_NAMES[page.slug] ?? page.title}»`}>
      {form.stale ? <StaleNotice stale={form.stale} labels={PAGE_LABELS} onTake={form.takeCurrent} /> : null}
      <div className="texts-page__columns">
        <div>
          <TextField
            label="Заголовок"
            value={form.draft.title}
            maxLength={MAX_PAGE_TITLE_LENGTH}
            onChange={(value) => form.set('title', value)}
          />
          <TextField
            label="Текст"
            multiline
            hint="Абзацы — через пустую строку; «## » в начале строки — заголовок, «- » — пункт списка. HTML не нужен."
            value={form.draft.body}
            maxLength={MAX_PAGE_BODY_LENGTH}
            onChange={(value) => form.set('body', value)}
          />
        </div>
        <section className="texts-preview" aria-label="Так увидят гости" tabIndex={0}>
          <p className="texts-preview__label">Так увидят гости</p>
          <h2 className="texts-preview__title">{form.draft.title}</h2>
          <PageText body={form.draft.body} level={3} />
        </section>
      </div>
      <SaveBar form={form} savedOnce={savedOnce} />
    </form>
  );
}

/** The settings the app reads: the hotline, links, name, texts and switches. */
function SettingsForm({ settings }: { settings: StaffSettings }) {
  const [savedOnce, setSavedOnce] = useState(false);
  const form = useVersionedForm<StaffSettings>(
    settings,
    (draft) => staffCall(staffSaveSettingsCall, draft),
    () => setSavedOnce(true),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit();
  };
  return (
    <form className="staff-card texts-settings" onSubmit={submit} aria-labelledby="texts-settings-title">
      <h2 id="texts-settings-title">Настройки приложения</h2>
      {form.stale ? <StaleNotice stale={form.stale} labels={SETTING_LABELS} onTake={form.takeCurrent} /> : null}
      <div className="texts-settings__short">
        {EDITABLE_SETTING_KEYS.filter((key) => SHORT.has(key)).map((key) => (
          <TextField
            key={key}
            label={SETTING_LABELS[key]}
            value={String(form.draft[key])}
            maxLength={TEXT_LIMITS[key]}
            onChange={(value) => form.set(key, value)}
          />
        ))}
      </div>
      {EDITABLE_SETTING_KEYS.filter((key) => !SHORT.has(key) && !isSwitch(key)).map((key) => (
        <TextField
          key={key}
          label={SETTING_LABELS[key]}
          multiline
          value={String(form.draft[key])}
          maxLength={SETTINGS_TEXT_MAX_LENGTH}
          onChange={(value) => form.set(key, value)}
        />
      ))}
      <fieldset className="coupon-form__set">
        <legend>Что предлагает приложение</legend>
        {SETTING_SWITCHES.map((key) => (
          <CheckboxField
            key={key}
            label={SETTING_LABELS[key]}
            checked={form.draft[key]}
            onChange={(checked) => form.set(key, checked)}
          />
        ))}
      </fieldset>
      <SaveBar form={form} savedOnce={savedOnce} />
    </form>
  );
}

/** The chain's texts and settings (issue 31): the about, delivery and offer pages with a preview, and the app's settings. */
export default function TextsScreen(_props: ManageScreenProps) {
  const pages = useStaffData(() => staffCall(staffPagesCall), 'pages');
  const settings = useStaffData(() => staffCall(staffSettingsCall), 'settings');
  const [slug, setSlug] = useState<string>(CHAIN_PAGE_SLUGS.about);
  const known = pages.data?.pages.filter((page) => page.slug in PAGE_NAMES) ?? [];
  const chosen = known.find((page) => page.slug === slug) ?? known[0];
  return (
    <section className="texts-screen" aria-labelledby="texts-title">
      <h1 id="texts-title">Тексты и настройки</h1>
      <section className="staff-card" aria-labelledby="texts-pages-title">
        <h2 id="texts-pages-title">Страницы</h2>
        {!pages.data ? (
          <NotLoaded error={pages.error} loading="Загружаем страницы…" onRetry={pages.reload} />
        ) : (
          <>
            <div className="texts-tabs" role="group" aria-label="Страница">
              {known.map((page) => (
                <button
                  key={page.slug}
                  type="button"
                  className={
                    page.slug === chosen?.slug
                      ? 'staff-button staff-button--primary'
                      : 'staff-button staff-button--secondary'
                  }
                  aria-pressed={page.slug === chosen?.slug}
                  onClick={() => setSlug(page.slug)}
                >
                  {PAGE_NAMES[page.slug]}
                </button>
              ))}
            </div>
            {chosen ? (
              <PageForm
                key={chosen.slug}
                page={chosen}
                onSaved={(saved) =>
                  pages.set({
                    pages: (pages.data?.pages ?? []).map((page) => (page.slug === saved.slug ? saved : page)),
                  })
                }
              />
            ) : null}
          </>
        )}
      </section>
      {!settings.data ? (
        <NotLoaded error={settings.error} loading="Загружаем настройки…" onRetry={settings.reload} />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </section>
  );
}

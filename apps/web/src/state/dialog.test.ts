import { describe, expect, it } from 'vitest';
import { createAppStores } from './app-stores';
import { openDialog } from './dialog';
import { MemoryStorage } from './memory-storage.test-support';

function store() {
  return createAppStores(new MemoryStorage()).chromeStore;
}

describe('dialog helper (SPEC 8)', () => {
  it('queues an alert with title and message and resolves when it is acknowledged', async () => {
    const app = store();
    const closed = openDialog(app, { title: 'Внимание', message: 'Не заполнены поля Телефон или Сообщение!' });
    const [dialog] = app.getState().dialogItems;
    expect(dialog).toMatchObject({ title: 'Внимание', message: 'Не заполнены поля Телефон или Сообщение!' });
    expect(dialog?.items).toBeUndefined();
    app.getState().resolveDialog(dialog?.id ?? -1, null);
    await expect(closed).resolves.toBeUndefined();
    expect(app.getState().dialogItems).toEqual([]);
  });

  it('with items resolves to the chosen item', async () => {
    const app = store();
    const later = { label: 'Отсканировать позже', value: 'later' as const };
    const now = { label: 'Отсканировать сейчас', value: 'now' as const };
    const choice = openDialog(app, { title: 'Ресторан', items: [later, now] });
    const [dialog] = app.getState().dialogItems;
    app.getState().resolveDialog(dialog?.id ?? -1, 1);
    await expect(choice).resolves.toBe(now);
  });

  it('with items resolves to null when dismissed', async () => {
    const app = store();
    const choice = openDialog(app, { message: 'Удалить адрес?', items: [{ label: 'Да' }, { label: 'Нет' }] });
    const [dialog] = app.getState().dialogItems;
    app.getState().resolveDialog(dialog?.id ?? -1, null);
    await expect(choice).resolves.toBeNull();
  });

  it('shows dialogs one after another', () => {
    const app = store();
    void openDialog(app, { message: 'Первое' });
    void openDialog(app, { message: 'Второе' });
    const [first, second] = app.getState().dialogItems;
    app.getState().resolveDialog(first?.id ?? -1, null);
    expect(app.getState().dialogItems).toEqual([second]);
  });

  it('ignores a second answer to the same dialog', async () => {
    const app = store();
    let answers = 0;
    void openDialog(app, { message: 'Первое' }).then(() => (answers += 1));
    const [dialog] = app.getState().dialogItems;
    app.getState().resolveDialog(dialog?.id ?? -1, null);
    app.getState().resolveDialog(dialog?.id ?? -1, null);
    await Promise.resolve();
    expect(answers).toBe(1);
  });

  it('never keeps dialogs in storage', () => {
    const storage = new MemoryStorage();
    const stores = createAppStores(storage);
    void stores.statePersistence.hydrate();
    void openDialog(stores.chromeStore, { message: 'Первое' });
    stores.cartStore.getState().updateCheckout({ comment: 'запись' });
    expect(String(storage.values.get('chain-ordering:state'))).toContain('запись');
    expect(String(storage.values.get('chain-ordering:state'))).not.toContain('Первое');
  });
});

import type { ChromeStore, DialogChoice } from './chrome-store';

export interface AlertOptions {
  title?: string;
  message: string;
}

export interface ChoiceOptions<T extends DialogChoice> {
  title?: string;
  message?: string;
  items: readonly T[];
}

/**
 * SPEC 8 dialog helper. Without items: a plain alert (title and message on separate lines, OK)
 * that resolves when acknowledged. With items: resolves to the chosen item, or null when the
 * guest dismisses the dialog with Escape. Dialogs queue: the next one shows when one closes.
 */
export function openDialog(store: ChromeStore, options: AlertOptions): Promise<void>;
export function openDialog<T extends DialogChoice>(store: ChromeStore, options: ChoiceOptions<T>): Promise<T | null>;
export function openDialog<T extends DialogChoice>(
  store: ChromeStore,
  options: AlertOptions | ChoiceOptions<T>,
): Promise<T | null | void> {
  return new Promise((resolve) => {
    const items = 'items' in options && options.items.length > 0 ? options.items : undefined;
    store.getState().enqueueDialog({
      title: options.title,
      message: options.message,
      items,
      resolve: (choiceIndex) => {
        if (!items) resolve();
        else resolve(choiceIndex === null ? null : (items[choiceIndex] ?? null));
      },
    });
  });
}

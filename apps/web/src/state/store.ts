import { useStore } from 'zustand';
import { createAppStore, type AppState, type DialogChoice } from './app-store';
import { type AlertOptions, type ChoiceOptions, openDialog } from './dialog';
import { safeStorage } from './safe-storage';

/** The one store of the running app, kept in localStorage (SPEC 3). */
export const appStore = createAppStore(safeStorage(() => globalThis.localStorage));

export function useAppState<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector);
}

/** SPEC 8 dialog helper: an alert, or a choice resolving to the chosen item (null if dismissed). */
export function showDialog(options: AlertOptions): Promise<void>;
export function showDialog<T extends DialogChoice>(options: ChoiceOptions<T>): Promise<T | null>;
export function showDialog<T extends DialogChoice>(options: AlertOptions | ChoiceOptions<T>): Promise<T | null | void> {
  return 'items' in options ? openDialog(appStore, options) : openDialog(appStore, options);
}

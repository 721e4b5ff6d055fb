import { createStore } from 'zustand/vanilla';

/*
 * The app's chrome for this visit only, never stored: the side drawer, the dialogs (SPEC 8
 * dialog helper), the options sheet, and whether dishes are loaded (the drawer shows Любимое only
 * then, SPEC 2 Side drawer).
 */

/** A choice offered by a dialog (SPEC 8 dialog helper). */
export interface DialogChoice {
  readonly label: string;
  readonly variant?: 'primary' | 'secondary' | 'ghost';
}

/** An open or queued dialog; the first one is shown. */
export interface DialogRequest {
  readonly id: number;
  readonly title?: string | undefined;
  readonly message?: string | undefined;
  readonly items?: readonly DialogChoice[] | undefined;
  /** The index of the chosen item, or null (acknowledged alert, dismissed choice). */
  readonly resolve: (choiceIndex: number | null) => void;
}

export interface ChromeFields {
  showDrawer: boolean;
  dialogItems: DialogRequest[];
  /** The dish whose options sheet is open. */
  specModal: string | null;
  dishesLoaded: boolean;
}

export interface ChromeActions {
  setShowDrawer: (open: boolean) => void;
  setSpecModal: (dishId: string | null) => void;
  setDishesLoaded: (loaded: boolean) => void;
  enqueueDialog: (request: Omit<DialogRequest, 'id'>) => number;
  /** Closes the dialog with this id and reports the choice; a second call does nothing. */
  resolveDialog: (id: number, choiceIndex: number | null) => void;
  /**
   * SPEC 4 Kiosk idle: closes the drawer, the options sheet and every dialog, and returns the
   * dialogs it closed, for the caller to answer (with null) once the rest of the state is clean.
   */
  closeAll: () => DialogRequest[];
}

export type ChromeState = ChromeFields & ChromeActions;

export const INITIAL_CHROME: ChromeFields = {
  showDrawer: false,
  dialogItems: [],
  specModal: null,
  dishesLoaded: false,
};

export function createChromeStore() {
  let lastDialogId = 0;
  return createStore<ChromeState>()((set, get) => ({
    ...INITIAL_CHROME,
    setShowDrawer: (showDrawer) => set({ showDrawer }),
    setSpecModal: (specModal) => set({ specModal }),
    setDishesLoaded: (dishesLoaded) => set({ dishesLoaded }),
    enqueueDialog: (request) => {
      lastDialogId += 1;
      const dialog: DialogRequest = { ...request, id: lastDialogId };
      set((state) => ({ dialogItems: [...state.dialogItems, dialog] }));
      return dialog.id;
    },
    resolveDialog: (dialogId, choiceIndex) => {
      const dialog = get().dialogItems.find((item) => item.id === dialogId);
      if (!dialog) return;
      set((state) => ({ dialogItems: state.dialogItems.filter((item) => item.id !== dialogId) }));
      dialog.resolve(choiceIndex);
    },
    closeAll: () => {
      const open = get().dialogItems;
      set({ dialogItems: [], specModal: null, showDrawer: false });
      return open;
    },
  }));
}

export type ChromeStore = ReturnType<typeof createChromeStore>;

import { createContext, useContext } from 'react';

/** The chain's identity from settings (docs/design.md: never from code). */
export interface ShellBrand {
  readonly name: string;
  readonly logo: string;
}

/**
 * What the screens' top bar needs from the application around it. The design system declares
 * it and the app provides it, so src/ui depends on nothing above it (docs/architecture.md: ui ← app).
 */
export interface Shell {
  /** null while settings load (`brandLoading`) or when they could not be loaded. */
  readonly brand: ShellBrand | null;
  readonly brandLoading: boolean;
  readonly drawerOpen: boolean;
  readonly openDrawer: () => void;
  /** One step back in the app's history; home when the app was opened on this screen. */
  readonly goBack: () => void;
  /** True when a screen mounts after an in-app navigation: its title should take focus. */
  readonly shouldFocusTitle: () => boolean;
  /**
   * Kiosk mode: what holding the top bar's logo for `ms` (KIOSK_EXIT_HOLD_MS) does (staff asked
   * for the exit code, issue 14); null elsewhere, where the logo is only a link home. The shell
   * hands the duration over with it, so the top bar imports no rule.
   */
  readonly onLogoHold: { readonly ms: number; readonly hold: () => void } | null;
}

const STANDALONE_SHELL: Shell = {
  brand: null,
  brandLoading: false,
  drawerOpen: false,
  openDrawer: () => undefined,
  goBack: () => history.back(),
  shouldFocusTitle: () => false,
  onLogoHold: null,
};

export const ShellContext = createContext<Shell>(STANDALONE_SHELL);

export function useShell(): Shell {
  return useContext(ShellContext);
}

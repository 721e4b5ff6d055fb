import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Router, useLocation } from 'wouter';
import { KIOSK_EXIT_HOLD_MS } from '@chain/domain';
import { useQuery } from '../api/query-cache';
import { settingsQuery } from '../api/settings';
import { chromeStore, useChromeState, useKioskState } from '../state/store';
import { ShellContext, type Shell } from '../ui/shell-context';
import { drawInWebFont } from '../ui/web-font';
import { applyBrand } from './brand';
import { DialogHost } from './dialog-host';
import { GuardedRoutes } from './guarded-routes';
import { goBack, shouldFocusTitle, trackInAppNavigation } from './in-app-history';
import { kioskScreen } from './kiosk-screen';
import { OfflineNotice } from './offline-notice';
import { UpdatePrompt } from './update-prompt';

const openDrawer = () => chromeStore.getState().setShowDrawer(true);

// The drawer is not needed to show the first screen: it loads while the browser is idle once the
// page has loaded (so it opens at once, offline too), or on the first tap if that comes sooner.
const loadDrawer = () => import('./drawer');
const Drawer = lazy(loadDrawer);

// Kiosk-only parts (issue 14): a phone never loads them, so they stay out of the entry chunk.
const KioskIdle = lazy(() => import('./kiosk-idle'));
const KioskAccessibility = lazy(() => import('./kiosk-accessibility'));
const KioskExitSheet = lazy(() => import('../features/kiosk/kiosk-exit-sheet'));

/** The kiosk's own layer (issue 14): the accessibility mode's button and the idle overlay. */
function KioskLayer() {
  const [path] = useLocation();
  const screen = kioskScreen(path);
  return (
    <Suspense fallback={null}>
      <KioskAccessibility screen={screen} />
      <KioskIdle screen={screen} />
    </Suspense>
  );
}

/**
 * The task once the page has loaded and the browser is idle: what is not needed for the first
 * screen must not take the network from it on a slow connection (issue 18).
 */
function whenIdleAfterLoad(task: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(task, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = setTimeout(task, 1500);
      cancel = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}

/**
 * The shell: brand and kiosk classes on the root, the top bar's context, routes, drawer, dialogs,
 * and in kiosk mode the idle overlay and the accessibility mode's button.
 */
export function App() {
  const settings = useQuery(settingsQuery);
  const kiosk = useKioskState((state) => state.kiosk);
  const drawerOpen = useChromeState((state) => state.showDrawer);
  const readySettings = settings.status === 'ready' ? settings.data : null;

  const [drawerMounted, setDrawerMounted] = useState(false);
  if (drawerOpen && !drawerMounted) setDrawerMounted(true);
  // Issue 14: in kiosk mode, holding the top bar's logo asks staff for the code that leaves it.
  const [staffExit, setStaffExit] = useState(false);
  if (!kiosk && staffExit) setStaffExit(false);

  useEffect(() => trackInAppNavigation(), []);
  useEffect(() => whenIdleAfterLoad(() => void loadDrawer().catch(() => undefined)), []);

  useEffect(() => {
    // docs/design.md Kiosk: a `kiosk` class on the root scales type ×1.5 and targets to 64 px.
    document.documentElement.classList.toggle('kiosk', kiosk);
    // A kiosk runs all day on the hall's network: Inter from the moment kiosk mode is on (web-font.ts).
    if (kiosk) drawInWebFont();
  }, [kiosk]);

  useEffect(() => {
    if (readySettings) applyBrand(readySettings.brand_color);
  }, [readySettings]);

  const shell = useMemo<Shell>(
    () => ({
      brand: readySettings ? { name: readySettings.app_name, logo: readySettings.logo } : null,
      brandLoading: settings.status === 'loading',
      drawerOpen,
      openDrawer,
      goBack,
      shouldFocusTitle,
      onLogoHold: kiosk ? { ms: KIOSK_EXIT_HOLD_MS, hold: () => setStaffExit(true) } : null,
    }),
    [readySettings, settings.status, drawerOpen, kiosk],
  );

  return (
    <Router>
      <ShellContext value={shell}>
        {/* First in the page: above the screen's top bar, never over it. */}
        <OfflineNotice kiosk={kiosk} />
        {/* A kiosk takes a new version by itself when no guest is there (kiosk-idle.tsx). */}
        {kiosk ? null : <UpdatePrompt />}
        <GuardedRoutes />
        {drawerMounted ? (
          <Suspense fallback={null}>
            <Drawer settings={readySettings} />
          </Suspense>
        ) : null}
        <DialogHost />
        {kiosk ? <KioskLayer /> : null}
        {kiosk && staffExit ? (
          <Suspense fallback={null}>
            <KioskExitSheet onClose={() => setStaffExit(false)} />
          </Suspense>
        ) : null}
      </ShellContext>
    </Router>
  );
}

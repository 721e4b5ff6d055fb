import { Suspense, useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { APP_ROUTES, type AppRouteName } from '@chain/contract';
import { statePersistence, useGuestState, useKioskState } from '../state/store';
import { guardNavigation } from './navigation-guard';
import { RouteErrorBoundary } from './route-error-boundary';
import { NotFoundPage, ROUTE_PAGES } from './routes';
import { ScreenSkeleton } from './screen-skeleton';

const ROUTE_NAMES = Object.keys(APP_ROUTES) as AppRouteName[];

const subscribeHydration = (listener: () => void) => statePersistence.onFinishHydration(listener);
const hasHydrated = () => statePersistence.hasHydrated();

/**
 * SPEC 2's routes behind SPEC 2's navigation guard. The guard is asked on every location change;
 * its redirect replaces the current history entry, and a screen
 * only renders once the guard lets its location through. Until the stored state is loaded
 * (once, see load-state.ts) nothing is decided.
 */
export function GuardedRoutes() {
  const [path, navigate] = useLocation();
  const historyState = useHistoryState<unknown>();
  const search = useSearch();
  const authorized = useGuestState((state) => state.user.authorized);
  const kiosk = useKioskState((state) => state.kiosk);
  const hydrated = useSyncExternalStore(subscribeHydration, hasHydrated, hasHydrated);

  const decision = useMemo(() => {
    if (!hydrated) return null;
    // '/cart/' is '/cart': one spelling per screen, keeping what travels in history state.
    if (path.length > 1 && path.endsWith('/')) {
      return { redirect: `${path.replace(/\/+$/, '')}${window.location.search}`, keepState: true };
    }
    return guardNavigation({ path, state: historyState, search }, { authorized, kiosk });
  }, [hydrated, path, historyState, search, authorized, kiosk]);

  useLayoutEffect(() => {
    if (!decision) return;
    if (decision.redirect !== undefined) {
      const keepState = 'keepState' in decision && decision.keepState;
      navigate(decision.redirect, { replace: true, state: keepState ? historyState : null });
    }
  }, [decision, navigate, historyState]);

  if (!decision || decision.redirect !== undefined) return <ScreenSkeleton />;

  return (
    <RouteErrorBoundary resetKey={path}>
      <Suspense fallback={<ScreenSkeleton />}>
        <Switch>
          {ROUTE_NAMES.map((name) => (
            <Route key={name} path={APP_ROUTES[name]} component={ROUTE_PAGES[name]} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}

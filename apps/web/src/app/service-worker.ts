import { useSyncExternalStore } from 'react';

/*
 * The service worker (issue 18, decision 031; /sw.js, written by the build): registered after the
 * page has loaded, checked for a new version every 30 minutes and whenever the page comes back
 * into view. A new version waits until the guest taps «Обновить» (never in the middle of paying),
 * then takes over and the page reloads once. A kiosk, where nobody is there to tap it, takes it by
 * itself on Home once no guest is at it (kiosk-idle.tsx).
 */

let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();
const CHECK_EVERY_MS = 30 * 60 * 1000;

/** A new version waits: `apply` takes it (the page then reloads once). */
export function offerUpdate(apply: () => void): void {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

function offer(worker: ServiceWorker): void {
  offerUpdate(() => worker.postMessage('skip-waiting'));
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const start = () => {
    navigator.serviceWorker.register('/sw.js').then(
      (registration: ServiceWorkerRegistration | undefined) => {
        // A browser that blocks service workers (an enterprise policy, a test) registers nothing.
        if (!registration) return;
        if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            // A first install has no page to update: only a new version over a controlling one is offered.
            if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
          });
        });
        const check = () => void registration.update().catch(() => undefined);
        setInterval(check, CHECK_EVERY_MS);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') check();
        });
      },
      () => undefined,
    );
    let reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      // Only after the guest asked: the first install's claim changes nothing on screen.
      if (reloading || applyUpdate === null) return;
      reloading = true;
      window.location.reload();
    });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** The way to take a waiting new version, or null while there is none. */
export function useUpdate(): (() => void) | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => applyUpdate,
    () => null,
  );
}

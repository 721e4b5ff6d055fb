import './ui/fonts.css';
import './ui/tokens.css';
import './ui/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { settingsQuery } from './api/settings';
import { App } from './app/app';
import { loadStateOnce } from './app/load-state';
import { rememberTableLink } from './api/table-link';
import { registerServiceWorker } from './app/service-worker';
import { statePersistence } from './state/store';
import { drawInWebFont, webFontAtHand } from './ui/web-font';

// A table's printed QR link (`/?table=…`): kept before the guard may send the guest to /auth.
rememberTableLink(window.location, window.sessionStorage, window.history);

// Issue 18: Inter from the first frame only where its files are at hand (web-font.ts).
if (webFontAtHand({ controlledByWorker: Boolean(navigator.serviceWorker?.controller), dev: import.meta.env.DEV }))
  drawInWebFont();

// Issue 18: the service worker, once the page has loaded (the shell offline, updates offered).
registerServiceWorker();

// Settings and stored state are needed by the first screen: start both before React renders.
settingsQuery.ensure();
void loadStateOnce(statePersistence);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

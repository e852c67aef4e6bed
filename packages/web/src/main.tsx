import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { preferredLanguage, switchLanguage } from './i18n/index.ts';
import { isBoardPath } from './lib/core.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The catalogue of the visitor's language comes first: no text is shown in the other one.
void switchLanguage(preferredLanguage()).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Offline use (offline/offline.ts: the service worker and its banner), once the page has loaded;
// every byte here counts in the first load's 80 KB, so the module checks for worker support.
// Not on the departure board (issue 42): a screen that says itself how old its departures are,
// and must not be reloaded by the banner when the network comes back.
if (import.meta.env.PROD && !isBoardPath(location.pathname))
  addEventListener('load', () => import('./lazy-pages.ts').then((p) => p.offline()));

import { offlineEn } from '../i18n/offline-en.ts';
import { offlineLt } from '../i18n/offline-lt.ts';
import stylesheet from './offline.css?url';
import { shownAsOf } from './shown-as-of.ts';
import { oldestShown, type ToPage, type ToWorker, worthKeeping } from './sw-rules.ts';

/**
 * Offline use (issue 15), loaded after the page (main.tsx), never on the first load's path:
 * registers the service worker (/sw.js, rules in sw-rules.ts), hands it what this page loaded
 * before the worker served it, and shows the banner while the page shows answers kept on this
 * device: "You are offline. Showing the timetable as of 14:05." Once the server answers the
 * worker again the page loads anew, so nothing kept stays on screen as if it were current.
 *
 * Plain DOM, no React: what main.tsx imports must add almost nothing to the first load (every
 * import from the app's chunk is one more export there). The language is the page's
 * (<html lang>, kept in step by i18n/index.ts), so the LT / EN switch words the banner too.
 */

let banner: HTMLElement | null = null;
/**
 * The banner's sentence and button, made once: only their text changes, and only when it
 * differs (a screen reader reads the live region again when its nodes are replaced).
 */
let sentence: Text | null = null;
let retry: HTMLButtonElement | null = null;
/** When the oldest kept answer on the page was fetched (the banner names it). */
let fetchedAt: number | undefined;

function render(): void {
  if (sentence === null || retry === null || fetchedAt === undefined) return;
  const m = document.documentElement.lang === 'lt' ? offlineLt : offlineEn;
  const text = m.shownAsOf(shownAsOf(fetchedAt, Date.now(), m.locale));
  if (sentence.data !== text) sentence.data = text;
  if (retry.textContent !== m.retry) retry.textContent = m.retry;
}

/**
 * The live region (role=status), put on the page empty: its words come on the next frame, so
 * screen readers announce them (words inserted with the region itself often are not).
 */
function insertBanner(): void {
  const region = document.createElement('div');
  region.className = 'offline-banner';
  region.setAttribute('role', 'status');
  const p = document.createElement('p');
  const button = document.createElement('button');
  button.type = 'button';
  button.addEventListener('click', () => location.reload());
  document.body.prepend(region);
  banner = region;
  requestAnimationFrame(() => {
    sentence = document.createTextNode('');
    p.append(sentence);
    retry = button;
    region.append(p, button);
    render();
  });
}

/** How often the worker is asked whether the server answers again, while the banner shows. */
const PROBE_EVERY_MS = 5000;

function show(worker: ServiceWorkerContainer, message: ToPage): void {
  if (message.type === 'online') {
    // The server answers again, but the answers on the page are still the kept ones: loaded
    // anew, the page shows the current timetable and no banner.
    if (banner !== null) location.reload();
    return;
  }
  fetchedAt = oldestShown(fetchedAt, message.fetchedAt);
  if (banner === null) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheet;
    document.head.append(link);
    insertBanner();
    new MutationObserver(render).observe(document.documentElement, { attributeFilter: ['lang'] });
    // Asked through the worker, which fetches the answers: the page's 'online' event may come
    // before the network really answers (a captive portal, a weak signal), or not at all.
    const probe = () => {
      if (navigator.onLine) worker.controller?.postMessage({ type: 'probe' } satisfies ToWorker);
    };
    addEventListener('online', probe);
    setInterval(probe, PROBE_EVERY_MS);
  }
  render();
}

function start(worker: ServiceWorkerContainer): void {
  // Whether this page came without the worker (the first visit, or the worker was updated).
  const uncontrolled = worker.controller === null;
  worker.addEventListener('message', (event: MessageEvent<ToPage>) => show(worker, event.data));
  // What the worker said before this module listened (the answers of the first render).
  worker.controller?.postMessage({ type: 'status' } satisfies ToWorker);
  worker
    .register('/sw.js')
    .then(() => worker.ready)
    .then((registration) => {
      // What the page loaded without the worker (workerStart 0): before the worker controlled
      // it, or already on its way then (the first answers may still be). Later loads pass the
      // worker, which keeps them itself (the page's HTML too: kept by the worker only when the
      // page did not pass it).
      let page = uncontrolled;
      // The banner's stylesheet is first needed with no network: named in this page's first
      // message, whether or not the worker served the page (a visitor may have gone on to the
      // next page before the worker was ready on the first one). The worker fetches it only
      // when it has not kept it yet.
      let first = true;
      const keep = (entries: PerformanceEntryList) => {
        const urls = (entries as PerformanceResourceTiming[])
          .filter((entry) => entry.workerStart === 0)
          .map((entry) => entry.name);
        if (first) urls.push(new URL(stylesheet, location.href).href);
        const message: ToWorker = { type: 'keep', urls: worthKeeping(urls, location.origin), page };
        if (message.urls.length > 0 || page) registration.active?.postMessage(message);
        page = false;
        first = false;
      };
      new PerformanceObserver((list) => keep(list.getEntries())).observe({
        type: 'resource',
        buffered: true,
      });
    })
    .catch(() => {
      // No worker (a private window, storage off): the site works as before, online only.
    });
}

const worker = navigator.serviceWorker as ServiceWorkerContainer | undefined;
if (worker !== undefined) start(worker);

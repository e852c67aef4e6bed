/// <reference lib="webworker" />
import {
  CACHE_LIMITS,
  CACHE_NAMES,
  CACHE_PREFIX,
  cacheKey,
  FETCHED_AT_HEADER,
  fetchedAtOf,
  isAbort,
  oldestShown,
  overflow,
  PROBE_URL,
  type RequestKind,
  requestKind,
  type ToPage,
  type ToWorker,
  worthKeeping,
} from '../src/offline/sw-rules.ts';

/**
 * The service worker, served as /sw.js (built by the sw plugin in vite.config.ts, sent with
 * no-cache so a new version is found at once). The rules are in src/offline/sw-rules.ts: the
 * shell and the files this device loaded are kept, and the public timetable answers are
 * always asked of the network first; only when it fails is the kept answer given, and the page
 * is told when that answer was fetched (src/offline/offline.tsx shows the banner).
 */
declare const self: ServiceWorkerGlobalScope;

const KEPT_CACHES: ReadonlySet<string> = new Set(Object.values(CACHE_NAMES));

self.addEventListener('install', (event) => {
  // Nothing is fetched ahead: the page tells what it loaded ('keep'). A new version takes over
  // at once (its rules do not depend on which build's files are kept).
  event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith(CACHE_PREFIX) && !KEPT_CACHES.has(name)) await caches.delete(name);
      // The page that registered the worker is served by it from now on (its later answers are kept).
      await self.clients.claim();
    })(),
  );
});

/**
 * When the oldest kept answer each page was given instead of the network's was fetched (by client
 * id): the banner names the oldest on screen.
 */
const offlineClients = new Map<string, number>();

async function tell(clientId: string, message: ToPage): Promise<void> {
  let told = message;
  if (message.type === 'offline') {
    const fetchedAt = oldestShown(offlineClients.get(clientId), message.fetchedAt);
    offlineClients.set(clientId, fetchedAt);
    told = { type: 'offline', fetchedAt };
  } else if (!offlineClients.delete(clientId)) return;
  const client = clientId === '' ? undefined : await self.clients.get(clientId);
  client?.postMessage(told);
}

async function keep(cacheName: string, key: string, response: Response): Promise<void> {
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  const limit = CACHE_LIMITS[cacheName];
  if (limit !== undefined) for (const old of overflow(await cache.keys(), limit)) await cache.delete(old);
}

/**
 * A copy of an answer that says when it was fetched (its body decoded, as fetch gives it): the
 * server's Date, the clock the answer's "today" was read from, else this device's clock.
 */
async function stamped(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  const served = Date.parse(response.headers.get('date') ?? '');
  headers.set(FETCHED_AT_HEADER, String(Number.isNaN(served) ? Date.now() : served));
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Fetches and keeps what is worth keeping; the network's answer goes back as it came. */
async function fetchAndKeep(kind: RequestKind, request: Request | string): Promise<Response> {
  const response = await fetch(request);
  const url = typeof request === 'string' ? request : request.url;
  const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
  // Only whole, good answers: a 404 page, an error or a redirect is never what offline shows.
  if (response.status === 200 && response.type === 'basic' && (kind !== 'page' || isHtml)) {
    const copy = kind === 'answer' ? await stamped(response.clone()) : response.clone();
    await keep(CACHE_NAMES[kind], cacheKey(kind, url), copy).catch(() => {
      // A full disk or a private window: the page still gets the answer.
    });
  }
  return response;
}

async function fromCache(kind: RequestKind, url: string): Promise<Response | undefined> {
  return (await caches.open(CACHE_NAMES[kind])).match(cacheKey(kind, url));
}

async function networkFirst(kind: RequestKind, event: FetchEvent): Promise<Response> {
  try {
    const response = await fetchAndKeep(kind, event.request);
    if (kind === 'answer') void tell(event.clientId, { type: 'online' });
    return response;
  } catch (error) {
    // Called off by the page (its input changed): no network failure, nothing to tell it.
    if (isAbort(error, event.request.signal.aborted)) throw error;
    const kept = await fromCache(kind, event.request.url);
    // Nothing kept: the page fails as it would without a worker (it says so in words).
    if (kept === undefined) throw error;
    if (kind === 'answer') {
      const fetchedAt = fetchedAtOf(kept.headers.get(FETCHED_AT_HEADER));
      if (fetchedAt !== null) event.waitUntil(tell(event.clientId, { type: 'offline', fetchedAt }));
    }
    return kept;
  }
}

async function cacheFirst(event: FetchEvent): Promise<Response> {
  return (await fromCache('asset', event.request.url)) ?? fetchAndKeep('asset', event.request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const kind = requestKind(
    {
      method: request.method,
      url: request.url,
      mode: request.mode,
      authorized: request.headers.has('authorization'),
    },
    self.location.origin,
  );
  if (kind === null) return;
  event.respondWith(kind === 'asset' ? cacheFirst(event) : networkFirst(kind, event));
});

self.addEventListener('message', (event) => {
  const message = event.data as ToWorker;
  const source = event.source;
  if (!(source instanceof Client)) return;
  if (message.type === 'probe') {
    // Asked by the worker, as the page's answers are: the page's own network may be back
    // before the worker's (a reload then would show the kept answers again).
    event.waitUntil(
      fetch(PROBE_URL, { cache: 'no-store' }).then(
        (response) => {
          if (response.ok) source.postMessage({ type: 'online' } satisfies ToPage);
        },
        () => {
          // Still unreachable: the page asks again later.
        },
      ),
    );
    return;
  }
  if (message.type === 'status') {
    const fetchedAt = offlineClients.get(source.id);
    if (fetchedAt !== undefined) source.postMessage({ type: 'offline', fetchedAt } satisfies ToPage);
    return;
  }
  if (message.type === 'keep') {
    // What the page loaded before this worker served it: asked again (the browser's HTTP
    // cache answers, or revalidates the no-cache answers with their ETag) and kept.
    const origin = self.location.origin;
    const urls = worthKeeping(message.urls, origin);
    event.waitUntil(
      Promise.all([
        message.page ? fetchAndKeep('page', new Request(source.url, { credentials: 'same-origin' })) : null,
        ...urls.map(async (url) => {
          const kind = requestKind({ method: 'GET', url, mode: 'cors', authorized: false }, origin);
          if (kind !== null && (kind !== 'asset' || (await fromCache(kind, url)) === undefined))
            await fetchAndKeep(kind, url);
        }),
      ]).catch(() => {
        // The network went away meanwhile: kept next time.
      }),
    );
  }
});

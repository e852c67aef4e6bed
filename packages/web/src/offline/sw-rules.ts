/**
 * What the service worker (packages/web/sw/sw.ts) does with a request, as plain functions the
 * unit tests read without a worker. Shared by the worker and the page's registration code.
 *
 * - 'page': a navigation to one of the app's pages: the network first (the server's HTML names
 *   this build's files and is asked again each time, no-cache); with no network, the last page
 *   HTML kept (the app routes itself, whatever address it was kept under).
 * - 'asset': a hashed file under /assets/ (immutable): the kept copy first, else the network,
 *   kept then. Only what this device loaded is kept, not the whole build.
 * - 'answer': a public timetable answer (`/trpc/timetable.x?input=...`, the GETs of
 *   src/lib/public-api.ts): the network first, always, so an answer shown online is the
 *   server's current one; kept with the time it was fetched, and given from the cache only
 *   when the network fails, with the page told so (the offline banner names that time).
 * - 'file': the icons and the manifest (fixed names): the network first, the kept copy offline.
 * Anything else (admin calls, POSTs, other sites, the GTFS feed, sitemaps) is left alone.
 */
export type RequestKind = 'page' | 'asset' | 'answer' | 'file';

export interface RequestFacts {
  method: string;
  /** The absolute URL. */
  url: string;
  /** Request.mode: 'navigate' for a page load. */
  mode: string;
  /** Whether it carries an Authorization header (a signed-in call is never kept). */
  authorized: boolean;
}

/** The caches, one per kind of content; a new name for a changed layout (old ones are dropped). */
export const CACHE_NAMES = {
  page: 'bus-page-v1',
  asset: 'bus-asset-v1',
  answer: 'bus-answer-v1',
  file: 'bus-page-v1',
} as const satisfies Record<RequestKind, string>;
export const CACHE_PREFIX = 'bus-';

/** How many entries each cache keeps (the oldest go first): a few builds' files, a week of looking up. */
export const CACHE_LIMITS: Record<string, number> = {
  [CACHE_NAMES.page]: 20,
  [CACHE_NAMES.asset]: 120,
  [CACHE_NAMES.answer]: 80,
};

/** The one page kept: the app's HTML, whichever address it came from. */
export const PAGE_KEY = '/';

/** Header added to a kept answer: when it was fetched (ms since 1970). */
export const FETCHED_AT_HEADER = 'x-fetched-at';

/** The public files with fixed names (packages/web/public) an installed app shows offline. */
export const APP_FILES: ReadonlySet<string> = new Set([
  '/site.webmanifest',
  '/favicon.svg',
  '/favicon.ico',
  '/icon-192.png',
  '/icon-512.png',
  '/icon-maskable-512.png',
  '/apple-touch-icon.png',
]);

/** One public query, no batch: `/trpc/timetable.departures` (a comma would name several). */
const ANSWER_PATH = /^\/trpc\/timetable\.[A-Za-z]+$/;
/**
 * Paths served by the server itself, never the app's HTML. The stop widget (/embed/, issue 42)
 * is a page of its own, not the app: kept as the one page, it would stand in for the app offline.
 */
const NOT_A_PAGE = /^\/(?:api|trpc|healthz|embed)(?:\/|$)/;
/** A file name (the server answers a missing file with a plain 404, never the app). */
const FILE_NAME = /\.[a-z0-9]{1,8}$/i;

/** How the worker treats a request (see above); null: not at all (the browser fetches it). */
export function requestKind(request: RequestFacts, origin: string): RequestKind | null {
  if (request.method !== 'GET') return null;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (request.mode === 'navigate') return NOT_A_PAGE.test(path) || FILE_NAME.test(path) ? null : 'page';
  if (path.startsWith('/assets/')) return 'asset';
  if (ANSWER_PATH.test(path)) return request.authorized ? null : 'answer';
  return APP_FILES.has(path) ? 'file' : null;
}

/** The cache key of a request of that kind: the page under one key, the rest by address. */
export function cacheKey(kind: RequestKind, url: string): string {
  if (kind === 'page') return PAGE_KEY;
  const { pathname, search } = new URL(url);
  return kind === 'answer' ? `${pathname}${search}` : pathname;
}

/** The entries to drop so that at most `limit` stay: the oldest (the list is oldest first). */
export function overflow<T>(entries: readonly T[], limit: number): T[] {
  return entries.slice(0, Math.max(0, entries.length - limit));
}

/**
 * The fetch time a kept answer carries, or null when it has none or a malformed one (then it is
 * not shown as a time).
 */
export function fetchedAtOf(header: string | null): number | null {
  if (header === null || !/^\d{1,15}$/.test(header)) return null;
  return Number(header);
}

/**
 * Whether a failed fetch was called off by the page (usePublicQuery aborts the request in flight
 * when its input changes), not failed for want of a network: then the failure goes back to the
 * page as it is, never a kept answer nor an 'offline' message (a false banner, then a reload).
 */
export function isAbort(error: unknown, requestAborted: boolean): boolean {
  // A DOMException (an Error in browsers, checked by its name only, whatever its prototype).
  return (
    requestAborted ||
    (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError')
  );
}

/**
 * The fetch time the banner names when one more kept answer is shown: the oldest on the page
 * ("shown as of" must not claim the rest is newer than it is).
 */
export function oldestShown(previous: number | undefined, fetchedAt: number): number {
  return previous === undefined ? fetchedAt : Math.min(previous, fetchedAt);
}

/** Messages between the worker and the page. */
export type ToPage =
  /** An answer on this page came from the cache: the network failed. */
  | { type: 'offline'; fetchedAt: number }
  /** The network answers again (an answer of this page came from it, or a probe did). */
  | { type: 'online' };
export type ToWorker =
  /**
   * Keep these (what the page loaded without the worker: before it controlled the page, or
   * still on its way then), and the page itself when `page`.
   */
  | { type: 'keep'; urls: string[]; page: boolean }
  /** Which answers did you give this page from the cache? (answered with a ToPage). */
  | { type: 'status' }
  /** Can you reach the server? (answered with 'online' when it can, else not at all). */
  | { type: 'probe' };

/** What the worker asks when probing: cheap, never cached, never kept. */
export const PROBE_URL = '/healthz';

/** The addresses worth keeping among what a page has loaded (Resource Timing names). */
export function worthKeeping(urls: readonly string[], origin: string): string[] {
  const kept = new Set<string>();
  for (const url of urls) {
    const kind = requestKind({ method: 'GET', url, mode: 'cors', authorized: false }, origin);
    if (kind === 'asset' || kind === 'answer' || kind === 'file') kept.add(url);
  }
  return [...kept];
}

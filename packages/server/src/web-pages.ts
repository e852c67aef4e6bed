import { readFileSync } from 'node:fs';
import { isIsoDate } from '@bus/core';
import { getLineInfo, getStopsByIds, listLineInfos, type OpenedDatabase } from '@bus/db';
import { getTripSchedule } from './public-read/timetable.ts';

/**
 * The web app's pages as the server sends them: an honest status (404 for a path that is no
 * route of the app, or a route whose line or trip does not exist) and, for the public pages,
 * the page's own title, description and Open Graph tags written into the HTML, since crawlers
 * and chat previews run no JavaScript. The app itself then keeps document.title in step.
 */

export const SITE_NAME = 'Anyksciai bus timetable';
const DEFAULT_DESCRIPTION = 'Bus timetable for Anyksciai: departures by stop, date and direction.';

export interface PageMeta {
  status: 200 | 404;
  title: string;
  description: string;
  /** Admin pages and not-found: kept out of search engines. */
  index: boolean;
}

const notFound: PageMeta = {
  status: 404,
  title: `Nopage here – ${SITE_NAME}`,
  description: DEFAULT_DESCRIPTION,
  index: false,
};

const positiveId = (text: string | undefined): number | null =>
  text !== undefined && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;

const titled = (title: string, description = DEFAULT_DESCRIPTION): PageMeta => ({
  status: 200,
  title: `${title} – ${SITE_NAME}`,
  description,
  index: true,
});

/** What the server knows of a page path (and its query) before the app runs. */
export async function pageMeta(db: OpenedDatabase, path: string, query: URLSearchParams): Promise<PageMeta> {
  const parts = path.split('/').filter((p) => p !== '');
  const [first, second, third, fourth, ...rest] = parts;
  if (parts.length === 0) return homeMeta(db, query);
  if (first === 'browse' && parts.length === 1)
    return titled('Lines', 'Every bus line of Anyksciai and the region.');
  if (first === 'browse' && (parts.length === 2 || parts.length === 4) && rest.length === 0) {
    const lineId = positiveId(second);
    const line = lineId === null ? undefined : await getLineInfo(db.kysely, lineId);
    if (!line) return notFound;
    if (parts.length === 4 && (positiveId(third) === null || positiveId(fourth) === null)) return notFound;
    const ends = line.routeStart && line.routeEnd ? ` ${line.routeStart} – ${line.routeEnd}` : '';
    return titled(
      `${line.name}${ends}`,
      `Timetable of bus line ${line.name}${ends}: every schedule and stop.`,
    );
  }
  if (first === 'trip' && parts.length === 2) {
    const tripId = positiveId(second);
    if (tripId === null) return notFound;
    try {
      const { schedule, lineInfo } = await getTripSchedule(db, tripId);
      const trip = schedule.trips.find((t) => t.id === tripId);
      const stops = trip
        ? trip.routeDirReversed
          ? [...trip.route.stopsArr].reverse()
          : trip.route.stopsArr
        : [];
      const index = trip?.timeList.findIndex((t) => t !== null) ?? -1;
      const start =
        index >= 0 && trip ? ` from ${stops[index]?.name} at ${trip.timeList[index]?.slice(0, 5)}` : '';
      return titled(
        `${lineInfo.name}${start}`,
        `Bus ${lineInfo.name}${start}: every stop and time of the trip.`,
      );
    } catch {
      return notFound;
    }
  }
  // The printed timetables: the stop poster and a line's timetable (not for search engines).
  if (first === 'print' && parts.length === 3 && (second === 'stop' || second === 'line')) {
    const id = positiveId(third);
    if (id === null) return notFound;
    if (second === 'stop') {
      const stop = (await getStopsByIds(db.kysely, [id])).get(id);
      return stop ? { ...titled(`Timetable of ${stop.name}`), index: false } : notFound;
    }
    const line = await getLineInfo(db.kysely, id);
    return line ? { ...titled(`Timetable of line ${line.name}`), index: false } : notFound;
  }
  // Issue 27: the Service changes page.
  if (first === 'changes' && parts.length === 1)
    return titled('Service changes', 'Cancelled trips, changed times, closed stops and notices.');
  // Issue 29 (wt-maps): the map of every placed stop.
  if (first === 'map' && parts.length === 1)
    return titled('Map', 'Every bus stop of Anyksciai and the region on a map, and the stops near you.');
  if (first === 'date' && parts.length === 2)
    return second && isIsoDate(second) ? titled(`Date ${second}`) : notFound;
  if (first === 'admin-access' && parts.length === 1) return { ...titled('Admin access'), index: false };
  if (first === 'admin-panel') return { ...titled('Admin board'), index: false };
  return notFound;
}

async function homeMeta(db: OpenedDatabase, query: URLSearchParams): Promise<PageMeta> {
  const from = positiveId(query.get('from') ?? undefined);
  const stop = from === null ? undefined : (await getStopsByIds(db.kysely, [from])).get(from);
  const date = query.get('date');
  const dir = query.get('dir');
  if (!stop) return { status: 200, title: SITE_NAME, description: DEFAULT_DESCRIPTION, index: true };
  const way = dir === 'City bound' ? ', toward Anyksciai' : dir === 'Out bound' ? ', going out' : '';
  const on = date && isIsoDate(date) ? ` on ${date}` : '';
  return titled(`Departures from ${stop.name}${on}${way}`, `Bus departures from ${stop.name}${on}${way}.`);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The built index.html with this page's title, description and Open Graph tags. */
export function renderPage(template: string, meta: PageMeta, url: string): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(meta.index ? [] : ['<meta name="robots" content="noindex" />']),
  ].join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="description"[^>]*>/, tags);
}

/** The index.html of the built app, read once. */
export function loadTemplate(file: string): string {
  return readFileSync(file, 'utf8');
}

/** Every public line page, for sitemap.xml. */
export async function sitemap(db: OpenedDatabase, origin: string): Promise<string> {
  const lines = await listLineInfos(db.kysely);
  // Issue 29 (wt-maps): the Map page too.
  const urls = ['/', '/browse', '/map', ...lines.map((l) => `/browse/${l.id}`)];
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${escapeHtml(origin + u)}</loc></url>`).join('\n')}
</urlset>
`;
}

export function robots(origin: string): string {
  return `User-agent: *
Disallow: /admin-panel
Disallow: /admin-access
Disallow: /api/
Disallow: /trpc/
Sitemap: ${origin}/sitemap.xml
`;
}

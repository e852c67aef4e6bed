import { readFileSync } from 'node:fs';
import {
  type DataPageKey,
  DIRECTIONS,
  type Direction,
  isIsoDate,
  matchPage,
  PAGE_KEYS,
  PAGES,
  type PageEntry,
  type PageHead,
  type PageParams,
  SITE_DESCRIPTION,
  SITE_NAME,
  stopLabel,
} from '@bus/core';
import { getLineInfo, getStopsByIds, listLineInfos, type OpenedDatabase } from '@bus/db';
import { getTripSchedule } from './public-read/timetable.ts';

/**
 * The web app's pages as the server sends them: an honest status (404 for a path that is no
 * page of core's page table, or a page whose line, trip or stop does not exist) and the page's
 * own title, description and Open Graph tags written into the HTML, since crawlers and chat
 * previews run no JavaScript. The app itself then keeps document.title in step.
 */

export interface PageMeta {
  status: 200 | 404;
  title: string;
  description: string;
  /** Admin pages, printed timetables and not-found: kept out of search engines. */
  index: boolean;
}

const notFound: PageMeta = {
  status: 404,
  title: `Nopage here – ${SITE_NAME}`,
  description: SITE_DESCRIPTION,
  index: false,
};

const positiveId = (text: string | null | undefined): number | null =>
  text != null && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null;

const stopName = async (db: OpenedDatabase, id: number | null) =>
  id === null ? undefined : (await getStopsByIds(db.kysely, [id])).get(id);

/**
 * The data of the pages whose head depends on it, looked up from the path's parameters and the
 * query; null: the page's line, trip or stop does not exist (404).
 */
const pageHeads: {
  [K in DataPageKey]: (
    db: OpenedDatabase,
    params: PageParams<K>,
    query: URLSearchParams,
  ) => Promise<PageHead | null>;
} = {
  home: async (db, _params, query) => {
    const stop = await stopName(db, positiveId(query.get('from')));
    if (!stop) return PAGES.home.head(null);
    const date = query.get('date');
    const dir = query.get('dir');
    return PAGES.home.head({
      stop: stop.name,
      date: date && isIsoDate(date) ? date : null,
      dir: DIRECTIONS.includes(dir as Direction) ? (dir as Direction) : null,
    });
  },
  line: (db, { lineId }) => lineHead(db, lineId, []),
  lineTrip: (db, { lineId, schedId, tripId }) => lineHead(db, lineId, [schedId, tripId]),
  trip: async (db, { tripId }) => {
    const id = positiveId(tripId);
    if (id === null) return null;
    try {
      const { schedule, lineInfo } = await getTripSchedule(db, id);
      const trip = schedule.trips.find((t) => t.id === id);
      const stops = trip
        ? trip.routeDirReversed
          ? [...trip.route.stopsArr].reverse()
          : trip.route.stopsArr
        : [];
      const index = trip?.timeList.findIndex((t) => t !== null) ?? -1;
      const first =
        index >= 0 && trip
          ? { stop: stops[index]?.name ?? '', time: trip.timeList[index]?.slice(0, 5) ?? '' }
          : null;
      return PAGES.trip.head({ line: lineInfo.name, first });
    } catch {
      return null;
    }
  },
  date: async (_db, { date }) => (isIsoDate(date) ? PAGES.date.head(date) : null),
  printStop: async (db, { stopId }) => {
    const stop = await stopName(db, positiveId(stopId));
    return stop ? PAGES.printStop.head(stop.name) : null;
  },
  printLine: async (db, { lineId }) => {
    const id = positiveId(lineId);
    const line = id === null ? undefined : await getLineInfo(db.kysely, id);
    return line ? PAGES.printLine.head(line.name) : null;
  },
  plan: async (db, _params, query) => {
    const [from, to] = await Promise.all([
      stopName(db, positiveId(query.get('from'))),
      stopName(db, positiveId(query.get('to'))),
    ]);
    // Labelled as the planner's selectors label them (its document title).
    return PAGES.plan.head(from && to ? { from: stopLabel(from), to: stopLabel(to) } : null);
  },
  compare: async (db, _params, query) => {
    const change = query.get('change');
    const stop = await stopName(db, positiveId(query.get('from')));
    return PAGES.compare.head({
      change: change && isIsoDate(change) ? change : null,
      stop: stop?.name ?? null,
    });
  },
};

/** A line's page (and a trip opened on it): the line must exist, the other ids be ids. */
async function lineHead(db: OpenedDatabase, lineId: string, ids: string[]): Promise<PageHead | null> {
  const id = positiveId(lineId);
  const line = id === null ? undefined : await getLineInfo(db.kysely, id);
  if (!line || ids.some((other) => positiveId(other) === null)) return null;
  return PAGES.line.head(line);
}

type HeadOf = (
  db: OpenedDatabase,
  params: Record<string, string>,
  query: URLSearchParams,
) => Promise<PageHead | null>;

/** What the server knows of a page path (and its query) before the app runs. */
export async function pageMeta(db: OpenedDatabase, path: string, query: URLSearchParams): Promise<PageMeta> {
  const match = matchPage(path);
  if (!match) return notFound;
  const page: PageEntry = PAGES[match.key];
  // A page with a head function has its entry in pageHeads (the type says so), with the
  // parameters its path names.
  const head =
    typeof page.head === 'function'
      ? await (pageHeads[match.key as DataPageKey] as HeadOf)(db, match.params, query)
      : page.head;
  if (!head) return notFound;
  return {
    status: 200,
    title: head.title === null ? SITE_NAME : `${head.title} – ${SITE_NAME}`,
    description: head.description,
    index: page.index,
  };
}

/**
 * The stop widget's page (/embed/stop/{stopId}, issue 42; not one of the app's pages: a page of
 * its own that other sites frame): titled with the stop, kept out of search engines (its stop's
 * departures page is the one to find), and 404 for a stop that does not exist (the widget then
 * says so in the frame).
 */
export async function embedMeta(db: OpenedDatabase, stopId: string): Promise<PageMeta> {
  const stop = await stopName(db, positiveId(stopId));
  if (!stop) return notFound;
  return {
    status: 200,
    title: `Next departures: ${stopLabel(stop)} – ${SITE_NAME}`,
    description: `The next bus departures from ${stop.name}, with the expected times of buses on the road.`,
    index: false,
  };
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

/** The table's pages marked for the sitemap and every line's page, for sitemap.xml. */
export async function sitemap(db: OpenedDatabase, origin: string): Promise<string> {
  const lines = await listLineInfos(db.kysely);
  const pages = PAGE_KEYS.flatMap((key) => {
    const page: PageEntry = PAGES[key];
    return page.sitemap ? [page.path] : [];
  });
  const urls = [...pages, ...lines.map((l) => `/browse/${l.id}`)];
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

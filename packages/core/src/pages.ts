import type { Direction } from './domain.ts';
import { BOARD_PATH, HOME_PATH } from './home-path.ts';
import { changeDatesText } from './service-changes/texts.ts';

/**
 * Every page of the web app, declared once. The app routes each path pattern (wouter's syntax,
 * web/src/pages.tsx and other-pages.tsx) and the server answers it with 200 and writes the
 * page's title, description and robots tag into the HTML it sends (server/src/web-pages.ts),
 * since crawlers and link previews run no JavaScript. A path that no page matches is a 404 on
 * both sides, so a page added here is routed by both.
 *
 * The heads are English: the server writes them before it knows the visitor's language (the
 * app then keeps document.title in step, in that language). A page whose head depends on data
 * (a line's name, a stop's) has a function of that data here; the server looks the data up and
 * answers 404 when it does not exist.
 */

export const SITE_NAME = 'Anyksciai bus timetable';
export const SITE_DESCRIPTION = 'Bus timetable for Anyksciai: departures by stop, date and direction.';

/** A page's title (the site's name is added after it; null: the site's name alone) and description. */
export interface PageHead {
  title: string | null;
  description: string;
}

export interface PageEntry {
  /** Wouter's syntax: `:name` is one path segment. */
  readonly path: string;
  /** The page also owns every path below its own (it routes them itself: the admin board). */
  readonly nest?: boolean;
  /** false: kept out of search engines (noindex). */
  readonly index: boolean;
  /** Listed in sitemap.xml: a page worth visiting at its bare address. */
  readonly sitemap?: boolean;
  /** The page's title and description, or a function of the data the server looks up for them. */
  readonly head: PageHead | ((data: never) => PageHead);
}

const lineHead = (line: { name: string; routeStart: string | null; routeEnd: string | null }): PageHead => {
  const ends = line.routeStart && line.routeEnd ? ` ${line.routeStart} – ${line.routeEnd}` : '';
  return {
    title: `${line.name}${ends}`,
    description: `Timetable of bus line ${line.name}${ends}: every schedule and stop.`,
  };
};

/**
 * The page table (the product spec's section 2, and the pages added since). The order is the
 * router's: the first match wins.
 */
export const PAGES = {
  /** The timetable home; with a departure stop (?from=) its head names the stop, date and direction. */
  home: {
    path: HOME_PATH,
    index: true,
    sitemap: true,
    head: (departures: { stop: string; date: string | null; dir: Direction | null } | null): PageHead => {
      if (departures === null) return { title: null, description: SITE_DESCRIPTION };
      const { stop, date, dir } = departures;
      const way = dir === 'City bound' ? ', toward Anyksciai' : dir === 'Out bound' ? ', going out' : '';
      const on = date === null ? '' : ` on ${date}`;
      return {
        title: `Departures from ${stop}${on}${way}`,
        description: `Bus departures from ${stop}${on}${way}.`,
      };
    },
  },
  lines: {
    path: '/browse',
    index: true,
    sitemap: true,
    head: { title: 'Lines', description: 'Every bus line of Anyksciai and the region.' },
  },
  line: { path: '/browse/:lineId', index: true, head: lineHead },
  lineTrip: { path: '/browse/:lineId/:schedId/:tripId', index: true, head: lineHead },
  trip: {
    path: '/trip/:tripId',
    index: true,
    head: ({ line, first }: { line: string; first: { stop: string; time: string } | null }): PageHead => {
      const start = first ? ` from ${first.stop} at ${first.time}` : '';
      return {
        title: `${line}${start}`,
        description: `Bus ${line}${start}: every stop and time of the trip.`,
      };
    },
  },
  /** The app sends it to the home on that date. */
  date: {
    path: '/date/:date',
    index: true,
    head: (date: string): PageHead => ({ title: `Date ${date}`, description: SITE_DESCRIPTION }),
  },
  // The printed timetables are for paper, not for search engines.
  printStop: {
    path: '/print/stop/:stopId',
    index: false,
    head: (stop: string): PageHead => ({ title: `Timetable of ${stop}`, description: SITE_DESCRIPTION }),
  },
  printLine: {
    path: '/print/line/:lineId',
    index: false,
    head: (line: string): PageHead => ({ title: `Timetable of line ${line}`, description: SITE_DESCRIPTION }),
  },
  changes: {
    path: '/changes',
    index: true,
    sitemap: true,
    head: {
      title: 'Service changes',
      description: 'Cancelled trips, changed times, closed stops and notices.',
    },
  },
  map: {
    path: '/map',
    index: true,
    sitemap: true,
    head: {
      title: 'Map',
      description: 'Every bus stop of Anyksciai and the region on a map, and the stops near you.',
    },
  },
  /** The journey planner; with both stops (?from=&to=) its head names them, as the app's title does. */
  plan: {
    path: '/plan',
    index: true,
    sitemap: true,
    head: (stops: { from: string; to: string } | null): PageHead =>
      stops === null
        ? {
            title: 'Plan a journey with changes',
            description: 'Bus journeys from any stop to any stop on a date, with changes between buses.',
          }
        : {
            title: `Journeys from ${stops.from} to ${stops.to}`,
            description: `Bus journeys from ${stops.from} to ${stops.to}, with changes between buses.`,
          },
  },
  /**
   * A stop's departures before and after a new timetable (?from=&dir=&change=), titled with the
   * change's date as the app titles it. Only reached by its links, so not in the sitemap.
   */
  compare: {
    path: '/compare',
    index: true,
    head: ({ change, stop }: { change: string | null; stop: string | null }): PageHead => ({
      // 'from 7 December': the change's own year is not said.
      title:
        change === null
          ? 'New timetable'
          : `New timetable ${changeDatesText(change, null, 'en', Number(change.slice(0, 4)))}`,
      description: stop
        ? `Departures from ${stop}: the day before the change beside the same weekday after it.`
        : "A stop's departures the day before a new timetable beside the same weekday after it.",
    }),
  },
  /** The drivers' page (issue 40): a driver signs in, starts a trip and shares the bus's position. */
  drive: {
    path: '/drive',
    index: false,
    head: {
      title: 'For drivers',
      description: 'For drivers: start a trip and share where the bus is.',
    },
  },
  /**
   * The departure board of a station screen (issue 42): `?stops=1,2` and its options, read by
   * the page itself. A screen, not a page to find: kept out of search engines.
   */
  board: {
    path: BOARD_PATH,
    index: false,
    head: {
      title: 'Departure board',
      description: 'The next departures from chosen stops, for a screen at a station.',
    },
  },
  adminAccess: {
    path: '/admin-access',
    index: false,
    head: { title: 'Admin access', description: SITE_DESCRIPTION },
  },
  /** The admin board routes its own pages below it (an unknown one shows the app's not-found). */
  adminPanel: {
    path: '/admin-panel',
    nest: true,
    index: false,
    head: { title: 'Admin board', description: SITE_DESCRIPTION },
  },
} as const satisfies Record<string, PageEntry>;

export type PageKey = keyof typeof PAGES;

/** Every page, in the router's order. */
export const PAGE_KEYS = Object.keys(PAGES) as PageKey[];

/** The pages whose head is a function of data the server looks up. */
export type DataPageKey = {
  [K in PageKey]: (typeof PAGES)[K]['head'] extends (data: never) => PageHead ? K : never;
}[PageKey];

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A page's path parameters, by name: `/browse/:lineId` has `lineId`. */
export type PageParams<K extends PageKey> = { [Name in ParamNames<(typeof PAGES)[K]['path']>]: string };

const segments = (path: string) => path.split('/').filter((part) => part !== '');

/**
 * The page a path (without its query) belongs to, and its parameters; null: no page. Empty
 * segments are ignored ('/browse/' is /browse); matching is case-sensitive.
 */
export function matchPage(path: string): { key: PageKey; params: Record<string, string> } | null {
  const parts = segments(path);
  for (const key of PAGE_KEYS) {
    const page: PageEntry = PAGES[key];
    const pattern = segments(page.path);
    if (parts.length < pattern.length || (parts.length > pattern.length && !page.nest)) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((want, i) => {
      const part = parts[i] as string;
      if (want.startsWith(':')) params[want.slice(1)] = part;
      return want.startsWith(':') || want === part;
    });
    if (matches) return { key, params };
  }
  return null;
}

import type { PageMessages } from './en-pages.ts';

/**
 * The English message catalogue of the timetable home and every page's frame (the rest is in
 * en-pages.ts; lt.ts and lt-pages.ts are the Lithuanian ones, with the same keys). Spec wording
 * (sections 2, 3, 5, 8) is copied verbatim, including its spellings and odd spacing; entries
 * marked "ours" are texts the spec does not give. Strings stay plain `string` (no `as const`)
 * so the Lithuanian catalogue has the same type.
 */
export const en = {
  app: {
    /** The locale dates are written in (i18n/format.ts). */
    locale: 'en-GB',
    title: 'Anyksciai bus timetable',
    skipToContent: 'Skip to content', // ours
    loading: 'loading ...',
    notFound: 'Nopage here',
    unexpectedError: 'Unexpected Application Error!',
  },
  nav: {
    label: 'Main', // ours: accessible name of the navbar
    timetable: 'Timetable',
    browse: 'Browse by line',
    map: 'Map', // issue 29
    adminBoard: 'Admin board',
    plan: 'Plan a journey', // ours
    language: 'Language', // ours: the language switch
    /** Each language under its own name (the switch's tooltips), and its code (the buttons). */
    languageNames: { lt: 'Lietuvių kalba', en: 'English' },
    languageCodes: { lt: 'LT', en: 'EN' },
  },
  header: {
    label: 'Stop selection', // ours: accessible name of the header area
    departure: 'From', // ours
    destination: 'To', // ours
    searchPlaceholder: 'Type a stop name', // ours
    clear: (field: string) => `Clear ${field}`, // ours: accessible name of a selector's clear button
    noStops: 'No stops found', // ours
    onMap: 'Choose on the map', // ours, issue 29: the selector's switch to /map
    stopsFound: (count: number) => (count === 1 ? '1 stop found' : `${count} stops found`), // ours
    today: 'Today',
    chooseDate: (date: string) => `Date ${date}, choose a date`, // ours: the date button's name
    direction: 'Direction', // ours: legend of the direction radios
    cityBoundFromHome: 'City bus',
    cityBoundElsewhere: 'Toward Anyksciai',
    outBound: 'Going out',
  },
  timetable: {
    heading: 'Timetable', // ours
    departuresOn: (date: string) => `Departures on ${date}`, // ours: the grid's caption
    documentTitle: (date: string, dir: string) =>
      `Departures on ${date}${dir === 'City bound' ? ', toward Anyksciai' : ', going out'}`, // ours
    hour: 'Hour', // ours
    departures: 'Departures', // ours
    departed: '(departed)', // ours: read after a faded, too-late departure
    /** Issue 41: read after a departure whose bus is low-floor with a ramp. */
    stepFree: 'low-floor bus with a ramp',
    nothingFound: 'Nothing found for this day. Switch to browse page',
  },
  /** A failed call on the public pages (ours). */
  errors: {
    offline: 'The timetable cannot be reached. Check your internet connection and try again.',
    server: 'Sorry, something went wrong on our side. Please try again in a moment.',
    retry: 'Try again',
  },
  common: {
    yes: 'Yes', // ours
    no: 'No', // ours
    none: '-', // ours: an empty field
  },
  /** Next buses now, holiday notice, print and calendar links, header hints (issue 15; ours). */
  now: {
    // Next buses now's own texts are in next-buses-en.ts (loaded with that chunk).
    marker: 'now',
    holiday: 'Public holiday: only services that run on public holidays are shown',
    print: 'Print',
    calendar: 'Add to calendar',
    loop: (time: string) => `the same bus as at ${time}`,
    toDisabled: 'Only for trips from Anyksciai bus station',
    planWithChanges: 'Plan a journey with changes',
  },
  /** Service changes (issue 27): the header link's name; the rest is in changes-en.ts. */
  changes: {
    heading: 'Service changes',
  },
};

/** The texts of the timetable home and every page's frame (loaded first). */
export type HomeMessages = typeof en;
/** Every text of the public pages. */
export type Messages = HomeMessages & PageMessages;

/**
 * The English message catalogue: every text the UI shows. Spec wording (sections 2, 3, 5, 8) is
 * copied verbatim, including its spellings and odd spacing; entries marked "ours" are texts the
 * spec does not give. Strings stay plain `string` (no `as const`) so a Lithuanian catalogue can
 * be typed as `Messages` later.
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
    adminBoard: 'Admin board',
  },
  header: {
    label: 'Stop selection', // ours: accessible name of the header area
    departure: 'From', // ours
    destination: 'To', // ours
    searchPlaceholder: 'Type a stop name', // ours
    clear: (field: string) => `Clear ${field}`, // ours: accessible name of a selector's clear button
    noStops: 'No stops found', // ours
    stopsFound: (count: number) => (count === 1 ? '1 stop found' : `${count} stops found`), // ours
    today: 'Today',
    date: 'Date', // ours
    chooseDate: (date: string) => `Date ${date}, choose a date`, // ours: the date button's name
    calendar: 'Choose a date', // ours: the calendar dialog's name
    /** ours: a calendar day's name, e.g. 'Today, Monday 23 November 2026, selected' */
    calendarDay: (date: string, today: boolean, selected: boolean) =>
      `${today ? 'Today, ' : ''}${date}${selected ? ', selected' : ''}`,
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
    nothingFound: 'Nothing found for this day. Switch to browse page',
  },
  browse: {
    heading: 'Browse by line', // ours
    title: 'Lines', // ours: the page's title (as the server writes it)
    colLine: 'Line',
    colGoesTo: 'Goes to / comes from',
    colShowStops: 'Show stops',
    show: 'Show', // ours
    hide: 'Hide', // ours
    stopsOf: (action: string, line: string) => `${action} stops of ${line}`, // ours
    extra: 'Extra',
    noLines: 'No lines', // ours
  },
  line: {
    heading: (lineId: string) => `Line ${lineId}`, // ours (placeholder until the line name loads)
    noSchedules: 'This line has no schedules, inform administration',
    brokenLine: 'The line is broken, schedule has no trips',
    runsOnPublicHolidays: 'Runs on public holidays',
    operator: 'Operator',
    platform: 'Anyksciu AS platform',
    scope: 'Scope',
    swapDirection: 'Swap direction', // ours: accessible name of the swap button
    ruleFilter: 'Yearly rule filter',
    schedules: 'Schedules', // ours
    stops: 'Stops', // ours
    info: 'Line information', // ours
    openTrip: 'Open the trip page', // ours
    wholeYear: '-', // the whole-year rule's name is shown as a dash
    ends: (from: string, to: string) => `${from} → ${to}`, // ours: the start/end headings
    stopsGoing: (direction: string) => `Stops: ${direction}`, // ours: the stop table's caption
    time: 'Time', // ours
  },
  trip: {
    heading: (tripId: string) => `Trip ${tripId}`, // ours
    line: 'Line', // ours
    onlyAt: (periodName: string) => `Only at ${periodName}`,
    /** Weekday strip letters, MONDAY..SUNDAY. */
    weekdayLetters: ['M', 'T', 'W', 'T', 'F', 'S', 'S'],
    /** Weekday names for screen readers, MONDAY..SUNDAY. */
    weekdayNames: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    runsOn: (days: string) => `Runs on ${days}`, // ours
    runsOnNoDay: 'Runs on no day', // ours
    stop: 'Stop', // ours
    time: 'Time', // ours
    documentTitle: (line: string, stop: string, time: string) => `${line} from ${stop} at ${time}`, // ours
    oneWay: 'One way',
    flip: 'Flip direction', // ours: the button that flips the combined table
    times: 'Times', // ours
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
  date: {
    heading: (date: string) => `Date ${date}`, // ours
  },
};

export type Messages = typeof en;

/**
 * The English texts of the pages other than the timetable home (browse, line, trip, date):
 * a chunk of their own, fetched with the first of those pages (i18n/index.ts). Spec wording is
 * copied verbatim; "ours" marks texts the spec does not give.
 */
export const enPages = {
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
  /** Issue 41: a line's fare table (the triangle). */
  fareTable: {
    heading: 'Fare table',
    caption: (route: string) => `Fare table: ${route}`,
    mainRoute: 'main route',
    to: 'To',
    from: (stop: string) => `from ${stop}`,
    notSet: '–',
    legend:
      'Each row: the fare to that stop from each stop before it (numbered as down the side). – : fare not set.',
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
    /** Issue 41: step-free travel. */
    lowFloor: 'Low-floor bus with a ramp',
    stepFreeValue: { yes: 'Yes', no: 'No', unknown: 'Not known' },
    stepFreeStop: 'step-free boarding',
    noStepFreeStop: 'no step-free boarding',
    /** Issue 41: the fares of the trip. */
    fares: {
      heading: 'Fare',
      from: 'From',
      to: 'To',
      fare: 'Fare',
      notSet: 'fare not set',
      noRule: 'No fares are set for this line on this date.',
      note: 'A concession is paid by riders entitled to it by law.',
    },
    /** Weekday strip letters, MONDAY..SUNDAY. */
    weekdayLetters: ['M', 'T', 'W', 'T', 'F', 'S', 'S'],
    /** Weekday names for screen readers, MONDAY..SUNDAY. */
    weekdayNames: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    runsOn: (days: string) => `Runs on ${days}`, // ours
    runsOnNoDay: 'Runs on no day', // ours
    stop: 'Stop', // ours
    documentTitle: (line: string, stop: string, time: string) => `${line} from ${stop} at ${time}`, // ours
    oneWay: 'One way',
    flip: 'Flip direction', // ours: the button that flips the combined table
    times: 'Times', // ours
  },
  /** The calendar of the date button, loaded with it (moved from the home's catalogue, issue 15; ours). */
  calendar: {
    label: 'Choose a date', // the calendar dialog's name
    /** A calendar day's name, e.g. 'Today, Monday 23 November 2026, selected' */
    day: (date: string, today: boolean, selected: boolean) =>
      `${today ? 'Today, ' : ''}${date}${selected ? ', selected' : ''}`,
  },
  /** The line page on the chosen date: which schedules do not run and why, the season (issue 15; ours). */
  lineDay: {
    /** e.g. 'On Friday 25 December 2026, 8 of 12 schedules do not run' ('1 of 12 schedules does not run') */
    summary: (date: string, off: number, total: number) =>
      off === 0
        ? `On ${date}, every schedule runs`
        : `On ${date}, ${off} of ${total} ${total === 1 ? 'schedule' : 'schedules'} ${off === 1 ? 'does' : 'do'} not run`,
    off: (reasons: string) => `Not running on this date: ${reasons}`,
    /** Why, by reason; notOnWeekday by Monday..Sunday. */
    notOnWeekday: [
      'no Monday service',
      'no Tuesday service',
      'no Wednesday service',
      'no Thursday service',
      'no Friday service',
      'no Saturday service',
      'no Sunday service',
    ],
    season: 'out of its season',
    holiday: 'no public holiday service',
    seasonLabel: 'Season',
    wholeYear: 'Whole year',
    /** A period of a season, e.g. '1 September – 31 May' */
    period: (from: string, to: string) => `${from} – ${to}`,
  },
  // Printed timetables and calendar feeds (issue 15: /print/stop, /print/line, .ics links). All ours.
  print: {
    printLink: 'Print timetable',
    printButton: 'Print',
    poster: 'Bus timetable',
    stopTitle: (stop: string) => `Timetable of ${stop}`,
    lineTitle: (line: string) => `Timetable of line ${line}`,
    toward: (stop: string) => `To ${stop}`,
    validFromTo: (from: string, to: string) => `Valid from ${from} to ${to}`,
    dayTypes: { workdays: 'Working days', saturdays: 'Saturdays', sundays: 'Sundays and public holidays' },
    hour: 'Hour',
    lines: 'Lines',
    notes: 'Notes',
    noDepartures: 'No departures in this period',
    siteAddress: (url: string) => `Timetable online: ${url}`,
    /** Beside a stop poster's QR code (issue 42), over the address it leads to. */
    qrStop: 'Live departures from this stop:',
    /** Beside a line timetable's QR code, over the address it leads to. */
    qrLine: 'This line’s timetable online:',
    qrAlt: 'QR code',
    /** Weekdays after "only on", MONDAY..SUNDAY. */
    weekdaysPlural: ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'],
    /** A weekday after an ordinal ("the 1st and 3rd Friday"), MONDAY..SUNDAY. */
    weekdayOne: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    /** Short weekday names of the line print's columns, MONDAY..SUNDAY. */
    weekdayShort: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    ordinal: (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`,
    and: 'and',
    onlyWeekdays: (days: string) => `only on ${days}`,
    onlyPatterns: (items: string) => `only on the ${items} of the month`,
    onlyPeriods: (ranges: string) => `only ${ranges}`,
    ruleName: (name: string) => `(“${name}”)`,
    notOnHolidays: 'not on public holidays',
    runsOnDates: (dates: string) => `runs on ${dates}`,
    stop: 'Stop',
    holidayMark: 'H',
    holidayLegend: 'H: also on public holidays',
    noTrips: 'No trips in this period',
    addToCalendar: 'Add to calendar',
    subscribe: 'Subscribe to the calendar (follows timetable changes)',
  },
  // Service changes on the public pages (issue 27: the Service changes page, the line
  // and trip pages' marks, the printed notices). All ours.
  serviceChanges: {
    intro: 'Cancelled trips, changed times, closed stops and other notices for riders.',
    current: 'In force now',
    upcoming: 'Coming up',
    none: 'There are no service changes now.',
    noneUpcoming: 'None announced.',
    lines: 'Lines',
    stops: 'Stops',
    feed: 'Atom feed of the service changes',
    /** The trip page, its date chosen (or today). */
    tripCancelled: (date: string) => `This trip is cancelled on ${date}.`,
    tripChanged: (date: string) => `This trip runs at changed times on ${date}.`,
    reason: (reason: string) => `Reason: ${reason}`,
  },
  // The journey planner (/plan). Ours, except "Plan a journey with changes".
  plan: {
    heading: 'Plan a journey with changes',
    leaveAfter: 'Leave after',
    arriveBy: 'Arrive by',
    when: 'When', // the legend of the two choices
    time: 'Time',
    swap: 'Swap From and To',
    /** Issue 41: step-free only journeys, and what that takes. */
    stepFreeOnly: 'Step-free only',
    stepFreeNote:
      'Low-floor buses with a ramp only, boarding and getting off only at stops marked for step-free boarding. Buses and stops not known to be step-free are left out.',
    chooseStops: 'Choose the stop you leave from and the stop you go to.',
    none: 'No journey with at most 3 changes on this day. Try another time or date.',
    noneStepFree: 'No step-free journey with at most 3 changes on this day. Try another time or date.',
    /** A stop asked for that is not marked step-free: no step-free journey starts or ends there. */
    stopNotStepFree: (stop: string) =>
      `${stop} is not marked for step-free boarding, so no step-free journey starts or ends there.`,
    journeys: (from: string, to: string) => `Journeys from ${from} to ${to}`,
    /** e.g. '2 h 20 min', '45 min' */
    duration: (minutes: number) =>
      minutes < 60
        ? `${minutes} min`
        : `${Math.floor(minutes / 60)} h${minutes % 60 === 0 ? '' : ` ${minutes % 60} min`}`,
    changes: (n: number) => (n === 0 ? 'Direct' : n === 1 ? '1 change' : `${n} changes`),
    /** Issue 41: the journey's fare (each leg its own ticket), and each concession's. */
    fare: (euros: string) => `Fare ${euros}`,
    fareNotSet: 'fare not set',
    concessionFare: (name: string, euros: string) => `${name}: ${euros}`,
    /** Two legs on one ticket: a through fare staff set (the two lines' names). */
    throughTicket: (first: string, second: string) => `through ticket (${first} → ${second})`,
    /** A change between two buses: where, and the wait. */
    changeAt: (stop: string, wait: string) => `Change at ${stop}, wait ${wait}`,
    walkTo: (from: string, to: string, wait: string) =>
      `Change from ${from} to ${to}, ${wait} to walk and wait`,
    leg: (line: string, from: string, to: string) => `Line ${line} from ${from} to ${to}`,
    /** A leg on a live bus (issue 40): its delay where the rider gets off. */
    legLive: (minutes: number | null) =>
      minutes === null
        ? 'no live data'
        : minutes === 0
          ? 'live: on time'
          : minutes > 0
            ? `live: ${minutes} min late`
            : `live: ${-minutes} min early`,
    /** The bus before is expected after the next one leaves. */
    changeAtRisk: 'change at risk: the bus before is late',
    departArrive: (depart: string, arrive: string) => `${depart} – ${arrive}`,
    documentTitle: (from: string, to: string) => `Journeys from ${from} to ${to}`,
    openTrip: (line: string) => `Open the trip of line ${line}`,
  },
};

export type PageMessages = typeof enPages;

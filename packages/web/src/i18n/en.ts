/**
 * The English message catalogue: every text the UI shows. Spec wording (sections 2, 3, 5, 8) is
 * copied verbatim, including its spellings and odd spacing; entries marked "ours" are texts the
 * spec does not give. Strings stay plain `string` (no `as const`) so a Lithuanian catalogue can
 * be typed as `Messages` later.
 */
export const en = {
  app: {
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
    today: 'Today',
    cityBoundFromHome: 'City bus',
    cityBoundElsewhere: 'Toward Anyksciai',
    outBound: 'Going out',
  },
  timetable: {
    heading: 'Timetable', // ours
    nothingFound: 'Nothing found for this day. Switch to browse page',
  },
  browse: {
    heading: 'Browse by line', // ours
    colLine: 'Line',
    colGoesTo: 'Goes to / comes from',
    colShowStops: 'Show stops',
    extra: 'Extra',
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
  },
  trip: {
    heading: (tripId: string) => `Trip ${tripId}`, // ours
    onlyAt: 'Only at',
    /** Weekday strip letters, MONDAY..SUNDAY. */
    weekdayLetters: ['M', 'T', 'W', 'T', 'F', 'S', 'S'],
    divergence: '...',
  },
  date: {
    heading: (date: string) => `Date ${date}`, // ours
  },
  login: {
    heading: 'Admin access', // ours
    username: 'Username', // ours
    password: 'Password', // ours
    submit: 'Log in', // ours
  },
  admin: {
    menuLabel: 'Admin menu', // ours
    logOut: 'Log out',
    home: 'Admin board',
    welcome: 'Welcome', // ours
    holidays: 'Public holidays',
    lines: 'Lines',
    routes: 'Route',
    busStops: 'Bus stops',
    yearlyRules: 'Yearly rules',
    schedules: 'Schedules', // ours
    newLine: 'New line', // ours
    lineDetail: (lineId: string) => `Line ${lineId}`, // ours
    editLine: (lineId: string) => `Edit line ${lineId}`, // ours
    scheduleEditor: (lineId: string) => `Schedules of line ${lineId}`, // ours
    openSchedule: (scheduleId: string) => `Open schedule ${scheduleId}`, // ours
    yearlyRule: (ruleId: string) => `Yearly rule ${ruleId}`, // ours
    colName: 'Name',
    colFrom: 'From',
    colTo: 'To',
    colActions: 'Actions',
    showDistance: 'Show distance',
    goToSchedules: 'Go to Schedules',
    edit: 'Edit',
    deleteLine: (lineName: string) => `Del ${lineName}`,
    mainRoute: 'main route',
    copySuffix: ' - copy',
    noRoutesYet: 'This line has no routes yet. Go create a new route with some bus stations first.',
    scheduleDeleted: 'The schedule has been deleted.',
    save: 'Save', // ours
    cancel: 'Cancel', // ours
    defaultInSearch: 'Default in search',
  },
  /** Line info field labels (spec section 3, "Filter labels"). */
  lineFields: {
    routeStart: 'From',
    routeEnd: 'To',
    operator: 'Operator',
    anykStationPlatform: 'Anyksciu AS platform',
    price: 'Price',
    routeType: 'Route type',
    enabledSeasonalYearlyRuleFilter: 'Yearly rule filter',
  },
  validation: {
    required: 'This field is required!',
    inputFailed: "Input validation failed, check if everything's entered right",
    saved: 'Successfully saved to the database',
    tripCount: 'Min 1 trip per schedule, Max 2 trips per schedule',
    // The trailing space is the spec's own.
    singleTripOneWay: "Input validation failed, In single trip schedules - trip direction must be 'One way' ",
    twoTripsDirections:
      "Input validation failed, In two trip schedules - 1 trip must be 'Out bound' and the other 'City bound'",
  },
};

export type Messages = typeof en;

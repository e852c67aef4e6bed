import {
  CHECK_TITLES_EN,
  type CheckSeverity,
  formatEuros,
  MESSAGES,
  type Season,
  type TimetableCheckReport,
} from '@bus/core';

/**
 * The admin board's English messages (login included), beside the public ones (en.ts). Loaded
 * with the admin chunks only (through admin.ts), so the public bundle stays small. Same
 * conventions as en.ts: the spec's wording verbatim (the validation texts come from core's
 * MESSAGES, which the server sends too), "ours" marks texts the spec does not give.
 */
export const adminEn = {
  login: {
    heading: 'Admin access', // ours
    username: 'Username', // ours
    password: 'Password', // ours
    submit: 'Log in', // ours
    submitting: 'Signing in…', // ours
    required: MESSAGES.required as string,
    demoTitle: 'Demo login', // ours
    demoUsername: 'Username:', // ours
    demoPassword: 'Password:', // ours
    noToken: 'The server answered without an access token', // ours
    sessionEnded: 'Your session has ended, please sign in again', // ours
  },
  admin: {
    menuLabel: 'Admin menu', // ours
    logOut: 'Log out',
    home: 'Admin board',
    welcome: 'Welcome', // ours
    intro: 'Choose what to maintain:', // ours
    holidays: 'Public holidays',
    lines: 'Lines',
    routes: 'Route',
    busStops: 'Bus stops',
    yearlyRules: 'Yearly rules',
    schedules: 'Schedules', // ours
    history: 'History', // ours
    publishing: 'Publishing', // ours
    changeRules: 'Changes between buses', // ours
    newLine: 'New line', // ours
    lineDetail: (lineId: string) => `Line ${lineId}`, // ours
    editLine: (lineId: string) => `Edit line ${lineId}`, // ours
    editLineNamed: (name: string) => `Edit ${name}`, // ours
    scheduleEditor: (lineId: string) => `Schedules of line ${lineId}`, // ours
    yearlyRule: (ruleId: string) => `Yearly rule ${ruleId}`, // ours
  },
  /** What each area of the home page is for (ours). */
  areas: {
    holidays: 'Days on which only schedules marked for public holidays run.',
    lines: 'Line information, notes and route variations.',
    routes: 'Route variations (the stops of each line) are edited in the line editor.',
    busStops: 'Names, positions, notes and which stops the search offers first.',
    yearlyRules: 'Named seasonal periods and monthly patterns schedules run on.',
    schedules: 'Weekdays, yearly rule and stop times of each line’s trips.',
    history: 'Who changed what and when; put an earlier version back.',
    publishing: 'The timetable as open data (GTFS) for journey planners: settings and readiness.',
  },
  common: {
    yes: 'Yes', // ours
    no: 'No', // ours
    none: '-', // ours
    save: 'Save', // ours
    saveAnyway: 'Save anyway', // ours
    cancel: 'Cancel', // ours
    edit: 'Edit',
    delete: 'Delete', // ours
    actions: 'Actions',
    name: 'Name',
    view: 'View', // ours
    saving: 'Saving…', // ours
    dismiss: 'Dismiss message', // ours
    notifications: 'Notifications', // ours
    confirmDelete: 'Yes, delete', // ours
  },
  validation: {
    inputFailed: MESSAGES.inputFailed as string,
    saved: MESSAGES.savedToDatabase as string,
    scheduleDeleted: MESSAGES.scheduleDeleted as string,
  },
  dates: {
    pick: (label: string, value: string) => `${label}: ${value}, choose a date`, // ours
    notSet: 'not set', // ours
    calendar: (label: string) => `Choose ${label.toLowerCase()}`, // ours
    monthDay: 'MM-DD', // ours
    dayButton: (day: string, selected: boolean) => (selected ? `${day}, selected` : day), // ours
  },
  holidays: {
    colDate: 'Date (MM-DD)', // ours
    add: 'Add holiday', // ours
    empty: 'No public holidays yet.', // ours
    nameOf: (name: string) => `Name of ${name || 'the new holiday'}`, // ours
    dateOf: (name: string) => `Date of ${name || 'the new holiday'}`, // ours
    editOf: (name: string) => `Edit ${name}`, // ours
    deleteOf: (name: string) => `Delete ${name}`, // ours
    deleted: (name: string) => `${name} has been deleted.`, // ours
    confirmDelete: (name: string, date: string) => `Delete the holiday ${name} (${date})?`, // ours
  },
  stops: {
    search: 'Search stops', // ours
    searchPlaceholder: 'Type a part of the name', // ours
    coords: 'Coords', // ours: the free-text note telling same-named stops apart
    defaultInSearch: 'Default in search',
    searchNames: 'Also found as', // ours: extra names the stop search finds the stop by
    searchNamesOf: (name: string) =>
      `Extra search names of ${name || 'the new stop'}, separated by semicolons`, // ours
    searchNamesPlaceholder: 'e.g. Bus station; Autobusų stotis', // ours
    usedIn: 'Used in lines', // ours
    usedInCount: (n: number) => (n === 1 ? '1 line' : `${n} lines`), // ours
    unused: 'Not used', // ours
    add: 'Add bus stop', // ours
    nameOf: (name: string) => `Name of ${name || 'the new stop'}`, // ours
    coordsOf: (name: string) => `Coords of ${name || 'the new stop'}`, // ours
    defaultOf: (name: string) => `Default in search: ${name || 'the new stop'}`, // ours
    /** Issue 41: whether a wheelchair can board at the stop. */
    stepFree: 'Step-free boarding',
    stepFreeOf: (name: string) => `Step-free boarding: ${name || 'the new stop'}`,
    stepFreeValue: { yes: 'Yes', no: 'No', unknown: 'Not known' },
    /** Issue 42: the bay or platform buses leave from, shown on the departure board. */
    bay: 'Bay',
    bayOf: (name: string) => `Bay or platform of ${name || 'the new stop'}`,
    bayPlaceholder: 'e.g. 3',
    editOf: (name: string) => `Edit ${name}`, // ours
    deleteOf: (name: string) => `Delete ${name}`, // ours
    linesOf: (name: string) => `Lines using ${name}`, // ours
    inUse: 'Used by lines: cannot be deleted', // ours
    count: (shown: number, all: number) => `${shown} of ${all} stops`, // ours
    noMatch: 'No stop matches the search.', // ours
    deleted: (name: string) => `${name} has been deleted.`, // ours
    confirmDelete: (name: string) => `Delete the stop ${name}?`, // ours
    position: 'Position', // ours: where the stop is, for the open data (GTFS)
    positionOf: (name: string) => `Position of ${name || 'the new stop'}`, // ours
    positionPlaceholder: 'e.g. 55.5248, 25.1043', // ours
    positionHint:
      'Position: latitude, longitude, e.g. 55.5248, 25.1043. Paste a pair copied from any map: in Google Maps, right-click the stop, then click the numbers to copy them.', // ours
    noPosition: 'No position', // ours
    onMap: 'Map', // ours
    onMapOf: (name: string) => `${name} on the map (OpenStreetMap, opens in a new tab)`, // ours
    withoutPosition: (n: number) => (n === 1 ? '1 stop has no position.' : `${n} stops have no position.`), // ours
    allPositioned: 'Every stop has a position.', // ours
    onlyWithoutPosition: 'Only stops without a position', // ours
    oneStop: (name: string) => `Showing one stop: ${name}.`, // ours
    showAll: 'Show all stops', // ours
  },
  // Positions from a GTFS stops.txt on the bus stops screen.
  positionImport: {
    mapLabel: 'Proposed positions on the map', // ours
    open: 'Import positions from GTFS', // ours
    heading: 'Positions from a GTFS stops.txt', // ours
    intro:
      'Choose the stops.txt of another GTFS feed (a national or a neighbouring one). Its stops are matched to ours by name, and where several share a name, by the stops next to them on our lines. Check the proposals, then save them: nothing changes before that.', // ours
    file: 'GTFS stops.txt file', // ours
    reading: 'Reading the file…', // ours
    close: 'Close', // ours
    read: (stops: number, skipped: number) =>
      `${stops} stops read from the file; ${skipped} left out (entrances, places far away).`, // ours
    matched: (n: number) => `Matched (${n})`, // ours
    ambiguous: (n: number) => `Several places of the name (${n})`, // ours
    unmatched: (n: number) => `Not in the file (${n})`, // ours
    colSave: 'Save', // ours
    colStop: 'Stop', // ours
    colProposed: 'Proposed position', // ours
    colInFile: 'In the file', // ours
    colNow: 'Position now', // ours
    saveOf: (name: string, id: number) => `Save the position of ${name} (stop ${id})`, // ours
    byNeighbours: 'chosen by its neighbours on the routes', // ours
    awayFromNow: (distance: string) => `${distance} from the proposed one`, // ours
    chooseOf: (name: string, id: number) => `Position of ${name} (stop ${id})`, // ours
    dontSave: 'Do not save', // ours
    nearNeighbours: (distance: string) => `${distance} from its neighbours`, // ours
    noNeighbours: 'no neighbour placed', // ours
    noneMatched: 'No stop of ours is in the file under its name.', // ours
    save: (n: number) => (n === 1 ? 'Save 1 position' : `Save ${n} positions`), // ours
    saving: 'Saving…', // ours
    saved: (n: number) =>
      `Saved the positions of ${n === 1 ? '1 stop' : `${n} stops`}. The history puts them all back in one step.`, // ours
    restoreSave: (n: number) => `Restore all ${n} stop positions of this save`, // ours
    restoreSaveLabel: (n: number, id: number) =>
      `Restore all ${n} stop positions of this save (change ${id})`, // ours
    confirmRestoreSave: (n: number) => `Put all ${n} stops of this save back as they were before it?`, // ours
    restoredSave: (n: number) => `Restored all ${n} stops of the save.`, // ours
  },
  lines: {
    colName: 'Name',
    colFrom: 'From',
    colTo: 'To',
    colActions: 'Actions',
    add: 'Add line', // ours
    empty: 'No lines yet.', // ours
    viewOf: (name: string) => `View ${name}`, // ours
    editOf: (name: string) => `Edit ${name}`, // ours
    schedulesOf: (name: string) => `Schedules of ${name}`, // ours
    chooseLine: 'Choose a line to edit its schedules.', // ours
    search: 'Search lines', // ours
    searchPlaceholder: 'Line name, start or end', // ours
    shown: (shown: number, all: number) => `${shown} of ${all} lines`, // ours
    noMatch: 'No line matches.', // ours
  },
  /** How the data's enum values read (in English, the values themselves, as the spec writes them). */
  values: {
    routeType: { 'City Bus': 'City Bus', 'Regional Bus': 'Regional Bus', 'Nationial Bus': 'Nationial Bus' },
    boundFor: { 'Out bound': 'Out bound', 'City bound': 'City bound', 'One way': 'One way' },
  },
  /** Line info field labels (spec section 3, "Filter labels"); name is ours. */
  lineFields: {
    name: 'Name',
    routeStart: 'From',
    routeEnd: 'To',
    operator: 'Operator',
    anykStationPlatform: 'Anyksciu AS platform',
    price: 'Price',
    routeType: 'Route type',
    enabledSeasonalYearlyRuleFilter: 'Yearly rule filter',
  },
  lineDetail: {
    info: 'Line information', // ours
    notes: 'Notes', // ours
    noNotes: 'No notes.', // ours
    variations: 'Route variations', // ours
    noVariations: 'This line has no route variations yet.', // ours
    showDistance: 'Show distance',
    colNumber: '#', // ours
    colStop: 'Stop', // ours
    colDistance: 'To next stop (m)', // ours
    mainRoute: 'main route',
    goToSchedules: 'Go to Schedules',
    edit: 'Edit',
    deleteLine: (lineName: string) => `Del ${lineName}`,
    confirmDelete: (lineName: string, schedules: number) =>
      schedules === 0
        ? `Delete line ${lineName}? It has no schedules.`
        : `Delete line ${lineName} and its ${schedules === 1 ? 'schedule' : `${schedules} schedules`}?`, // ours
    deleted: (lineName: string) => `${lineName} has been deleted.`, // ours
    stopsCaption: (notes: string) => `Stops of ${notes}`, // ours
    moved: 'Saved. The times of these schedules stayed with their stops; give the new stops their times:', // ours
    movedSchedule: (id: number) => `Schedule ${id}`, // ours
    ends: (from: string, to: string) => `${from} – ${to}`, // ours
    stopCount: (n: number) => (n === 1 ? '1 stop' : `${n} stops`), // ours
  },
  lineEditor: {
    timesFollowStops:
      'Route changes on routes that schedules use: every trip keeps each time at its stop. A new stop has no time until you give one in the schedule editor.', // ours
    routeChange: (n: number, schedules: number[], newStops: string[]) =>
      `Route variation ${n}: ${schedules.length === 1 ? 'schedule' : 'schedules'} ${schedules.join(', ')}` +
      (newStops.length === 0 ? '.' : `; no time yet at ${newStops.join(', ')}.`), // ours
    info: 'Line information', // ours
    chooseType: 'Choose a route type', // ours
    notes: 'Notes', // ours
    noteKeyOf: (n: number) => `Key of note ${n}`, // ours
    noteValueOf: (n: number) => `Value of note ${n}`, // ours
    addNote: 'Add note', // ours
    removeNote: (n: number) => `Remove note ${n}`, // ours
    variations: 'Route variations', // ours
    variation: (n: number) => `Route variation ${n}`, // ours
    routeNotes: 'Route notes', // ours
    addRoute: 'Add route variation', // ours
    duplicate: 'Duplicate', // ours
    duplicateOf: (n: number) => `Duplicate route variation ${n}`, // ours
    deleteRoute: (n: number) => `Delete route variation ${n}`, // ours
    copySuffix: ' - copy',
    usedBy: (n: number) => (n === 1 ? 'Used by 1 schedule' : `Used by ${n} schedules`), // ours
    usedByHint: 'A route used by schedules cannot be deleted.', // ours
    scheduleLink: (id: number) => `Schedule ${id}`, // ours
    stopCount: 'Number of stops', // ours
    stopCountHint: (chosen: number) =>
      chosen === 0 ? 'At least 1.' : `At least ${chosen}: the stops already chosen.`, // ours
    stops: 'Stops', // ours
    stopOf: (n: number, route: number) => `Stop ${n} of route variation ${route}`, // ours
    distance: 'Distance to next (m)', // ours
    distanceOf: (n: number, route: number) =>
      `Distance from stop ${n} to stop ${n + 1} of route variation ${route}, metres`, // ours
    // Issue 41: distances estimated from the stops' positions, shown where none is entered (ours).
    estimate: (distance: string) => `≈ ${distance}, estimate`,
    estimatesHint: (n: number, percent: number) =>
      `${n === 1 ? '1 distance not entered yet is' : `${n} distances not entered yet are`} estimated from the stops’ places on the map (the straight-line distance plus ${percent} %). An estimate is saved only when you use it and save the line.`,
    useEstimates: 'Use estimates',
    useEstimatesIn: (route: number) => `Use estimates in route variation ${route}`,
    estimatesUsed: (n: number) =>
      n === 1
        ? '1 estimate filled in: check it, then save the line.'
        : `${n} estimates filled in: check them, then save the line.`,
    insertAfter: (n: number, route: number) => `Insert a stop after stop ${n} of route variation ${route}`, // ours
    removeStop: (n: number, route: number) => `Remove stop ${n} of route variation ${route}`, // ours
    noRoutes: 'No route variations yet. Add one with its stops.', // ours
  },
  /** The history screen: who changed what and when, and putting a version back (ours). */
  history: {
    filters: 'Filter the changes',
    kind: 'Kind of thing',
    allKinds: 'All',
    kinds: {
      line: 'Lines',
      schedule: 'Schedules',
      rules: 'Yearly rules',
      holiday: 'Holidays',
      stop: 'Bus stops',
      service_change: 'Service changes', // issue 27
      change_rules: 'Changes between buses',
      fare_rule: 'Fares', // issue 41
      concession: 'Concessions',
      through_fare: 'Through fares',
    },
    line: 'Line',
    allLines: 'All lines',
    person: 'Person',
    everyone: 'Everyone',
    empty: 'No changes recorded yet.',
    noMatch: 'No change matches the filters.',
    older: 'Show older changes',
    loadingOlder: 'Loading older changes…',
    action: (action: 'create' | 'update' | 'delete', summary: string, restored: boolean) =>
      restored
        ? `Restored ${summary}`
        : action === 'create'
          ? `Created ${summary}`
          : action === 'delete'
            ? `Deleted ${summary}`
            : `Changed ${summary}`,
    by: (username: string, rest: boolean) => (rest ? `${username} via the old REST API` : username),
    colField: 'Field',
    colBefore: 'Before',
    colAfter: 'After',
    whole: '(all of it)',
    missing: '—',
    showAll: (n: number) => `Show all ${n} changes`,
    restore: 'Restore the version before this change',
    restoreLabel: (summary: string, id: number) =>
      `Restore the version before this change (${summary}, change ${id})`,
    confirmRestore: (summary: string) => `Put ${summary} back as it was before this change?`,
    yesRestore: 'Yes, restore',
    restored: (summary: string) => `Restored: ${summary}.`,
    changeNo: (id: number) => `Change ${id}`,
    restoresChange: (id: number) => `puts back the version before change ${id}`,
    linesFailed: (reason: string) => `The lines for the filter could not be loaded: ${reason}`,
    /** What a change was about, as the server records it ('Line M35'; server services/admin/states.ts). */
    subject: {
      line: (name: string) => `Line ${name}`,
      schedule: (id: string, line: string) => `Schedule ${id} (${line})`,
      rules: 'Yearly rules',
      holiday: (name: string) => `Holiday ${name}`,
      stop: (name: string) => `Stop ${name}`,
      // issue 27
      serviceChange: (id: string, title: string) => `Service change ${id}: ${title}`,
      // issue 41
      fareRule: (line: string, date: string) => `Fares of ${line} from ${date}`,
      concession: (name: string) => `Concession ${name}`,
      throughFare: (from: string, to: string, date: string) => `Through fare ${from} – ${to} from ${date}`,
    },
  },
  /** The Publishing screen: the open-data feed (GTFS) for journey planners (ours). */
  publishing: {
    heading: 'Publishing (GTFS)',
    intro:
      'The timetable is published as open data in the GTFS format, which journey planners such as Google Maps read. Fill in the settings and fix what the feed status lists: the feed is then published at once and follows every change of the timetable.',
    settings: 'Settings',
    siteUrl: 'Site address',
    siteUrlHint: 'The public address of this timetable. The feed is published at this address + /gtfs.zip.',
    siteUrlPlaceholder: 'e.g. https://autobusai.anyksciai.lt',
    publisherName: 'Publisher name',
    publisherNameHint: 'Who publishes the data, usually the municipality.',
    publisherNamePlaceholder: 'e.g. Anykščių rajono savivaldybė',
    publisherContact: 'Publisher contact',
    publisherContactHint: 'An e-mail address or a web page where planners and riders can report mistakes.',
    publisherContactPlaceholder: 'e.g. info@anyksciai.lt',
    windowDays: 'Feed period, days',
    windowDaysHint: (min: number, max: number, usual: number) =>
      `How many days from today the feed covers: ${min} to ${max}, usually ${usual}.`,
    operators: 'Operators',
    operatorsHint:
      'Every operator the lines name. Planners need a web address for each; the phone is optional.',
    noOperators: 'No line names an operator yet.',
    operatorLines: (n: number) => (n === 1 ? '1 line' : `${n} lines`),
    operatorLinesOf: (name: string, n: number) => `Lines of ${name}: ${n === 1 ? '1 line' : `${n} lines`}`,
    operatorUrl: 'Web address',
    operatorUrlPlaceholder: 'e.g. https://www.operator.lt',
    operatorPhone: 'Phone',
    operatorPhonePlaceholder: 'e.g. +370 381 12345',
    save: 'Save settings',
    status: 'Feed status',
    statusHint: 'Checked against the saved settings and the timetable as it is now.',
    ready: 'Ready to publish: planners can download the feed.',
    notReady:
      'Not ready to publish yet. Fix what is listed below: the feed is published as soon as nothing is left.',
    toFix: 'To fix',
    settingMissing: {
      siteUrl: 'The site address is not set.',
      publisherName: 'The publisher name is not set.',
      publisherContact: 'The publisher contact is not set.',
    },
    fillIn: 'Fill in',
    fillInLabel: (field: string) => `Fill in: ${field}`,
    operatorNoUrl: (operator: string) => `${operator} has no web address.`,
    linesWithoutOperator: (n: number) =>
      n === 1 ? '1 line names no operator:' : `${n} lines name no operator:`,
    editLine: (name: string) => `Edit line ${name}`,
    stopsWithoutPosition: (n: number) =>
      n === 1 ? '1 stop of the timetable has no position:' : `${n} stops of the timetable have no position:`,
    stopOf: (name: string) => `Give ${name} a position`,
    andMore: (n: number) => `and ${n} more`,
    showStopsWithoutPosition: 'Show the stops without a position',
    timesBackwards: (n: number) =>
      n === 1 ? 'In 1 trip the time goes backwards:' : `In ${n} trips the time goes backwards:`,
    timesBackwardsTrip: (line: string, schedule: number, trip: number) =>
      `${line}, schedule ${schedule}, trip ${trip}`,
    timesBackwardsAt: (stop: string, from: string, to: string) => `: ${from} → ${to} at ${stop}`,
    directionMismatch: (n: number) =>
      n === 1
        ? 'The direction of 1 trip contradicts its stop order:'
        : `The direction of ${n} trips contradicts their stop order:`,
    directionMismatchAt: (boundFor: string, first: string, last: string) =>
      `: ${boundFor}, but it starts at ${first} and ends at ${last}`,
    noService: 'No schedule runs in the feed period: the feed would have no trips.',
    toSchedules: 'Go to Schedules',
    notices: 'The feed check found errors:',
    warnings: (n: number) =>
      `${n === 1 ? '1 warning' : `${n} warnings`}: the feed can be published with them.`,
    summary: 'What the feed holds',
    period: 'Period',
    periodValue: (start: string, end: string) => `${start} to ${end}`,
    lines: 'Lines',
    stops: 'Stops',
    trips: 'Trips',
    operatorCount: 'Operators',
    download: 'Download gtfs.zip',
    downloadHint: 'It can be downloaded once nothing is left to fix.',
    address: 'Public address of the feed',
    addressHint:
      'Give this address to journey planners (Google Maps, Trafi and others): it always serves the current timetable.',
    addressMissing: 'Fill in the site address to see the public address of the feed.',
  },
  /** Drafts, versions and leaving an editor (ours). */
  safety: {
    leave: 'You have unsaved changes. Leave this page and lose them?',
    reload: 'Reload the current version',
    reloadHint: 'This replaces your unsaved changes with what is stored now.',
    restored: (time: string) =>
      `Your unsaved changes (last edited at ${time}) have been brought back. Save them, or discard them to see what is stored.`,
    discard: 'Discard my changes',
  },
  stopPicker: {
    placeholder: 'Search a stop', // ours
    create: (name: string) => `Create stop “${name}”`, // ours
    newStop: (name: string) => `${name} (new stop)`, // ours
    none: 'No stop found', // ours
    noneCreate: (name: string) => `No stop found. To add one, choose “Create stop “${name}””.`, // ours
    clear: (label: string) => `Clear ${label}`, // ours
    found: (n: number) => (n === 1 ? '1 stop found' : `${n} stops found`), // ours
    more: (n: number) => `${n} more: type to narrow down`, // ours
  },
  schedules: {
    heading: (lineTitle: string) => `Schedules: ${lineTitle}`, // ours
    toLine: 'Line details', // ours
    confirmDelete: (id: number) => `Delete schedule ${id} with its trips?`, // ours
    noRoutesYet: 'This line has no routes yet. Go create a new route with some bus stations first.',
    editRoutes: 'Edit the line', // ours
    schedule: (id: number) => `Schedule ${id}`, // ours
    newSchedule: 'New schedule', // ours
    noSchedules: 'This line has no schedules yet.', // ours
    add: 'Add schedule', // ours
    saveSchedule: 'Save schedule', // ours
    routeSwitched: (kept: number, empty: number, dropped: number) =>
      `Route changed: times kept at the ${kept === 1 ? 'stop' : `${kept} stops`} both routes share` +
      (empty > 0
        ? `; ${empty === 1 ? '1 stop has' : `${empty} stops have`} no time yet, fill ${empty === 1 ? 'it' : 'them'} in`
        : '') +
      (dropped > 0
        ? `; ${dropped === 1 ? '1 time' : `${dropped} times`} of stops not on this route dropped`
        : '') +
      '.', // ours
    warningsTitle: 'Please check before saving:', // ours
    warningBackwards: (trip: number, stop: string, from: string, to: string, count: number) =>
      `Trip ${trip}: the time goes back from ${from} to ${to} at ${stop}` +
      (count > 1 ? ` (and ${count - 1} more ${count === 2 ? 'place' : 'places'})` : '') +
      '.', // ours
    warningDirection: (trip: number, boundFor: string, stop: string) =>
      boundFor === 'Out bound'
        ? `Trip ${trip} is Out bound but ends at ${stop}.`
        : `Trip ${trip} is City bound but starts at ${stop}.`, // ours
    keepEditing: 'Keep editing', // ours
    deleteSchedule: 'Delete schedule', // ours
    removeSchedule: 'Remove new schedule', // ours
    weekdays: 'Runs on weekdays', // ours
    weekdayNames: {
      MONDAY: 'Monday',
      TUESDAY: 'Tuesday',
      WEDNESDAY: 'Wednesday',
      THURSDAY: 'Thursday',
      FRIDAY: 'Friday',
      SATURDAY: 'Saturday',
      SUNDAY: 'Sunday',
    },
    weekdayShort: {
      MONDAY: 'Mon',
      TUESDAY: 'Tue',
      WEDNESDAY: 'Wed',
      THURSDAY: 'Thu',
      FRIDAY: 'Fri',
      SATURDAY: 'Sat',
      SUNDAY: 'Sun',
    },
    yearlyRule: 'Yearly rule', // ours
    chooseRule: 'Choose a yearly rule', // ours
    publicHolidays: 'Runs on public holidays',
    /** Issue 41: whether the schedule's bus is low-floor with a ramp. */
    stepFree: 'Low-floor bus with a ramp',
    stepFreeValue: { yes: 'Yes', no: 'No', unknown: 'Not known' },
    constraints: 'Time constraints description', // ours
    trip: (n: number) => `Trip ${n}`, // ours
    direction: 'Direction', // ours
    route: 'Route', // ours
    chooseRoute: 'Choose a route', // ours
    routeOption: (notes: string, stops: number) => `${notes} (${stops} stops)`, // ours
    reversed: 'Reversed (last stop first)', // ours
    addTrip: 'Add trip', // ours
    removeTrip: (n: number) => `Remove trip ${n}`, // ours
    colStop: 'Stop', // ours
    colTime: 'Time (HH:MM)', // ours
    timeAt: (stop: string, n: number, trip: number) => `Time at ${stop} (stop ${n}) on trip ${trip}`, // ours
    timePlaceholder: 'HH:MM', // ours
    chooseRouteFirst: 'Choose a route to enter the times.', // ours
    firstTimes: (times: string) => times || 'no times yet', // ours
    summaryRule: (rule: string) => `rule: ${rule}`, // ours
    wholeYear: '-', // 'Apskritus metus' (the whole year) is shown as a dash
    unsavedHint: 'Not saved yet', // ours
  },
  rules: {
    add: 'Add yearly rule', // ours
    saveAll: 'Save all', // ours
    rule: (n: number) => `Yearly rule ${n}`, // ours
    periodName: 'Name', // ours
    usedBy: (n: number) => (n === 1 ? 'Used by 1 schedule' : `Used by ${n} schedules`), // ours
    unused: 'Not used', // ours
    deleteRule: (name: string) => `Delete ${name || 'the new rule'}`, // ours
    inUse: 'Used by schedules: cannot be deleted', // ours
    periods: 'Periods', // ours
    noPeriods: 'No own periods.', // ours
    start: 'Start', // ours
    end: 'End', // ours
    startOf: (n: number) => `Start of period ${n}`, // ours
    endOf: (n: number) => `End of period ${n}`, // ours
    addPeriod: 'Add period', // ours
    removePeriod: (n: number) => `Remove period ${n}`, // ours
    patterns: 'Monthly pattern', // ours
    noPatterns: 'No pattern: every matching day counts.', // ours
    nth: 'Occurrence', // ours
    ofPatternItem: (n: number) => ` of pattern item ${n}`, // ours: completes the labels for screen readers
    chooseNth: 'Choose', // ours
    weekday: 'Weekday', // ours
    chooseWeekday: 'Choose a weekday', // ours
    nthOptions: ['first', 'second', 'third', 'fourth', 'fifth'], // 1-5 (spec section 3)
    addPattern: 'Add pattern item', // ours
    removePattern: (n: number) => `Remove pattern item ${n}`, // ours
    otherRule: 'Use the periods of', // ours
    otherRuleNone: 'No other rule', // ours
    empty: 'No yearly rules yet.', // ours
    usingHeading: 'Lines and schedules using this rule', // ours
    noUsage: 'No schedule runs on this rule.', // ours
    schedulesCount: (n: number) => (n === 1 ? '1 schedule' : `${n} schedules`), // ours
    scheduleSummary: (id: number, days: string, trips: string) => `Schedule ${id}: ${days} · ${trips}`, // ours
    backToRules: 'All yearly rules', // ours
  },
  // Staff speed (issue 12): bulk schedule changes, the typed holiday date.
  bulk: {
    panelTitle: 'Change several schedules at once', // ours
    selectAll: 'Select all', // ours
    clear: 'Clear selection', // ours
    selected: (n: number) => `${n} selected`, // ours
    selectOf: (id: number) => `Select schedule ${id}`, // ours
    selectLine: (name: string) => `Select every schedule of ${name}`, // ours
    scheduleLabel: (id: number, time: string, days: string, rule: string) =>
      `Schedule ${id}: ${time} · ${days} · ${rule}`, // ours
    moveTo: 'Move to yearly rule', // ours
    move: 'Move selected', // ours
    weekdaysLegend: 'Weekdays of the selected schedules', // ours
    setWeekdays: 'Set weekdays', // ours
    noneSelected: 'Select the schedules to change first.', // ours
    noRule: 'Choose the yearly rule to move them to.', // ours
    noWeekday: 'Choose at least one weekday.', // ours
    moved: (n: number, rule: string) => `${n === 1 ? '1 schedule' : `${n} schedules`} moved to “${rule}”.`, // ours
    weekdaysSet: (n: number) => `Weekdays set for ${n === 1 ? '1 schedule' : `${n} schedules`}.`, // ours
    typedDate: (label: string) => `${label}, typed as MM-DD`, // ours
    dateFormat: 'Type the date as MM-DD, for example 02-16.', // ours
    noSuchMonth: (text: string) => `“${text}” is not a date: the month must be 01 to 12.`, // ours
    noSuchDay: (text: string, month: string, days: number) =>
      `“${text}” is not a date: month ${month} has ${days} days.`, // ours
    // The history: a save of several schedules (a bulk move, a grid save) restored in one step.
    restoreSave: (n: number) => `Restore all ${n} schedules of this save`, // ours
    restoreSaveLabel: (n: number, id: number) => `Restore all ${n} schedules of this save (change ${id})`, // ours
    confirmRestoreSave: (n: number) => `Put all ${n} schedules of this save back as they were before it?`, // ours
    restoredSave: (n: number) => `Restored all ${n} schedules of the save.`, // ours
  },
  // Timetable grid with copy and shift (issue 12, staff speed).
  grid: {
    heading: (lineTitle: string) => `Timetable grid: ${lineTitle}`, // ours
    open: 'Timetable grid', // ours
    openHint: 'all trips in one table per direction, with copy and shift', // ours
    toEditor: 'Schedule editor', // ours
    intro:
      'One table per direction: stops down the side, trips across. Type a time (6:15, 615, 0615 or 6.15) to replace a cell; arrows, Tab and Enter move between cells; Esc puts the stored time back; paste a block copied from a spreadsheet into any cell. Enter goes down a trip and on to the next one; Ctrl+End jumps to the last cell, from where Tab leaves the table.', // ours
    direction: (boundFor: string, route: string, stops: number) =>
      `${boundFor} · ${route} (${stops === 1 ? '1 stop' : `${stops} stops`})`, // ours
    reversedRoute: (route: string) => `${route}, driven backwards`, // ours
    colStop: 'Stop', // ours
    newSchedule: (n: number) => `New schedule ${n}`, // ours
    select: (schedule: string) => `Select ${schedule}`, // ours
    holidaysYes: 'also on holidays', // ours
    holidaysNo: 'not on holidays', // ours
    noRule: 'no rule', // ours
    noDays: 'no weekdays', // ours
    cellLabel: (stop: string, n: number, schedule: string, boundFor: string) =>
      `${stop} (stop ${n}), ${schedule}, ${boundFor}`, // ours
    unplaced: (n: number) =>
      `${n === 1 ? '1 trip has' : `${n} trips have`} no route yet and ${n === 1 ? 'is' : 'are'} edited in the schedule editor.`, // ours
    notATime: (text: string, where: string) =>
      `“${text}” at ${where} is not a time. Type it as 6:15, 06:15, 615, 0615 or 6.15; Esc puts the stored time back.`, // ours
    pasteTooBig: (rows: number, cols: number, roomRows: number, roomCols: number) =>
      `Nothing pasted: the block has ${rows === 1 ? '1 row' : `${rows} rows`} and ${cols === 1 ? '1 column' : `${cols} columns`}, but from this cell there is room for ${roomRows === 1 ? '1 row' : `${roomRows} rows`} and ${roomCols === 1 ? '1 column' : `${roomCols} columns`}.`, // ours
    pasteInvalid: (text: string, row: number, col: number) =>
      `Nothing pasted: “${text}” (row ${row}, column ${col} of the block) is not a time.`, // ours
    pasted: (n: number) => (n === 1 ? '1 time pasted.' : `${n} times pasted.`), // ours
    toolsHeading: 'Copy and shift', // ours
    toolsIntro:
      'Tick the trips to work on. A trip belongs to a schedule, so ticking a trip takes its whole schedule: copies and shifts move both trips of an out-and-back pair together, and a copy keeps the weekdays, yearly rule and holidays of its original.', // ours
    selectedNone: 'No trip ticked yet: tick the box above a trip.', // ours
    selected: (names: string) => `Ticked: ${names}`, // ours
    offset: 'Offset (HH:MM)', // ours
    copies: 'Copies', // ours
    duplicate: 'Duplicate', // ours
    copyLater: (offset: string) => `Copy, ${offset} later`, // ours
    makeCopies: (n: number, offset: string) => `Make ${n} copies, every ${offset}`, // ours
    shiftLater: (offset: string) => `Shift ${offset} later`, // ours
    shiftEarlier: (offset: string) => `Shift ${offset} earlier`, // ours
    removeNew: 'Remove new schedules', // ours
    clearSelection: 'Untick all', // ours
    copied: (n: number) =>
      n === 1 ? '1 new schedule added: save to keep it.' : `${n} new schedules added: save to keep them.`, // ours
    shifted: (n: number, offset: string, later: boolean) =>
      `${n === 1 ? '1 schedule' : `${n} schedules`} shifted ${offset} ${later ? 'later' : 'earlier'}: save to keep ${n === 1 ? 'it' : 'them'}.`, // ours
    outOfDay: (schedule: string, time: string) =>
      `Nothing changed: ${time} of ${schedule} would pass midnight. Times stay between 00:00 and 23:59.`, // ours
    copiesRange: (max: number) => `Copies: a whole number from 1 to ${max}.`, // ours
    removeOnlyNew:
      'Only new, unsaved schedules can be removed here; delete saved ones in the schedule editor.', // ours
    removed: (n: number) => (n === 1 ? '1 new schedule removed.' : `${n} new schedules removed.`), // ours
    unsaved: (n: number) =>
      n === 1 ? '1 schedule changed, not saved yet.' : `${n} schedules changed, not saved yet.`, // ours
    nothingToSave: 'No changes to save.', // ours
    save: (n: number) => (n === 1 ? 'Save 1 schedule' : `Save ${n} schedules`), // ours
    fixCellsFirst:
      'Some cells hold something that is not a time (marked in red): fix them or press Esc in them first.', // ours
    failedSchedule: (schedule: string) => `Not saved: ${schedule} (its empty times are outlined in red).`, // ours
    warningOf: (schedule: string, text: string) => `${schedule}: ${text}`, // ours
    isNew: 'new', // ours
    duplicateSchedule: 'Duplicate schedule', // ours
  },
  /** Timetable check (issue 12): every data check over the whole timetable, with links to fix. */
  check: {
    menu: 'Timetable check', // ours
    about: 'Every data check over the whole timetable, each finding with a link to where it is fixed.', // ours
    heading: 'Timetable check', // ours
    intro:
      'Every data check over the whole timetable as it is saved now. Errors break what visitors or journey planners get; warnings are worth a look. Each finding links to the place to fix it.', // ours
    rerun: 'Check again', // ours
    checking: 'Checking…', // ours
    clean: 'No problems found.', // ours
    verdict: (errors: number, warnings: number) =>
      `${errors === 1 ? '1 error' : `${errors} errors`} and ${warnings === 1 ? '1 warning' : `${warnings} warnings`}`, // ours
    checked: (c: TimetableCheckReport['counts'], start: string, end: string) =>
      `Checked ${c.stops} stops, ${c.lines} lines with ${c.routes} route variations, ${c.schedules} schedules with ${c.trips} trips, ${c.rules} yearly rules and ${c.holidays} public holidays; running days from ${start} to ${end}.`, // ours
    severity: { error: 'Error', warning: 'Warning' } satisfies Record<CheckSeverity, string>, // ours
    showAll: (n: number) => `Show all ${n}`, // ours
    passed: (n: number) => `Checks with nothing to report (${n})`, // ours
    /** core's CHECK_TITLES_EN: the command line's headings too, written once. */
    titles: CHECK_TITLES_EN, // ours
    hints: {
      neverRuns: (start: string, end: string) =>
        `Counted day by day from ${start} to ${end} by the same rules as the departures: weekdays, the yearly rule and public holidays.`,
      seasonMismatch:
        'Best effort: words such as summer, winter, school year, school holidays and whole year (vasara, žiema, mokslo metai, atostogos, apskritus metus) in the description are compared with the rule’s name, or with its periods when the name speaks of no season. A description saying “not in summer” is listed all the same.',
      periodMismatch:
        'Best effort: dates written as “nuo balandžio 15 d. iki lapkričio 3 d.”, “nuo 04.01 iki 11.15” or “4/15 - 11/03” (month first) are compared with the days the rule’s periods cover.',
      missingTimes: 'A stop without a time shows no departure there.',
      directionMismatch:
        'A City bound trip comes back to the home station (stop 1), so it must not start there and leave it; an Out bound trip leaves the home station, so it must not end there. Either the direction is wrong or the order of the stops (the route variation, or its “Reversed (last stop first)” tick): until it is fixed, visitors and journey planners get the trip the wrong way round.',
      sameNameStops: 'Give each a note (Coords) that tells passengers which one it is, or merge them.',
    }, // ours
    seasons: {
      summer: 'summer',
      winter: 'winter',
      schoolYear: 'the school year',
      schoolHolidays: 'school holidays',
      wholeYear: 'the whole year',
    } satisfies Record<Season, string>, // ours
    and: (head: string, last: string) => `${head} and ${last}`, // ours
    targets: {
      schedule: (line: string, id: number) => `Schedule ${id} of ${line}`,
      lineSchedules: (line: string) => `Add schedules to ${line}`,
      line: (line: string) => `Edit line ${line}`,
      stop: (name: string, id: number) => `${name} (stop ${id})`,
      rule: (name: string) => `Yearly rule “${name}”`,
      holidays: 'Public holidays',
      serviceChange: (title: string, id: number) => `Service change ${id} “${title}”`,
    }, // ours
    /** What a service change names that the timetable no longer has (ours). */
    gone: (trips: number[], lines: number[], stops: number[]) =>
      `No longer in the timetable: ${[...trips.map((id) => `trip ${id}`), ...lines.map((id) => `line ${id}`), ...stops.map((id) => `stop ${id}`)].join(', ')}`,
    trip: (id: number) => `trip ${id}`, // ours
    backwards: (from: string, to: string, stop: string | null, position: number, count: number) =>
      `${from} → ${to} at ${stop ?? `stop ${position}`} (stop ${position} of ${count})`, // ours
    backwardsMore: (steps: number) => `goes back ${steps} times, first`, // ours
    routeOrder: 'the times look entered in route order instead of travel order', // ours
    missing: (missing: number, total: number) => `${missing} of ${total} stops have no time`, // ours
    timeCount: (times: number, stops: number) => `${times} times for the ${stops} stops of its route`, // ours
    direction: (
      boundFor: string,
      first: string,
      firstTime: string | null,
      last: string,
      lastTime: string | null,
      reversed: boolean,
    ) =>
      `${boundFor}, but it starts at ${first}${firstTime === null ? '' : ` (${firstTime})`} and ends at ${last}${lastTime === null ? '' : ` (${lastTime})`}${reversed ? ', its route driven backwards' : ''}`, // ours
    neverRuns: {
      rule: 'its yearly rule runs on no day',
      days: 'its yearly rule never falls on its weekdays',
      window: 'its dates of validity hold none of its days in these 12 months',
    }, // ours
    season: (description: string, mentioned: string, rule: string) =>
      `the description “${description}” speaks of ${mentioned}, the yearly rule of ${rule}`, // ours
    range: (from: string, to: string) => `${from} to ${to}`, // ours
    dates: (description: string, named: string, rule: string) =>
      `the description “${description}” names ${named}, the yearly rule runs ${rule}`, // ours
    allYear: 'all year', // ours
    /** A schedule's validity window and "New timetable from ..." (issue 28; ours). */
    windowOrder: (from: string, until: string) => `valid from ${from} until ${until}: it never runs`,
    windowPast: (from: string | null, until: string) =>
      `valid ${from === null ? '' : `from ${from} `}until ${until}; delete it on its card if it is no longer needed`,
    unchangedCopy: (from: string, originalId: number) =>
      `valid from ${from}, the same days and trips as schedule ${originalId}, which ends the day before`,
    gap: (lastDay: string, nextFrom: string, days: number) =>
      `the old timetable ends on ${lastDay}, the new one starts on ${nextFrom}: ${days === 1 ? '1 day' : `${days} days`} without one`,
    repeated: (days: string, _count: number) => `${days} listed more than once`, // ours
    route: (n: number, notes: string | null) =>
      `route variation ${n}${notes === null ? '' : ` “${notes}”`} is used by no schedule`, // ours
    /** Issue 41: the fares' findings. */
    euros: (cents: number) => formatEuros(cents, 'en'),
    fareNoDistances: (n: number, from: string, missing: number, gaps: number) =>
      `route variation ${n}, fares from ${from}: ${missing} of ${gaps} distances not entered`,
    fareFalls: (
      n: number,
      from: string,
      stop: string,
      longer: string,
      longerPrice: string,
      shorter: string,
      shorterPrice: string,
    ) =>
      `route variation ${n}, fares from ${from}: “${stop}” to “${longer}” costs ${longerPrice}, less than to “${shorter}” (${shorterPrice})`,
    impossible: {
      noMonth: (date: string) => `${date}: there is no such month`,
      noDay: (date: string) => `${date}: there is no such day`,
      leapOnly: (date: string) => `${date}: exists only in leap years`,
    }, // ours
    dateOf: {
      holiday: (name: string) => `holiday “${name}”`,
      periodStart: 'a period’s start',
      periodEnd: 'a period’s end',
    }, // ours
    spaces: (field: string, value: string) => `${field} “${value}” has spaces at an end`, // ours
    fields: {
      name: 'the name',
      coords: 'the note (Coords)',
      periodName: 'the name',
      routeNotes: 'a route variation’s name',
    } as Record<string, string>, // ours
  },
  /** Service changes (issue 27): the staff screen; the words of a change (ours but the menu's). */
  serviceChanges: {
    menu: 'Service changes',
    intro:
      'Cancel trips or change their times on chosen dates, close a stop for a while, or tell riders something. Each change is also a notice on the site and in the real-time feeds.', // ours
    create: {
      cancel: 'Cancel trips',
      retime: 'Change times',
      closure: 'Close a stop',
      notice: 'Add a notice',
    }, // ours
    kinds: {
      cancel: 'Cancelled trips',
      retime: 'Changed times',
      closure: 'Closed stop',
      notice: 'Notice',
    }, // ours
    statuses: { current: 'Current', upcoming: 'Upcoming', past: 'Past' }, // ours
    filters: 'Filter the changes', // ours
    line: 'Line', // ours
    allLines: 'All lines', // ours
    holdingOn: 'Holding on', // ours
    status: 'Status', // ours
    allStatuses: 'All', // ours
    clearFilters: 'Show all changes', // ours
    empty: 'No service changes yet.', // ours
    noMatch: 'No change matches the filters.', // ours
    untilFurther: 'until further notice', // ours
    network: 'The whole network', // ours
    concernsLines: (names: string[]) =>
      names.length === 1 ? `Line ${names[0]}` : `Lines: ${names.join(', ')}`, // ours
    concernsTrips: (n: number) => (n === 1 ? '1 trip' : `${n} trips`), // ours
    concernsStops: (names: string[]) =>
      names.length === 1 ? `Stop ${names[0]}` : `Stops: ${names.join(', ')}`, // ours
    shiftBy: (minutes: number) => `Shift: ${minutes > 0 ? '+' : ''}${minutes} min`, // ours
    typedTimes: (n: number) => (n === 1 ? '1 typed time' : `${n} typed times`), // ours
    reasonIs: (reason: string) => `Reason: ${reason}`, // ours
    editOf: (title: string) => `Edit “${title}”`, // ours
    undo: 'Undo', // ours
    undoOf: (title: string) => `Undo “${title}”`, // ours
    undone: (title: string) => `Undone: “${title}”. The history keeps it.`, // ours
    formTitle: {
      cancel: 'Cancel trips',
      retime: 'Change times',
      closure: 'Close a stop',
      notice: 'Add a notice',
    }, // ours
    editTitle: (title: string) => `Edit “${title}”`, // ours
    keeps:
      'What the change does (its trips, times or stop) stays as it is; to change that, undo it and make a new one.', // ours
    from: 'From', // ours
    until: 'Until', // ours
    oneDayHint: 'Leave “Until” empty for one day.', // ours
    openHint: 'Leave a date empty to keep that end open.', // ours
    pickLine: 'Choose a line', // ours
    tripsOn: (date: string) => `Trips on ${date}`, // ours
    tripsHint: 'The regular trips of the first date, both directions; tick the ones the change is about.', // ours
    tripsNeedDate: 'Choose a line and the first date to see its trips.', // ours
    noTrips: 'The line has no trips on this date.', // ours
    alreadyCancelled: (title: string) => `already changed: ${title}`, // ours
    shift: 'Shift, minutes', // ours
    shiftHint: 'Later with a plus, earlier with a minus: 15 or -10. Leave empty to type times only.', // ours
    badShift: 'The shift must be a whole number of minutes, for example 15 or -10', // ours
    newTimes: (time: string, from: string) => `New times of the ${time} from ${from}`, // ours
    newTimesHint: 'Type a time only where it differs (0738 is 07:38); a typed time wins over the shift.', // ours
    newTimeAt: (stop: string, planned: string) => `${stop}, planned ${planned}`, // ours
    badTime: (text: string) => `“${text}” is not a time of day (00:00-23:59)`, // ours
    closedStop: 'Closed stop', // ours
    insteadStop: 'Stop to use instead (optional)', // ours
    reason: 'Reason', // ours
    reasonHint: 'Riders see it beside a cancelled departure.', // ours
    notice: 'The notice riders read', // ours
    noticeHint: 'Leave the title empty and the notice is written from what the change does.', // ours
    titleLt: 'Title in Lithuanian', // ours
    textLt: 'Text in Lithuanian', // ours
    titleEn: 'Title in English (optional)', // ours
    textEn: 'Text in English (optional)', // ours
    cause: 'Cause', // ours
    effect: 'Effect', // ours
    url: 'Link (optional)', // ours
    causes: {
      UNKNOWN_CAUSE: 'Unknown cause',
      OTHER_CAUSE: 'Other cause',
      TECHNICAL_PROBLEM: 'Technical problem',
      STRIKE: 'Strike',
      DEMONSTRATION: 'Demonstration',
      ACCIDENT: 'Accident',
      HOLIDAY: 'Holiday',
      WEATHER: 'Weather',
      MAINTENANCE: 'Maintenance',
      CONSTRUCTION: 'Construction or roadworks',
      POLICE_ACTIVITY: 'Police activity',
      MEDICAL_EMERGENCY: 'Medical emergency',
    }, // ours
    effects: {
      NO_SERVICE: 'No service',
      REDUCED_SERVICE: 'Reduced service',
      SIGNIFICANT_DELAYS: 'Significant delays',
      DETOUR: 'Detour',
      ADDITIONAL_SERVICE: 'Additional service',
      MODIFIED_SERVICE: 'Modified service',
      OTHER_EFFECT: 'Other effect',
      UNKNOWN_EFFECT: 'Unknown effect',
      STOP_MOVED: 'Stop moved',
      NO_EFFECT: 'No effect',
      ACCESSIBILITY_ISSUE: 'Accessibility issue',
    }, // ours
    byDefault: (label: string) => `${label} (default)`, // ours
    concerns: 'What it concerns', // ours
    concernsHint: 'Nothing chosen: the whole network.', // ours
    lines: 'Lines', // ours
    stops: 'Stops', // ours
    trips: 'Trips', // ours
    tripsOfLine: 'Trips of the line', // ours
    tripsDay: 'On the day', // ours
    addStop: 'Add a stop', // ours
    removeStop: (name: string) => `Remove ${name}`, // ours
    save: 'Save the change', // ours
    saving: 'Saving…', // ours
    preview: 'What visitors will see', // ours
    previewDate: 'Date', // ours
    previewNone: 'No change holds on this date: visitors see the regular timetable.', // ours
    previewCancelled: 'Does not run:', // ours
    previewRetimed: 'Runs at changed times:', // ours
    previewClosed: (stop: string) => `Not served: ${stop}`, // ours
    previewInstead: (stop: string) => `Use ${stop} instead`, // ours
    notRunning: 'does not run on this date anyway', // ours
  },
  // The maps of the bus stops screen and the route editor (ours).
  stopsMap: {
    heading: 'Map',
    label: 'Map of the bus stops',
    toPlace: 'Stop to place on the map',
    choose: '(choose a stop without a position)',
    hint: 'Choose a stop without a position, then click the map where it is. Drag a stop to move it. Each placing and move is saved at once, with a new version and an entry in the history; a position can still be typed as "lat, lon" in the list.',
    placing: (name: string) => `Click the map where ${name} is.`,
    placed: (name: string) => `${name} is placed on the map`,
    moved: (name: string) => `${name} is moved`,
    selected: (name: string, position: string) => `${name}: ${position}`,
    tilesFailed: 'The map background could not be loaded: the stops are shown on a plain background.',
    proposed: (name: string) => `${name} (proposed position)`,
    routeStops: 'The stops of the route in order',
    routeMap: (n: number) => `Route variation ${n} on the map`,
    routePlaced: (placed: number, total: number) =>
      placed === 0
        ? 'None of the stops of this route has a position yet.'
        : `${placed} of ${total} stops of this route have a position.`,
  },
  // The changes between buses the journey planner counts with (ours).
  changeRules: {
    heading: 'Changes between buses',
    intro:
      'The journey planner lets a rider change to another bus that leaves at least 2 minutes after the arrival. Here you can set another change time at a stop, and mark two stops as one place for changing (a station and the stop across the road) with the minutes it takes to walk.',
    stopTimes: 'Change times at stops',
    stopTimesNone: 'Every stop: 2 minutes.',
    places: 'Change places',
    placesNone: 'No change places.',
    stop: 'Stop',
    stopA: 'Stop',
    stopB: 'Other stop',
    minutes: 'Minutes',
    walkMinutes: 'Walk, min',
    chooseStop: 'Choose a stop',
    addStop: 'Add a stop',
    addPlace: 'Add a change place',
    remove: 'Remove',
    removeRow: (what: string) => `Remove ${what}`,
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved',
  },
  // Validity windows and "New timetable from ..."
  dated: {
    validFrom: 'Valid from', // ours
    validUntil: 'Valid until', // ours
    windowHint: 'Leave empty for no limit.', // ours
    window: (from: string | null, until: string | null) =>
      from && until ? `valid ${from} to ${until}` : from ? `valid from ${from}` : `valid until ${until}`, // ours
    panelTitle: 'New timetable from a date', // ours
    panelHint:
      'Copies the schedules as new schedules valid from the date and ends the current ones the day before, in one save (one step to undo in the history). Then edit the copies.', // ours
    from: 'New timetable from', // ours
    onlyTicked: (n: number) => `Only the ${n === 1 ? 'ticked schedule' : `${n} ticked schedules`}`, // ours
    make: 'Make the new timetable', // ours
    made: (n: number, from: string) =>
      `${n === 1 ? '1 schedule' : `${n} schedules`} copied as the new timetable from ${from}.`, // ours
    noneToCopy: 'No schedule of this line is valid both before and on that date.', // ours
    chooseDate: 'Choose the first date of the new timetable.', // ours
    validOn: 'Show schedules valid on', // ours
    validOnHint: 'Empty: every schedule.', // ours
    hidden: (n: number) => `${n === 1 ? '1 schedule is' : `${n} schedules are`} not valid on that date.`, // ours
  },
  /** Refused sign-ins (issue 37): the wrong passwords of the sign-in limits' window (ours). */
  signIns: {
    menu: 'Refused sign-ins',
    heading: 'Refused sign-ins',
    intro: (minutes: number, limit: number) =>
      `Wrong passwords of the last ${minutes} minutes, per account name and the address they came from, newest first. An address is locked out of an account after ${limit} wrong passwords from it, or once the account has had ${limit} from all addresses together; an address that sent none can still sign in, so nobody’s guessing locks the owner out. Sign-ins refused during a lockout are not counted. A right password forgets that address’s wrong ones.`,
    unlock: 'To lift an account’s limit at once, run on the server:',
    unlockName: '<name>',
    refresh: 'Refresh',
    refreshing: 'Refreshing…',
    asOf: (time: string) => `As of ${time}, Vilnius time.`,
    empty: (minutes: number) => `No refused sign-ins in the last ${minutes} minutes.`,
    locked: (n: number) =>
      n === 1
        ? '1 address is locked out of an account now.'
        : `${n} addresses are locked out of accounts now.`,
    noneLocked: 'No address is locked out now.',
    shown: (shown: number, total: number) => `Showing the newest ${shown} of ${total}.`,
    table: 'Wrong passwords per account and address',
    colAccount: 'Account',
    colAddress: 'Address',
    colFailures: 'Wrong passwords',
    colLast: 'Last attempt',
    colStatus: 'Status',
    noAccount: 'no such account',
    unknownAddress: 'unknown',
    nameFailures: (n: number) => `${n} for the account in all`,
    lockedUntil: (time: string) => `Locked out until ${time}`,
    lockedBy: {
      address: (limit: number) => `${limit} wrong passwords from this address`,
      name: (limit: number) => `the account has had ${limit} from all addresses`,
    },
    notLocked: 'Not locked',
  },
  /** Issue 42: the departure board's builder (/admin-panel/board). */
  board: {
    menu: 'Departure board',
    heading: 'Departure board',
    intro:
      'A screen at a station can show the next departures from the stops you choose, refreshed by itself. Choose what it shows, then copy the address into the screen’s browser. Nothing is saved: the address holds everything.',
    stops: 'Stops',
    addStop: 'Add a stop',
    chosen: 'Stops on the board',
    removeStop: (name: string) => `Remove ${name}`,
    noStops: 'Choose at least one stop.',
    maxStops: (max: number) => `A board shows at most ${max} stops.`,
    title: 'Title',
    titlePlaceholder: 'e.g. Anykščių autobusų stotis',
    titleHint: 'Shown at the top. Empty: the names of the stops.',
    language: 'Language',
    languages: { lt: 'Lithuanian', en: 'English', both: 'Both, by turns every 10 seconds' },
    rows: 'Rows',
    rowsHint: (min: number, max: number) =>
      `How many departures at most, ${min} to ${max}; the screen shows those that fit in large type.`,
    theme: 'Colours',
    themes: { dark: 'Light text on dark', light: 'Dark text on light' },
    orientation: 'Screen',
    orientations: { landscape: 'Lying (1920 × 1080)', portrait: 'Standing (1080 × 1920)' },
    link: 'The board’s address',
    copy: 'Copy the address',
    copied: 'Copied.',
    copyByHand: 'This browser cannot copy it: the address is selected, copy it with Ctrl+C.',
    preview: 'Open the board',
    kiosk: 'On the screen’s computer, a browser in kiosk mode shows it full screen, for example:',
  },
  /** Issue 40: live buses for staff (/admin-panel/live). */
  live: {
    menu: 'Live',
    heading: 'Live',
    intro:
      'The buses sending their position now, the trips that should be on the road but send nothing, and how punctual the buses were.',
    inService: 'Buses in service',
    asOf: (time: string) => `As of ${time}, Vilnius time. Refreshed every 15 seconds.`,
    refresh: 'Refresh',
    refreshing: 'Refreshing…',
    noneInService: 'No bus is sending its position now.',
    busesTable: 'Buses in service now',
    colLine: 'Line',
    colTrip: 'Trip',
    colDriver: 'Driver',
    colDelay: 'Delay',
    colAge: 'Last position',
    colNext: 'Next stop',
    trip: (departure: string, to: string) => `${departure} → ${to}`,
    tripId: (id: number) => `trip ${id}`,
    tracker: (vehicle: string | null) => (vehicle === null ? 'tracker' : `tracker, vehicle ${vehicle}`),
    noDriver: 'not known',
    delay: (minutes: number) =>
      minutes === 0 ? 'on time' : minutes > 0 ? `${minutes} min late` : `${-minutes} min early`,
    age: (seconds: number) => (seconds < 60 ? `${seconds} s ago` : `${Math.floor(seconds / 60)} min ago`),
    standingAt: (stop: string) => `standing at ${stop}`,
    noNextStop: 'none',
    missing: 'No live data',
    missingIntro:
      'Trips planned to be between their first and last stop now (with the day’s service changes) that have sent no position in the last 3 minutes.',
    noneMissing: 'Every trip planned to be on the road now is sending its position.',
    missingTable: 'Trips without live data',
    colPlanned: 'Planned',
    planned: (from: string, to: string) => `${from}–${to}`,
    never: 'none today',
    punctuality: 'Punctuality',
    punctualityIntro: (early: number, late: number) =>
      `From the times buses were seen leaving their stops (at the last stop: arriving), against the planned times. On time: from ${early} min early to ${late} min late in whole minutes, as a clock shows them (${late} min 59 s late is still on time).`,
    filters: 'Period and what counts as on time',
    from: 'From',
    until: 'Until',
    early: 'Minutes early still on time',
    late: 'Minutes late still on time',
    nothingObserved: 'No stop times were observed in this period.',
    summary: (
      share: string,
      onTime: number,
      observed: number,
      early: number,
      late: number,
      average: string,
    ) =>
      `${share} on time: ${onTime} of ${observed} stop times (${early} early, ${late} late). Average delay ${average} min.`,
    chartLine: 'On-time share per line',
    chartHour: 'On-time share per hour of the day',
    chartDesc:
      'One bar per row: the share of the stop times that were on time. The table below gives the same numbers.',
    byLine: 'By line',
    byHour: 'By hour of the day',
    byStop: 'By stop',
    colObserved: 'Seen',
    colOnTime: 'On time',
    colEarly: 'Early',
    colLate: 'Late',
    colShare: 'On time, %',
    colAverage: 'Average delay, min',
    colHour: 'Hour',
    colStop: 'Stop',
    hour: (hour: number) => `${String(hour).padStart(2, '0')}:00–${String(hour).padStart(2, '0')}:59`,
    download: 'Download CSV',
  },
  /** Issue 41: fares, the staff part (/admin-panel/fares). */
  fares: {
    menu: 'Fares',
    intro:
      'Each line has fare rules from a date: one price for any ride, a price per kilometre, or distance bands, and pair fares between two stops. A rule is in force from its date until the line’s next rule starts. Riders with a concession pay a share of the fare.',
    rules: 'Fare rules',
    filters: 'Show the rules of',
    line: 'Line',
    allLines: 'All lines',
    add: 'Add a fare rule',
    empty: 'No fare rules yet.',
    noneOfLine: 'This line has no fare rules yet.',
    rulesOf: (line: string) => `Fare rules of ${line}`,
    from: (date: string) => `From ${date}`,
    status: {
      current: 'In force',
      upcoming: 'Upcoming',
      past: 'Replaced',
    },
    pairCount: (n: number) => (n === 1 ? '1 pair fare' : `${n} pair fares`),
    /** A rule in words, as the list shows it. */
    words: {
      flat: (price: string) => `Flat fare ${price}`,
      perKm: (price: string) => `${price} per km`,
      bands: (bands: string) => `Distance bands: ${bands}`,
      band: (km: string, price: string) => `up to ${km} km ${price}`,
      rounded: (cents: number) => `rounded to ${cents} ct`,
      minimum: (price: string) => `minimum ${price}`,
    },
    newTitle: 'New fare rule',
    editTitle: (line: string, date: string) => `Fares of ${line} from ${date}`,
    chooseLine: 'Choose a line',
    validFrom: 'Valid from',
    validFromHint: 'In force from this day until the line’s next rule starts.',
    method: 'How the fare is worked out',
    methods: {
      flat: 'Flat fare',
      perKm: 'Per kilometre',
      bands: 'Distance bands',
    },
    amountHint: 'In euros, with a comma or a dot: 1,20 or 1.20.',
    flatPrice: 'Fare, €',
    perKmPrice: 'Price per km, €',
    rounding: 'Round to, ct',
    roundingHint: '1: to the cent; 10: to 10 cents (halves up).',
    minimum: 'Minimum fare, €',
    minimumHint: 'Empty: no minimum.',
    bands: 'Distance bands',
    bandsHint:
      'A ride up to the distance (inclusive) costs the band’s price; each band reaches further than the one before.',
    upTo: 'Up to, km',
    price: 'Price, €',
    bandUpTo: (n: number) => `Band ${n}: up to, km`,
    bandPrice: (n: number) => `Band ${n}: price, €`,
    addBand: 'Add a band',
    removeBand: (n: number) => `Remove band ${n}`,
    remove: 'Remove',
    pairs: 'Pair fares',
    pairsHint: 'A price between two stops of the line, in either direction, instead of the rule.',
    noPairs: 'No pair fares.',
    fromStop: 'From stop',
    toStop: 'To stop',
    chooseStop: 'Choose a stop',
    pairFrom: (n: number) => `Pair ${n}: from stop`,
    pairTo: (n: number) => `Pair ${n}: to stop`,
    pairPrice: (n: number) => `Pair ${n}: price, €`,
    addPair: 'Add a pair fare',
    removePair: (n: number) => `Remove pair ${n}`,
    stopsFirst: 'Choose a line first: the pair’s stops are the line’s.',
    badAmount: (text: string) => `“${text}” is not an amount in euros: write it like 1.20 or 1,20`,
    amountRequired: 'Enter the price in euros',
    badDistance: (text: string) => `“${text}” is not a distance in kilometres: write it like 2.5 or 2,5`,
    distanceRequired: 'Enter the distance in kilometres',
    lineRequired: 'Choose a line',
    stopsRequired: 'Choose both stops',
    editOf: (line: string, date: string) => `Edit the fares of ${line} from ${date}`,
    deleteOf: (line: string, date: string) => `Delete the fares of ${line} from ${date}`,
    confirmDelete: (line: string, date: string) => `Delete the fares of ${line} from ${date}?`,
    deleted: (line: string, date: string) => `The fares of ${line} from ${date} have been deleted.`,
    concessions: 'Concessions',
    concessionsIntro: 'Riders with a concession pay this share of any fare.',
    addConcession: 'Add a concession',
    noConcessions: 'No concessions yet.',
    colNameLt: 'Name in Lithuanian',
    colNameEn: 'Name in English',
    colPercent: 'Share paid, %',
    percent: (n: number) => `${n}%`,
    nameLtOf: (name: string) => `Lithuanian name of ${name || 'the new concession'}`,
    nameEnOf: (name: string) => `English name of ${name || 'the new concession'}`,
    percentOf: (name: string) => `Share paid by ${name || 'the new concession'}, %`,
    editConcession: (name: string) => `Edit ${name}`,
    deleteConcession: (name: string) => `Delete ${name}`,
    confirmDeleteConcession: (name: string, percent: string) => `Delete the concession ${name} (${percent})?`,
    concessionDeleted: (name: string) => `${name} has been deleted.`,
    /** Through fares: one ticket for a journey changing from one line to another. */
    through: {
      heading: 'Through fares',
      intro:
        'One ticket for a journey from a stop of one line to a stop of another, with a change between them. It holds both ways when the second bus leaves within the change time after the first one arrives, from its date until the journey’s next price starts. Riders with a concession pay their share of it. Where either line has no fare for its part of the journey, the journey’s fare stays not set.',
      add: 'Add a through fare',
      empty: 'No through fares yet.',
      journey: (from: string, to: string) => `${from} – ${to}`,
      lines: (first: string, second: string) => `Lines ${first} and ${second}, both ways`,
      faresOf: (from: string, to: string) => `Through fares ${from} – ${to}`,
      words: {
        price: (price: string, minutes: number) =>
          `${price} for the whole journey, changing within ${minutes} min`,
      },
      newTitle: 'New through fare',
      editTitle: (from: string, to: string, date: string) => `Through fare ${from} – ${to} from ${date}`,
      firstBus: 'First bus',
      secondBus: 'Second bus',
      fromStop: 'Journey starts at',
      toStop: 'Journey ends at',
      chooseLineFirst: 'Choose the line first',
      validFromHint: 'In force from this day until the next price of this journey starts.',
      price: 'Price of the whole journey, €',
      priceHint: 'In euros, with a comma or a dot: 2,90 or 2.90.',
      changeMinutes: 'Change within, min',
      changeHint: 'The most minutes from the first bus’s arrival to the second bus’s departure.',
      editOf: (journey: string, date: string) => `Edit the through fare ${journey} from ${date}`,
      deleteOf: (journey: string, date: string) => `Delete the through fare ${journey} from ${date}`,
      confirmDelete: (journey: string, date: string) => `Delete the through fare ${journey} from ${date}?`,
      deleted: (journey: string, date: string) =>
        `The through fare ${journey} from ${date} has been deleted.`,
    },
  },
};

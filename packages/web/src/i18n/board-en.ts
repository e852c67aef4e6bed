/**
 * The departure board's words (issue 42, features/public/board/), in a catalogue of its own that
 * only the board's chunk carries. A board shows its own language (its address's `lang`), not the
 * visitor's choice, and a bilingual board shows both by turns, so the chunk carries both.
 */
export const boardEn = {
  locale: 'en-GB',
  /** The board's name: its label beside the clock, and its heading while no stop is known. */
  board: 'Departures',
  columns: {
    time: 'Time',
    line: 'Line',
    destination: 'Destination',
    stop: 'Stop',
    bay: 'Bay',
    expected: 'Expected',
  },
  cancelled: 'Cancelled',
  notServed: 'Not served',
  onTime: 'On time',
  /** Read before a changed departure's planned time, which is shown struck through. */
  planned: (time: string) => `planned ${time}`,
  /** Read with a followed bus's expected time: 'expected 12:04, 4 min late'. */
  expected: (time: string, minutes: number) =>
    `expected ${time}, ${minutes === 0 ? 'on time' : minutes > 0 ? `${minutes} min late` : `${-minutes} min early`}`,
  stepFree: 'Low-floor bus with a ramp',
  /** Above the next day's departures, once today's have run out: 'Tomorrow, Monday'. */
  tomorrow: (weekday: string) => `Tomorrow, ${weekday}`,
  noDepartures: 'No more departures today.',
  holiday: 'Public holiday timetable',
  /** How old the departures shown are, when the board could not ask for a minute or more. */
  updated: (minutes: number) =>
    minutes < 60
      ? `Updated ${minutes} min ago`
      : `Updated ${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''} ago`,
  offline: 'No connection',
  loading: 'Loading departures…',
  unreachable: 'The timetable cannot be reached. The board tries again every 15 seconds.',
  /** The scrolling line's name, for screen readers. */
  notices: 'Service notices',
  problems: {
    heading: 'This board’s address needs attention',
    noStops: 'The address names no stop. Add one or more, for example ?stops=1 or ?stops=1,27.',
    badStop: (value: string) => `“${value}” is not a stop number: left out.`,
    unknownStop: (id: number) => `There is no stop number ${id}: left out.`,
    tooManyStops: (max: number, left: string) => `A board shows at most ${max} stops. Left out: ${left}.`,
    badRows: (value: string, used: number) =>
      `rows=${value} cannot be used (1 to 20): showing at most ${used}.`,
    badOption: (option: string, value: string, allowed: string, used: string) =>
      `${option}=${value} cannot be used (${allowed}): using ${used}.`,
    titleTooLong: (max: number) => `The title is longer than ${max} characters: shortened.`,
  },
};

export type BoardMessages = typeof boardEn;

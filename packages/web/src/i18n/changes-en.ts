/**
 * Service changes as visitors see them (issue 27: cancelled departures, changed times, closed
 * stops, notices), in a catalogue of their own: only the chunks that show changes carry these
 * words, so the home's catalogues, counted in the first load's 80 KB, do not (as
 * next-buses-en.ts does). "Cancelled" is the issue's; the rest is ours.
 */
export const changesEn = {
  cancelled: 'Cancelled',
  /** The planned time of a departure whose time changed, read after the new one. */
  planned: (time: string) => `planned ${time}`,
  notServed: 'Not served at this stop',
  /** A notice's validity, from core's changeDatesText ('3–5 December', 'from 3 December'). */
  valid: (dates: string) => (dates === '' ? 'Until further notice' : `Valid ${dates}`),
  more: 'More information',
  insteadStop: (name: string) => `Use ${name} instead`,
};

export type ChangesMessages = typeof changesEn;

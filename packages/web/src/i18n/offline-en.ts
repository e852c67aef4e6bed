/**
 * The offline banner's texts (issue 15, offline/offline.tsx), in a catalogue of their own: the
 * banner's chunk carries both languages (it must work with no network, whatever the switch
 * says), and the home's catalogues, counted in the first load's 80 KB, stay as they were.
 */
export const offlineEn = {
  shownAsOf: (time: string) => `You are offline. Showing the timetable as of ${time}.`, // ours
  /** The locale the time is written in (as app.locale of the home's catalogue). */
  locale: 'en-GB', // as app.locale
  retry: 'Try again', // as errors.retry
};

export type OfflineMessages = typeof offlineEn;

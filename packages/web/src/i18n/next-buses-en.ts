/**
 * Next buses now's texts (issue 15, features/public/departures/next-buses.tsx), in a catalogue
 * of their own: that chunk carries both languages' few words, so the home's catalogues, counted
 * in the first load's 80 KB, do not (as offline-en.ts does for the offline banner).
 */
export const nextBusesEn = {
  next: 'Next buses', // ours
  /** Time until a departure: 'in 4 min', 'in 1 h 12 min', 'now'. */
  wait: (h: number, min: number) =>
    h + min ? `in ${h ? `${h} h ` : ''}${min ? `${min} min` : ''}`.trim() : 'now', // issue 15
  noMore: 'No more buses today', // issue 15
  firstTomorrow: 'First bus tomorrow:', // ours
  /** The next day with a bus is later than tomorrow: 'First bus on Monday, 28 December:'. */
  firstOn: (weekday: string, day: string) => `First bus on ${weekday}, ${day}:`, // ours
};

export type NextBusesMessages = typeof nextBusesEn;

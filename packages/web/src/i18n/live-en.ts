/**
 * Live buses as riders see them (issue 40): the marks of a followed departure on the home, the
 * trip page's "Where the bus is now" and the buses on the map, in a catalogue of their own that
 * only the live chunks carry (like changes-en.ts), so the home's first load has none of it.
 * "on time" and "3 min late" are the issue's; the rest is ours.
 */
export const liveEn = {
  /** How old the bus's last position is: 'just now', '20 s ago', '3 min ago'. */
  age: (seconds: number) =>
    seconds < 10 ? 'just now' : seconds < 60 ? `${seconds} s ago` : `${Math.floor(seconds / 60)} min ago`,
  /** The small mark of a followed bus, with the age of its position: 'live · 20 s ago'. */
  live: (age: string) => `live · ${age}`,
  /** Minutes late (negative: early): 'on time', '3 min late', '2 min early'. */
  delay: (minutes: number) =>
    minutes === 0 ? 'on time' : minutes > 0 ? `${minutes} min late` : `${-minutes} min early`,
  /** Read before the expected time of a departure by a screen reader. */
  expected: 'expected at',
  departed: 'has left',
  noLiveData: 'no live data',
  /** The trip page's live part. */
  trip: {
    heading: 'Where the bus is now',
    ended: 'The bus has reached its last stop.',
    noLiveData: 'No live data: the times are the timetable’s.',
    stop: 'Stop',
    planned: 'Planned',
    expected: 'Expected',
    left: (time: string) => `left at ${time}`,
    passed: 'passed',
    at: 'at the stop now',
    next: 'next stop',
    /** The map's accessible name. */
    map: 'The bus on the map of its trip',
  },
  /** The buses on the map (/map). */
  map: {
    heading: 'Buses on the road now',
    none: 'No bus is sharing where it is right now.',
    /** A bus's accessible name: 'Bus M35 towards Anykščių AS, 4 min late'. */
    bus: (line: string, headsign: string, delay: string) =>
      `Bus ${line} towards ${headsign}${delay ? `, ${delay}` : ''}`,
    nextStop: (name: string) => `next stop: ${name}`,
    atStop: (name: string) => `at ${name}`,
  },
};

export type LiveMessages = typeof liveEn;
